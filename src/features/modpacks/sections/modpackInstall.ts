import type { TFunction } from 'i18next';
import { apiErrorMessage, isUpstreamFailure } from '../../../api/apiError';

/** What the install dialog is about to install: a Modrinth version, or an .mrpack of the server's files. */
export type PendingInstall = { kind: 'modrinth'; projectId: string; versionId: string; label: string } | { kind: 'file'; file: string; label: string };

/** A catalogue that is down, in the customer's language; otherwise the server's message, else `fallback`. */
export function modpackErrorText(t: TFunction, error: unknown, fallback: string): string {
  return isUpstreamFailure(error) ? t('modpacks.catalogueUnreachable', 'The modpack catalogue could not be reached. Try again later.') : (apiErrorMessage(error) ?? fallback);
}
