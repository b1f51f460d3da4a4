import type { TFunction } from 'i18next';
import { apiErrorMessage, isHttpApiError } from '../../api/apiError';
import { joinMessages } from '../../components/joinMessages';

/**
 * A clear sentence for a failed file operation, by the status the API answered. The server's own
 * message is added where it names the detail (which path, which key, which limit), and never when
 * it only repeats the sentence.
 */
export function fileErrorMessage(t: TFunction, error: unknown): string {
  const detail = apiErrorMessage(error);
  const status = isHttpApiError(error) ? error.status : undefined;
  // The server's detail is added only when it says something the sentence does not already say.
  const withDetail = (text: string) => joinMessages(text, detail, (sentence, extra) => t('files.error.withDetail', '{{text}} ({{detail}})', { text: sentence, detail: extra }));
  switch (status) {
    case 400:
      return withDetail(t('files.error.forbiddenPath', 'This path is not allowed: it leads outside the server’s files or contains characters the panel refuses.'));
    case 401:
      return t('files.error.unauthenticated', 'Your session has ended. Log in again to continue.');
    case 403:
      return withDetail(t('files.error.forbidden', 'You do not have permission to do this on this server.'));
    case 404:
      return t('files.error.notFound', 'This file or folder does not exist (any more).');
    case 409:
      return withDetail(t('files.error.conflict', 'A file or folder with this name already exists.'));
    case 413:
      return withDetail(t('files.error.tooLarge', 'The file is too large for this action.'));
    case 422:
      return detail ?? t('files.error.invalid', 'The panel refused these details.');
    case 429:
      return t('files.error.rateLimited', 'Too many requests in a short time. Wait a moment and try again.');
    case 507:
      return withDetail(t('files.error.diskFull', 'Not enough disk space: the server has reached its plan’s disk quota.'));
    default:
      if (status !== undefined && status >= 500) return t('files.error.server', 'The panel could not complete this action. Try again in a moment.');
      return t('files.error.network', 'The panel could not be reached. Check your connection and try again.');
  }
}
