import { isApiRequestSettled, isApiRequestStarted } from '../../api/apiMatchers';
import { loaderFinished, loaderStarted } from './appSlice';
import type { AppStartListening } from '../../app/hooks';

/** The loader counter follows the requests: up when one starts, down when it finishes or fails. */
export function addRequestLoaderListeners(startListening: AppStartListening): void {
  startListening({
    predicate: isApiRequestStarted,
    effect: (_action, { dispatch }) => {
      dispatch(loaderStarted());
    },
  });
  startListening({
    predicate: isApiRequestSettled,
    effect: (_action, { dispatch }) => {
      dispatch(loaderFinished());
    },
  });
}
