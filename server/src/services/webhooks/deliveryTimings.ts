/** Delays before the 2nd ... 5th attempt of a delivery: 10 s, 1 min, 5 min, 30 min. */
export const DEFAULT_RETRY_DELAYS_MS = [10_000, 60_000, 300_000, 1_800_000];

/** How long one attempt may take, answer included. */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** Deliveries waiting (queued or planned retries) beyond which new ones are dropped and logged. */
export const MAX_PENDING_DELIVERIES = 10_000;

/** Deliveries waiting for one webhook beyond which new ones to it are dropped (and reported). */
export const MAX_PENDING_PER_HOOK = 1_000;

/** Requests sent at once. */
export const DELIVERY_CONCURRENCY = 16;

/** Requests sent at once to one webhook (a slow receiver keeps only these busy). */
export const PER_HOOK_CONCURRENCY = 2;

export interface DeliveryTimings {
  retryDelaysMs: number[];
  timeoutMs: number;
}

/**
 * How long the process that heard an event holds its stored first attempts: another process
 * starting meanwhile leaves them alone until then. A panel that stops gives its lease up at once;
 * one that died has its deliveries sent by the next start after this time.
 */
export const FIRST_ATTEMPT_LEASE_MS = 5 * 60_000;
