import { apiErrorMessage, isHttpApiError } from '../../api/apiError';
import { isApiRequestFailed } from '../../api/apiMatchers';
import { notificationAdded } from '../../features/notifications/notificationsSlice';
import { translate } from '../../i18n/i18n';
import type { AppStartListening } from '../listenerMiddleware';

/** Statuses whose failures the user is told about with an error notification. */
export const NOTIFIED_STATUSES: readonly number[] = [400, 403, 422];

/** The server's message for a missing or invalid token: never worth a notification. */
export const UNAUTHENTICATED_MESSAGE = 'Unauthenticated.';

/**
 * A failed request answered 400, 403 or 422 raises an "Error" notification with the server's
 * message (or "Unknown error"), except for "Unauthenticated.". The caller still receives the
 * error: listeners only observe the rejected action.
 */
export function addErrorNotificationListeners(startListening: AppStartListening): void {
  startListening({
    predicate: isApiRequestFailed,
    effect: (action, { dispatch }) => {
      const error = action.payload;
      if (!isHttpApiError(error) || !NOTIFIED_STATUSES.includes(error.status)) return;
      const message = apiErrorMessage(error);
      if (message === UNAUTHENTICATED_MESSAGE) return;
      dispatch(
        notificationAdded({
          type: 'error',
          title: translate('notifications.errorTitle', 'Error'),
          text: message ?? translate('notifications.unknownError', 'Unknown error'),
        }),
      );
    },
  });
}
