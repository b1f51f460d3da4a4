import type { FastifyInstance } from 'fastify';
import { openApiRoute } from './meta/openapi';

/** Every route of the panel; each area is one folder under routes/. Order matters only for prefixes. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(openApiRoute, { prefix: '/api/v2' });
}
