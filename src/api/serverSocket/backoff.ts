/** How long to wait between reconnection attempts. */
export interface BackoffOptions {
  /** Wait before the first retry. */
  initialMs: number;
  /** The wait never grows beyond this. */
  maxMs: number;
  /** Growth per failed attempt. */
  factor: number;
  /** Share of the wait that is random (0: none, 1: anywhere between 0 and the full wait). */
  jitter: number;
}

export const defaultBackoff: BackoffOptions = { initialMs: 1000, maxMs: 30_000, factor: 2, jitter: 0.5 };

/**
 * The wait before retry number `attempt` (0 for the first): exponential growth up to a ceiling,
 * minus a random share. The randomness spreads out the reconnections of many browsers after
 * the panel restarts, instead of all of them arriving in the same instant.
 */
export function backoffDelay(attempt: number, options: BackoffOptions = defaultBackoff, random: () => number = Math.random): number {
  const ceiling = Math.min(options.maxMs, options.initialMs * options.factor ** Math.max(0, attempt));
  return Math.round(ceiling * (1 - options.jitter * random()));
}
