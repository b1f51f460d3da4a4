import type { FastifyInstance, FastifyError } from 'fastify';
import { HttpError, ValidationError } from '../lib/errors';
import { toFieldErrors } from '../lib/validationMessages';

/**
 * The one error handler: 4xx answers carry a clear message (422 with per-field errors),
 * 5xx answers never leak internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ValidationError) {
      return reply.code(422).send({ message: error.message, errors: error.errors });
    }
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.warn({ err: error.cause ?? error, status: error.statusCode }, error.message);
      return reply.code(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    if (error.validation) {
      return reply.code(422).send({ message: 'The given data was invalid.', errors: toFieldErrors(error.validation) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Server Error' });
  });

  app.setNotFoundHandler((request, reply) => reply.code(404).send({ message: `Route ${request.method}:${request.url.split('?')[0]} not found.` }));
}
