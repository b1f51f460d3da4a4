import { addLocaleListeners } from '../core/locale/localeListeners';
import { addSessionListeners } from '../core/session/sessionListeners';
import { startAppListening } from './listenerMiddleware';
import { addErrorNotificationListeners } from '../core/notifications/addErrorNotificationListeners';
import { addRequestLoaderListeners } from '../core/app/addRequestLoaderListeners';
import { addStartupListeners } from '../core/app/addStartupListeners';
import { addValidationListeners } from '../core/validation/addValidationListeners';
import { addInvitationListeners } from '../core/session/addInvitationListeners';

let registered = false;

/**
 * Registers every listener of the panel with the shared listener middleware, once. The order is
 * the order effects run in for the same action: validation errors are stored before the
 * notification about them appears.
 */
export function registerAppListeners(): void {
  if (registered) return;
  registered = true;
  addRequestLoaderListeners(startAppListening);
  addValidationListeners(startAppListening);
  addErrorNotificationListeners(startAppListening);
  addSessionListeners(startAppListening);
  addStartupListeners(startAppListening);
  addLocaleListeners(startAppListening);
  addInvitationListeners(startAppListening);
}
