/** An install step failed; the message is the real reason, shown to the customer as it is. */
export class InstallError extends Error {}

/** The message of an error including its cause (fetch hides the network error there). */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error && cause.message && !error.message.includes(cause.message)) return `${error.message}: ${cause.message}`;
  return error.message;
}
