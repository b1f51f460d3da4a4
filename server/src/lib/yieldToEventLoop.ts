/**
 * Resolves on a later turn of the event loop (after pending I/O and timers had theirs). A chain of
 * awaited promises that never waits for I/O, such as queries to the embedded database (PGlite runs
 * on this thread and answers through microtasks only), otherwise keeps the loop to itself until it
 * ends: awaiting this between steps lets requests, sockets and timers in.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
