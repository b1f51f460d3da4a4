import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { ServerParamsSchema } from '../../schemas/servers';
import { ServerThresholdsRef, ServerThresholdsSchema, ThresholdSettingsSchema } from '../../schemas/thresholds';
import { thresholdsOf, updateThresholds } from '../../services/thresholds/thresholdSettings';

/** Shared schema component `ServerThresholds` (registered once at the root). */
export function addThresholdSchemas(app: FastifyInstance): void {
  app.addSchema(ServerThresholdsSchema);
}

/** GET and PUT /servers/{id}/thresholds: CPU, memory and disk held above a value for some minutes (tag `thresholds`). */
export async function thresholdRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  typed.get(
    '/:id/thresholds',
    {
      schema: {
        operationId: 'getServerThresholds',
        tags: ['thresholds'],
        summary: 'The resource thresholds of this server',
        description: 'CPU, memory and disk in percent of the plan (null: not watched), the minutes they must be held, and which are exceeded now. Needs threshold.read.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        response: { 200: Type.Object({ data: ServerThresholdsRef }), ...errorResponses(401, 403, 404) },
      },
      config: { serverPermission: 'threshold.read' },
    },
    async (request) => ({ data: await thresholdsOf(app.db, request.serverAccess!.server, app.thresholdWatcher) }),
  );
  typed.put(
    '/:id/thresholds',
    {
      schema: {
        operationId: 'updateServerThresholds',
        tags: ['thresholds'],
        summary: 'Change the resource thresholds',
        description:
          'cpu_percent, memory_percent, disk_percent (1–100, of the plan’s limit; null: not watched) held above for minutes (1–1440) publish `resource.threshold` once (webhooks and schedules hear it); it fires again only after the value came back down. Needs threshold.update; audited.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: ThresholdSettingsSchema,
        response: { 200: Type.Object({ data: ServerThresholdsRef }), ...errorResponses(401, 403, 404, 419, 422) },
      },
      config: { serverPermission: 'threshold.update' },
    },
    async (request) => ({
      data: await updateThresholds(app.db, request.serverAccess!.server, request.body, { userId: request.user!.id, ip: request.ip }, app.thresholdWatcher),
    }),
  );
}
