import type { UnknownAction } from '@reduxjs/toolkit';
import { rootReducer } from '../store';
import { createLogReducer } from '../../features/support/logReducer';
// RTK Query's reducer looks up each request's endpoint; the endpoints are injected by these
// modules, which the panel loads with its pages. Replay needs every one of them up front.
import '../../api/auth';
import '../../api/account';
import '../../api/servers';
import '../../api/generated/admin.gen';

/** Applies one logged action to a plain panel state, as the panel's reducers would. */
export const replayReducer = createLogReducer(rootReducer as (state: Record<string, unknown> | undefined, action: UnknownAction) => Record<string, unknown>);
