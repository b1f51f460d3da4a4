import type { AppStartListening } from '../../app/hooks';
import { loggedOut } from './sessionSlice';
import { forgetInvitationTokens } from './invitationTokens';

/** Invitation links opened on this browser belong to the person logged in: logging out forgets them. */
export function addInvitationListeners(startAppListening: AppStartListening): void {
  startAppListening({ actionCreator: loggedOut, effect: () => forgetInvitationTokens() });
}
