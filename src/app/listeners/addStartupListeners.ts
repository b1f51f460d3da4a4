import { firstNavigation, initialised, selectInitialised } from '../../features/app/appSlice';
import { bootstrapSession } from '../../features/session/bootstrapSession';
import type { AppStartListening } from '../listenerMiddleware';

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
