import { apiErrorMessage, isHttpApiError } from '../../api/apiError';
import { isApiRequestFailed, isApiRequestSucceeded } from '../../api/apiMatchers';
import { notificationAdded, notificationErrorsResolved, notificationScreenLeft, selectHasErrors, selectHasErrorsFrom } from './notificationsSlice';
import { locationChanged } from '../router/routerSlice';
import { translate } from '../../i18n/i18n';
import { saveFailureText } from './saveFailure';
import type { AppStartListening } from '../../app/hooks';

/** Statuses whose failures the user is told about with an error notification, queries included. */
export const NOTIFIED_STATUSES: readonly number[] = [400, 403, 422];

/** The server's message for a missing or invalid token: never worth a notification. */
export const UNAUTHENTICATED_MESSAGE = 'Unauthenticated.';

interface RequestMeta {
  arg?: { endpointName?: unknown; type?: unknown };
  aborted?: unknown;
}

function metaOf(action: { meta?: unknown }): RequestMeta {
  return (action.meta ?? {}) as RequestMeta;
}

function endpointOf(action: { meta?: unknown }): string | undefined {
  const name = metaOf(action).arg?.endpointName;
  return typeof name === 'string' ? name : undefined;
}

/**
 * Whether the listeners below already raised a notification for this failure (so a page need not
 * raise its own): every failed change (mutation) is reported, and any request answered 400, 403
 * or 422.
 */
export function isNotifiedCentrally(error: unknown, kind: 'query' | 'mutation'): boolean {
  if (isHttpApiError(error) && NOTIFIED_STATUSES.includes(error.status)) return true;
  return kind === 'mutation' && saveFailureText(error, undefined, undefined) !== undefined;
}

/**
 * Error notifications, from one place so every area gets them:
 * - a failed request answered 400, 403 or 422 raises "Error" with the server's message (or
 *   "Unknown error"), except for "Unauthenticated.";
 * - a failed change (mutation) that is not one of those also raises "Error", saying what was not
 *   saved and why (see saveFailureText), so no save fails silently;
 * - a later success of the same endpoint closes the errors it raised, and so does leaving the
 *   screen.
 * The caller still receives the error: listeners only observe the rejected action.
 */
export function addErrorNotificationListeners(startListening: AppStartListening): void {
  startListening({
    predicate: isApiRequestFailed,
    effect: (action, { dispatch }) => {
      const error = action.payload;
      const meta = metaOf(action);
      const source = endpointOf(action);
      let text: string | undefined;
      if (isHttpApiError(error) && NOTIFIED_STATUSES.includes(error.status)) {
        text = apiErrorMessage(error) ?? translate('notifications.unknownError', 'Unknown error');
      } else if (meta.arg?.type === 'mutation' && meta.aborted !== true) {
        text = saveFailureText(error, source, (meta.arg as { originalArgs?: unknown } | undefined)?.originalArgs);
      }
      if (text === undefined || apiErrorMessage(error) === UNAUTHENTICATED_MESSAGE) return;
      dispatch(notificationAdded({ type: 'error', title: translate('notifications.errorTitle', 'Error'), text, ...(source ? { source } : {}) }));
    },
  });
  startListening({
    predicate: isApiRequestSucceeded,
    effect: (action, { dispatch, getState }) => {
      const source = endpointOf(action);
      // Only when something closes, so the action log is not flooded.
      if (source && selectHasErrorsFrom(getState(), source)) dispatch(notificationErrorsResolved(source));
    },
  });
  startListening({
    actionCreator: locationChanged,
    effect: (action, { dispatch, getOriginalState, getState }) => {
      const before = getOriginalState().router.location;
      const pathOf = (location: string | null) => (location ?? '').split(/[?#]/)[0];
      // The first address is no change of screen; neither is a new query or hash on the same page.
      if (before === null || pathOf(before) === pathOf(action.payload)) return;
      if (selectHasErrors(getState())) dispatch(notificationScreenLeft());
    },
  });
}
