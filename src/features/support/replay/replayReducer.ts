import type { UnknownAction } from '@reduxjs/toolkit';
import { rootReducer } from '../../../app/store';
import { createLogReducer } from '../logReducer';

/** Applies one logged action to a plain panel state, as the panel's reducers would. */
export const replayReducer = createLogReducer(rootReducer as (state: Record<string, unknown> | undefined, action: UnknownAction) => Record<string, unknown>);
