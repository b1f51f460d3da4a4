import type { FastifyInstance } from 'fastify';
import { passkeyLoginRoutes } from './passkey-login';
import { passkeyCheckpointRoutes } from './passkey-checkpoint';

/** /auth/passkey/*: a passkey alone (username-less) or as the second factor of a two-factor login. */
export async function passkeyAuthRoutes(app: FastifyInstance): Promise<void> {
  await app.register(passkeyLoginRoutes);
  await app.register(passkeyCheckpointRoutes);
}
