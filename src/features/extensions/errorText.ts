import type { TFunction } from 'i18next';
import { apiErrorMessage, apiFieldErrors, isUpstreamFailure } from '../../api/apiError';

/** The catalogues' sentence when one of them is down, in the customer's language. */
export const catalogueUnreachable = (t: TFunction) => t('extensions.catalogueUnreachable', 'The plugin catalogue could not be reached. Try again later.');

/**
 * What went wrong: a catalogue that is down in the customer's language; otherwise the server's
 * words, the per-field messages of a 422 (a refused file says why), else its message.
 */
export const errorText = (error: unknown, t: TFunction): string | undefined =>
  isUpstreamFailure(error) ? catalogueUnreachable(t) : Object.values(apiFieldErrors(error)).flat().join(' ') || apiErrorMessage(error);
