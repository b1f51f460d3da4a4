import type { FastifyBaseLogger } from 'fastify';

/**
 * The last resort for an error no code handled: an 'error' event without a listener, or a
 * rejected promise nobody awaited. Each is a bug to fix where it happens; here it is only
 * written to the log with its stack, so that one customer's request that hits such a bug does
 * not end the panel for every other customer. Answers a function that removes the listeners.
 */
export function logUnhandledFaults(log: Pick<FastifyBaseLogger, 'error' | 'fatal'>, target: NodeJS.Process = process): () => void {
  const onRejection = (reason: unknown) => log.error({ err: reason }, 'unhandled promise rejection (a bug: the panel keeps running)');
  const onException = (error: Error, origin: string) => log.fatal({ err: error, origin }, 'uncaught exception (a bug: the panel keeps running)');
  target.on('unhandledRejection', onRejection);
  target.on('uncaughtException', onException);
  return () => {
    target.off('unhandledRejection', onRejection);
    target.off('uncaughtException', onException);
  };
}
