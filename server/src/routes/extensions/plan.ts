import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { InstallBodySchema, type InstallPlanJson } from '../../schemas/extensions';
import { ServerParamsSchema } from '../../schemas/servers';
import { BadGateway, NotTaking } from './responses';

/** POST /servers/{id}/extensions/plan: what an install takes, without changing anything. */
export async function planExtensionInstallRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/:id/extensions/plan',
    {
      schema: {
        operationId: 'planServerExtensionInstall',
        tags: ['extensions'],
        summary: 'What installing a plugin or mod takes: its file and the required dependencies not installed yet',
        description: `Nothing is changed. A resource only offered as an outside download → 422. ${NotTaking} Needs extensions.manage.`,
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: InstallBodySchema,
        response: { 200: Type.Object({ data: Type.Unsafe<InstallPlanJson>(Type.Ref('ExtensionInstallPlan')) }), ...errorResponses(401, 403, 404, 409, 419, 422), 502: BadGateway },
      },
      config: { serverPermission: 'extensions.manage' },
    },
    async (request) => ({ data: await app.extensions.installPlan(request.serverAccess!.server, request.body) }),
  );
}
