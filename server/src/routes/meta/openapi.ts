import type { FastifyInstance } from 'fastify';

/** GET /api/v2/openapi.json: the contract the client's RTK Query slices are generated from. */
export async function openApiRoute(app: FastifyInstance): Promise<void> {
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
