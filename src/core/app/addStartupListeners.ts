import { firstNavigation, initialised, selectInitialised } from './appSlice';
import { bootstrapSession } from '../session/bootstrapSession';
import type { AppStartListening } from '../../app/hooks';

/**
 * At the first navigation the current user is loaded; whether that succeeds or fails, the app
 * is then marked initialised (the guards wait for it before deciding anything).
 */
export function addStartupListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: firstNavigation,
    effect: async (_action, { dispatch, getState }) => {
      if (selectInitialised(getState())) return;
      await dispatch(bootstrapSession());
      dispatch(initialised());
    },
  });
}
