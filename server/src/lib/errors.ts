/** Errors the API answers with a clear 4xx message. Anything else becomes a bare 500. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly headers: Record<string, string> = {},
    /** What went wrong underneath (a 502's unreachable service): logged, never sent. */
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
  }
}

/**
 * A service the panel depends on (a catalogue, DNS) failed: 502 with a plain sentence for the
 * customer, while the failure itself (addresses, tool output) goes to the panel's log.
 */
export const upstreamFailed = (message: string, cause: unknown) => new HttpError(502, message, {}, { cause });

/** A 422 with messages per field, as the client's validation slice stores them. */
export class ValidationError extends HttpError {
  constructor(
    public readonly errors: Record<string, string[]>,
    message = 'The given data was invalid.',
  ) {
    super(422, message);
  }
}

export const notFound = (what = 'Resource') => new HttpError(404, `${what} not found.`);
export const forbidden = (message = 'This action is unauthorized.') => new HttpError(403, message);
export const unauthenticated = () => new HttpError(401, 'Unauthenticated.');
