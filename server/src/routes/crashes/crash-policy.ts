import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { ServerParamsSchema } from '../../schemas/servers';
import { CrashPolicySchema } from '../../schemas/crashes';
import { crashPolicyOf, updateCrashPolicy } from '../../services/crashes/crashPolicy';

/** GET and PUT /servers/{id}/crash-policy: whether, and how often, a crashed server is started again. */
export async function crashPolicyRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  typed.get(
    '/:id/crash-policy',
    {
      schema: {
        operationId: 'getServerCrashPolicy',
        tags: ['crashes'],
        summary: 'The automatic restart policy after a crash',
        description: 'Needs crash.read.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        response: { 200: Type.Object({ data: CrashPolicySchema }), ...errorResponses(401, 403, 404) },
      },
      config: { serverPermission: 'crash.read' },
    },
    async (request) => ({ data: crashPolicyOf(request.serverAccess!.server) }),
  );
  typed.put(
    '/:id/crash-policy',
    {
      schema: {
        operationId: 'updateServerCrashPolicy',
        tags: ['crashes'],
        summary: 'Change the automatic restart policy after a crash',
        description:
          'enabled: restart after a crash at all; max_restarts (1–20) within window_minutes (1–1440): once more crashes than that come within the window, the server stays stopped and the crash says the panel gave up. Restarts wait 5 s, doubled each time. The count starts anew with the new policy. Needs crash.update; audited.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: CrashPolicySchema,
        response: { 200: Type.Object({ data: CrashPolicySchema }), ...errorResponses(401, 403, 404, 419, 422) },
      },
      config: { serverPermission: 'crash.update' },
    },
    async (request) => ({
      data: await updateCrashPolicy(app.db, request.serverAccess!.server, request.body, { userId: request.user!.id, ip: request.ip }, (uuid) => app.runtime.crashPolicyChanged(uuid)),
    }),
  );
}
