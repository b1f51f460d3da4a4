import type { TFunction } from 'i18next';

/**
 * The panel's sentence for a failure underneath (the server sends it instead of host paths or tool
 * output): word for word `PANEL_FAILURE` of server/src/lib/customerMessage.ts.
 */
export const PANEL_FAILURE = 'The panel could not carry out this action. Try again; if it keeps failing, contact support.';

/** A console error line from the panel, in the customer's language where the panel's sentence is known. */
export function panelLine(message: string, t: TFunction): string {
  return message === PANEL_FAILURE ? t('console.output.panelFailure', 'The panel could not carry out this action. Try again; if it keeps failing, contact support.') : message;
}
