/**
 * The timer that kills a server that did not stop within its stop timeout. It is set once the stop
 * request has been sent, and the server may have exited meanwhile, and even been started again
 * (a restart): so it kills only when `stillStopping` says that the same run is still stopping,
 * never the next run. `kill` gets the notice to show in the console. It does not hold the panel's
 * process open.
 */
export function stopKillTimer(timeoutMs: number, stillStopping: () => boolean, kill: (notice: string) => void): NodeJS.Timeout {
  const timer = setTimeout(() => {
    if (stillStopping()) kill(`The server did not stop within ${Math.round(timeoutMs / 1000)} s; killing it.`);
  }, timeoutMs);
  timer.unref();
  return timer;
}
