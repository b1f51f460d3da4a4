import { apiErrorMessage, isHttpApiError } from '../../api/apiError';
import { translate } from '../../i18n/i18n';

/**
 * What a failed change was about, for the changes whose form keeps the customer's edits: the
 * notification names it and says the edits are still there. Keyed by endpoint name.
 */
const subjects: Record<string, (args: Record<string, unknown>) => string> = {
  updateServerConfigFile: (args) => (typeof args.path === 'string' ? args.path : translate('notifications.subject.config', 'the configuration')),
  updateAccount: () => translate('notifications.subject.account', 'your account'),
  createServerSchedule: () => translate('notifications.subject.schedule', 'the schedule'),
  updateServerSchedule: () => translate('notifications.subject.schedule', 'the schedule'),
  writeServerFile: (args) => (typeof args.file === 'string' ? args.file : translate('notifications.subject.file', 'the file')),
  updateServerSleep: () => translate('notifications.subject.sleep', 'the sleep settings'),
};

/** Why a request failed, as the end of a sentence; null for a refusal the panel made itself (a replay). */
function reasonOf(error: unknown): string | null {
  if (isHttpApiError(error)) {
    if (error.status === 502) return translate('notifications.reason.upstream', 'a service the panel depends on could not be reached');
    if (error.status >= 500) return translate('notifications.reason.serverError', 'the panel ran into a problem');
    return apiErrorMessage(error) ?? translate('notifications.reason.refused', 'the panel refused it');
  }
  const status = (error as { status?: unknown } | undefined)?.status;
  const detail = String((error as { error?: unknown } | undefined)?.error ?? '');
  if (status === 'TIMEOUT_ERROR') return translate('notifications.reason.timeout', 'the panel did not answer in time');
  if (status === 'PARSING_ERROR') return translate('notifications.reason.unreadable', 'the panel’s answer could not be read');
  if (status === 'FETCH_ERROR') {
    return /abort/i.test(detail) ? translate('notifications.reason.aborted', 'the request was cancelled') : translate('notifications.reason.unreachable', 'the panel could not be reached');
  }
  return null;
}

/**
 * The text of a failed change: what was not saved and why, and, for a form's save, that its edits
 * are still there, e.g. "Your changes to server.properties were not saved: the panel could not be
 * reached. Your edits are still here." Undefined for a request the panel refused itself.
 */
export function saveFailureText(error: unknown, endpoint: string | undefined, args: unknown): string | undefined {
  const reason = reasonOf(error);
  if (reason === null) return undefined;
  const describe = endpoint ? subjects[endpoint] : undefined;
  const subject = describe && typeof args === 'object' && args !== null ? describe(args as Record<string, unknown>) : undefined;
  // A refusal in the server's own words (404, 409, 429) is a sentence already.
  const sentence = /[.!?]$/.test(reason) ? reason.slice(0, -1) : reason;
  if (subject) return translate('notifications.saveFailed.named', 'Your changes to {{subject}} were not saved: {{reason}}. Your edits are still here.', { subject, reason: sentence });
  return translate('notifications.saveFailed.generic', 'Your change was not saved: {{reason}}. Try again.', { reason: sentence });
}
