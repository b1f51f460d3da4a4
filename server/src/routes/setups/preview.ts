import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { SetupParamsSchema, type SetupPreviewSchema } from '../../schemas/setups';
import { BadGateway } from './responses';

type SetupPreviewJson = Static<typeof SetupPreviewSchema>;

/** GET /servers/{id}/setups/{setup}/preview: exactly what applying a setup changes. */
export async function previewSetupRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/:id/setups/:setup/preview',
    {
      schema: {
        operationId: 'previewServerSetup',
        tags: ['setups'],
        summary: 'Exactly what applying a setup changes',
        description:
          'The software (from → to), each config key with its old and new value, the extensions installed (name, version, file; required dependencies included) and the files written. Extensions that cannot be resolved now are listed in `unresolved`. A setup of another game → 404; one this server cannot take → 422. Needs setups.read.',
        security: [{ bearer: [] }],
        params: SetupParamsSchema,
        response: { 200: Type.Object({ data: Type.Unsafe<SetupPreviewJson>(Type.Ref('SetupPreview')) }), ...errorResponses(401, 403, 404, 422), 502: BadGateway },
      },
      config: { serverPermission: 'setups.read' },
    },
    async (request) => ({ data: await app.setups.preview(request.serverAccess!.server, request.params.setup) }),
  );
}
