import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import type { ExtensionsOverviewJson } from '../../schemas/extensions';
import { ServerParamsSchema } from '../../schemas/servers';

/** GET /servers/{id}/extensions: what the server takes, the catalogues, and the installed plugins or mods with their updates. */
export async function getExtensionsOverviewRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/:id/extensions',
    {
      schema: {
        operationId: 'getServerExtensions',
        tags: ['extensions'],
        summary: 'What plugins or mods the server takes, the catalogues to search, and the installed ones with their updates',
        description:
          'Installed files in plugins/ or mods/ (disabled ones end in .disabled) are recognised by their SHA-512: the panel’s record of what it installed, then Modrinth’s lookup by hash. A catalogue that cannot be reached leaves the files listed with catalogue_error. Needs extensions.read.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        response: { 200: Type.Object({ data: Type.Unsafe<ExtensionsOverviewJson>(Type.Ref('ExtensionsOverview')) }), ...errorResponses(401, 403, 404) },
      },
      config: { serverPermission: 'extensions.read' },
    },
    async (request) => ({ data: await app.extensions.overview(request.serverAccess!.server) }),
  );
}
