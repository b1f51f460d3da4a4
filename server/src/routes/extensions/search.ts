import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { ExtensionSearchQuerySchema, type ExtensionSearchJson } from '../../schemas/extensions';
import { ServerParamsSchema } from '../../schemas/servers';
import { BadGateway, NotTaking } from './responses';

/** GET /servers/{id}/extensions/search: a catalogue search fitted to the server’s software and game version. */
export async function searchExtensionsRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/:id/extensions/search',
    {
      schema: {
        operationId: 'searchServerExtensions',
        tags: ['extensions'],
        summary: 'Search a catalogue for plugins or mods that fit the server’s software and game version',
        description: `Paged (page, per_page); answers are cached by the catalogue client. Unknown provider → 422; catalogue unreachable → 502. ${NotTaking} Needs extensions.read.`,
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        querystring: ExtensionSearchQuerySchema,
        response: { 200: Type.Object({ data: Type.Unsafe<ExtensionSearchJson>(Type.Ref('ExtensionSearch')) }), ...errorResponses(401, 403, 404, 409, 422), 502: BadGateway },
      },
      config: { serverPermission: 'extensions.read' },
    },
    async (request) => ({ data: await app.extensions.search(request.serverAccess!.server, request.query) }),
  );
}
