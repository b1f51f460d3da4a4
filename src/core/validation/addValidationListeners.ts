import { apiFieldErrors, isHttpApiError } from '../../api/apiError';
import { isApiRequestFailed, isApiRequestStarted } from '../../api/apiMatchers';
import { selectHasValidationErrors, validationCleared, validationFailed } from './validationSlice';
import type { AppStartListening } from '../../app/hooks';

/**
 * Server field errors: cleared before every request, stored per field when a request is
 * answered with 422.
 */
export function addValidationListeners(startListening: AppStartListening): void {
  startListening({
    predicate: isApiRequestStarted,
    effect: (_action, { dispatch, getState }) => {
      // Only when there is something to clear, so the action log is not flooded.
      if (selectHasValidationErrors(getState())) dispatch(validationCleared());
    },
  });
  startListening({
    predicate: isApiRequestFailed,
    effect: (action, { dispatch }) => {
      if (isHttpApiError(action.payload) && action.payload.status === 422) dispatch(validationFailed(apiFieldErrors(action.payload)));
    },
  });
}
