/** Polls `check` until it returns a truthy value (resolved with it) or the time is up. */
export async function waitFor<T>(check: () => T | Promise<T>, { timeoutMs = 20_000, intervalMs = 50, what = 'condition' } = {}): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
