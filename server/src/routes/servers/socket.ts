import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/errors';
import { ServerSocketSession } from './socket/server-socket-session';
import { defaultSocketLimits, type SocketLimits } from './socket/socket-protocol';

/**
 * Browsers send Origin with every websocket; a page of another site must not drive a customer's
 * console with their cookies or tickets. Our own host and the configured origins are allowed;
 * clients that send no Origin (CLI tools) are not browsers and are judged by their ticket alone.
 */
export function originAllowed(request: FastifyRequest, allowedOrigins: string[]): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  if (allowedOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

/** WS /servers/{id}/ws: the live console (see socket/socket-protocol.ts). */
export async function serverSocketRoute(app: FastifyInstance, options: { limits?: Partial<SocketLimits> }): Promise<void> {
  const limits = { ...defaultSocketLimits, ...options.limits };
  app.get(
    '/:id/ws',
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request) => {
        if (!originAllowed(request, app.config.allowedOrigins)) throw forbidden('This origin may not open the console.');
      },
    },
    (socket, request) => {
      const { id } = request.params as { id: string };
      new ServerSocketSession(app, socket, id, request.ip, limits);
    },
  );
}
