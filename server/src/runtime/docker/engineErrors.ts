/** What the engine's API answers mean, from the HTTP status dockerode puts on its errors. */
const statusOf = (error: unknown) => (error as { statusCode?: number } | null)?.statusCode ?? 0;

/** No such container, volume or image. */
export const isMissing = (error: unknown) => statusOf(error) === 404;

/** A volume or container in use by another. */
export const isInUse = (error: unknown) => statusOf(error) === 409;

/** A kill or stop of a container that does not run (already stopped 304, gone 404, not running 409). */
export const isNotRunning = (error: unknown) => [304, 404, 409].includes(statusOf(error));

/** A catch handler that lets the errors `expected` accepts pass and throws the others. */
export const unless = (expected: (error: unknown) => boolean) => (error: unknown) => {
  if (!expected(error)) throw error;
};
