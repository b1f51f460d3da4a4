/** Body of an error answer from the panel API: `{ message }`, plus `errors` on 422. */
export interface ApiErrorBody {
  message?: string;
  errors?: Record<string, string[]>;
}

/** An HTTP error as RTK Query's base query reports it (`{ status, data }`). */
export interface HttpApiError {
  status: number;
  data: ApiErrorBody | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Narrows an RTK Query error to an HTTP answer (as opposed to a network or parsing failure). */
export function isHttpApiError(error: unknown): error is HttpApiError {
  return isRecord(error) && typeof error.status === 'number';
}

/** The server's `message` of an error answer, when it sent a non-empty one. */
export function apiErrorMessage(error: unknown): string | undefined {
  if (!isHttpApiError(error) || !isRecord(error.data)) return undefined;
  const { message } = error.data;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

/**
 * A 502: a service the panel depends on (a catalogue, DNS) could not be reached. Screens say so
 * in the customer's language rather than showing the server's English sentence.
 */
export function isUpstreamFailure(error: unknown): boolean {
  return isHttpApiError(error) && error.status === 502;
}

/** The per-field messages of a 422 answer; only well-formed entries are kept. */
export function apiFieldErrors(error: unknown): Record<string, string[]> {
  if (!isHttpApiError(error) || error.status !== 422 || !isRecord(error.data) || !isRecord(error.data.errors)) return {};
  const fields: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(error.data.errors)) {
    if (Array.isArray(messages)) fields[field] = messages.filter((m): m is string => typeof m === 'string');
  }
  return fields;
}
