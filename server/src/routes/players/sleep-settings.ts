import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { ServerParamsSchema } from '../../schemas/servers';
import { SleepSettingsSchema, SleepStatusSchema } from '../../schemas/players';

/** GET and PUT /servers/{id}/players/sleep: auto-stop when empty, start when someone joins. */
export async function sleepSettingsRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  typed.get(
    '/:id/players/sleep',
    {
      schema: {
        operationId: 'getServerSleep',
        tags: ['players'],
        summary: 'Sleep settings and whether the server sleeps now',
        description: 'Needs players.read.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        response: { 200: Type.Object({ data: SleepStatusSchema }), ...errorResponses(401, 403, 404) },
      },
      config: { serverPermission: 'players.read' },
    },
    async (request) => ({ data: app.sleep.status(request.serverAccess!.server) }),
  );
  typed.put(
    '/:id/players/sleep',
    {
      schema: {
        operationId: 'updateServerSleep',
        tags: ['players'],
        summary: 'Change the sleep settings',
        description:
          'auto_stop_minutes: off (null) or 5–120; wake_on_join: while stopped the panel answers on the server’s port (the server list shows it sleeping) and a join starts it. Minecraft only (409 for other games). Needs players.manage; audited.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: SleepSettingsSchema,
        response: { 200: Type.Object({ data: SleepStatusSchema }), ...errorResponses(401, 403, 404, 409, 419, 422) },
      },
      config: { serverPermission: 'players.manage' },
    },
    async (request) => ({
      data: await app.sleep.updateSettings(request.serverAccess!.server, request.body, { userId: request.user!.id, ip: request.ip }),
    }),
  );
}
