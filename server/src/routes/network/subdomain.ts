import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { FieldErrors } from '../../lib/fieldErrors';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { ServerSubdomainRef, SubdomainBodySchema } from '../../schemas/network';
import { ServerParamsSchema } from '../../schemas/servers';
import { subdomainView } from '../../services/network/views';

/** Choose and remove the server's subdomain. */
export async function subdomainRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.put(
    '/:id/network/subdomain',
    {
      schema: {
        operationId: 'setServerSubdomain',
        tags: ['network'],
        summary: 'Choose the server’s subdomain',
        description:
          'Needs allocation.subdomain. Writes an SRV record _minecraft._tcp.<label>.<zone> to the node’s host and primary port (and an A/AAAA or CNAME at the name), replacing a previous subdomain. 422 for a bad, reserved or taken name or an unknown zone; 409 when the host has no zones; 502 when DNS cannot be updated (nothing changed).',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: SubdomainBodySchema,
        response: { 200: Type.Object({ data: ServerSubdomainRef }), ...errorResponses(401, 403, 404, 409, 419, 422, 429, 502) },
      },
      attachValidation: true,
      config: { serverPermission: 'allocation.subdomain' },
    },
    async (request) => {
      FieldErrors.fromRequest(request).throwIfAny();
      const server = request.serverAccess!.server;
      await app.rateLimit({ key: `allocation.subdomain:${request.user!.id}:${server.uuid}`, limit: 20, windowMs: 60_000 });
      const row = await app.network.setSubdomain(server, request.body, { userId: request.user!.id, ip: request.ip });
      return { data: subdomainView(row) };
    },
  );

  routes.delete(
    '/:id/network/subdomain',
    {
      schema: {
        operationId: 'deleteServerSubdomain',
        tags: ['network'],
        summary: 'Remove the server’s subdomain',
        description: 'Needs allocation.subdomain. Removes its DNS records first; 502 when DNS cannot be updated (nothing changed).',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 403, 404, 419, 429, 502) },
      },
      config: { serverPermission: 'allocation.subdomain' },
    },
    async (request, reply) => {
      const server = request.serverAccess!.server;
      await app.rateLimit({ key: `allocation.subdomain:${request.user!.id}:${server.uuid}`, limit: 20, windowMs: 60_000 });
      await app.network.removeSubdomain(server, { userId: request.user!.id, ip: request.ip });
      return reply.code(204).send(null);
    },
  );
}
