import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { allActivity, type ActivityFilters } from '../../services/sharing/activity';
import { csvLine } from '../../services/sharing/csv';
import type { Database } from '../../db/client';
import { ActivityExportQuerySchema } from '../../schemas/sharing';
import { ServerParamsSchema } from '../../schemas/servers';

/** An export holds at most this many entries (the newest). */
export const EXPORT_LIMIT = 50_000;

async function* csvRows(db: Database, serverUuid: string, filters: ActivityFilters): AsyncGenerator<string> {
  yield csvLine(['created_at', 'event', 'actor', 'actor_uuid', 'ip', 'properties']);
  for await (const entry of allActivity(db, serverUuid, filters, EXPORT_LIMIT)) {
    yield csvLine([entry.created_at, entry.event, entry.actor?.username, entry.actor?.uuid, entry.ip, JSON.stringify(entry.properties)]);
  }
}

/** GET /servers/{id}/activity/export: the filtered audit log as a CSV download. */
export async function exportActivityRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/:id/activity/export',
    {
      schema: {
        operationId: 'exportServerActivity',
        tags: ['sharing'],
        summary: 'The audit log of this server as CSV',
        description: `Same filters as listServerActivity; newest first, at most ${EXPORT_LIMIT} entries. Cells that a spreadsheet would run as a formula start with '.`,
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        querystring: ActivityExportQuerySchema,
        produces: ['text/csv'],
        response: {
          200: { description: 'CSV (RFC 4180)', content: { 'text/csv': { schema: Type.String() } } },
          ...errorResponses(401, 403, 404, 422),
        },
      },
      config: { serverPermission: 'activity.read' },
    },
    async (request, reply) => {
      const server = request.serverAccess!.server;
      const day = new Date().toISOString().slice(0, 10);
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="activity-${server.shortId}-${day}.csv"`)
          .header('cache-control', 'no-store')
          // A stream is sent as is; the schema's string type only documents the body.
          .send(Readable.from(csvRows(app.db, server.uuid, request.query)) as unknown as string)
      );
    },
  );
}
