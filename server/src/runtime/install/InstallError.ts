/** An install step failed; the message is the real reason, shown to the customer as it is. */
export class InstallError extends Error {}

/** The message of an error including its cause (fetch hides the network error there). */
export function describeError(error: unknown): string {
  // Duck-typed: errors from other realms (undici's fetch, test sandboxes) fail `instanceof Error`.
  const message = (value: unknown): string | null => (value && typeof (value as { message?: unknown }).message === 'string' ? (value as { message: string }).message : null);
  const own = message(error);
  if (own === null) return String(error);
  const cause = message((error as { cause?: unknown }).cause);
  return cause && !own.includes(cause) ? `${own}: ${cause}` : own;
}
