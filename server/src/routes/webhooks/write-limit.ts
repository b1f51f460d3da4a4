/** Writes to one server's webhooks per user and minute. */
export const WEBHOOK_WRITES = { limit: 30, windowMs: 60_000 };
