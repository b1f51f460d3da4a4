import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { ProjectParamsSchema, type ExtensionProjectJson } from '../../schemas/extensions';
import { BadGateway, NotTaking } from './responses';

/** GET /servers/{id}/extensions/projects/{provider}/{project}: a project’s page with the versions that fit. */
export async function getExtensionProjectRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/:id/extensions/projects/:provider/:project',
    {
      schema: {
        operationId: 'getServerExtensionProject',
        tags: ['extensions'],
        summary: 'A project’s page: its description and the versions that fit the server',
        description: `Unknown project → 422; catalogue unreachable → 502. ${NotTaking} Needs extensions.read.`,
        security: [{ bearer: [] }],
        params: ProjectParamsSchema,
        response: { 200: Type.Object({ data: Type.Unsafe<ExtensionProjectJson>(Type.Ref('ExtensionProject')) }), ...errorResponses(401, 403, 404, 409, 422), 502: BadGateway },
      },
      config: { serverPermission: 'extensions.read' },
    },
    async (request) => ({ data: await app.extensions.project(request.serverAccess!.server, request.params.provider, request.params.project) }),
  );
}
