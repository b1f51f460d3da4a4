import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { ServerNetworkSchema } from '../../schemas/network';
import { ServerParamsSchema } from '../../schemas/servers';
import { subdomainView } from '../../services/network/views';

/** GET /servers/{id}/network: ports, the extra-port limit, the subdomain and the zones. */
export async function getNetworkRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/:id/network',
    {
      schema: {
        operationId: 'getServerNetwork',
        tags: ['network'],
        summary: 'The server’s ports and subdomain',
        description: 'Needs allocation.read.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        response: { 200: ServerNetworkSchema, ...errorResponses(401, 403, 404) },
      },
      config: { serverPermission: 'allocation.read' },
    },
    async (request) => {
      const view = await app.network.view(request.serverAccess!.server);
      return {
        data: {
          host: view.host,
          ports: view.ports,
          extra_ports: view.extraPorts,
          subdomain: view.subdomain && subdomainView(view.subdomain),
          zones: view.zones,
        },
      };
    },
  );
}
