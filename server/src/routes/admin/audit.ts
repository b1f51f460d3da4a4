import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { adminAuditCsv, listAdminAudit, type AdminAuditFilter } from '../../services/admin/adminAudit';
import { AdminAuditEntrySchema, AdminAuditQuerySchema, type AdminAuditEntry, type AdminAuditQuery } from '../../schemas/adminArea';
import type { AdminAuditRow } from '../../db/schema';

/** Entries in one CSV export: a year of a busy panel's admin actions, well under a few MB. */
const EXPORT_LIMIT = 10_000;
const security = [{ bearer: [] }];

const filterOf = (query: AdminAuditQuery): AdminAuditFilter => ({
  actor: query.actor,
  event: query.event,
  target: query.target,
  from: query.from ? new Date(query.from) : undefined,
  to: query.to ? new Date(query.to) : undefined,
});

function entryJson(row: AdminAuditRow): AdminAuditEntry {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    actor: row.actorUsername,
    key: row.actorKey,
    ip: row.ip,
    event: row.event,
    method: row.method,
    path: row.path,
    target_type: row.targetType,
    target: row.target,
    status: row.status,
    properties: row.properties,
  };
}

async function sendCsv(app: FastifyInstance, reply: FastifyReply, query: AdminAuditQuery) {
  const { rows } = await listAdminAudit(app.db, filterOf(query), { limit: EXPORT_LIMIT, offset: 0 });
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="admin-audit-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(adminAuditCsv(rows));
}

const csvResponse = { description: 'CSV (RFC 4180)', content: { 'text/csv': { schema: Type.String() } } };

/** GET /admin/audit (JSON pages or CSV) and /admin/audit.csv: the panel-wide log of admin actions. */
export async function adminAuditRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get(
    '/audit',
    {
      schema: {
        operationId: 'listAdminAudit',
        tags: ['admin'],
        summary: 'The admin audit log: who did what to which target, from where and when',
        description: `Newest first. Filters combine; format=csv answers the CSV export (at most ${EXPORT_LIMIT} entries).`,
        security,
        querystring: AdminAuditQuerySchema,
        response: {
          200: Type.Object({ data: Type.Array(AdminAuditEntrySchema), meta: Type.Object({ total: Type.Integer(), page: Type.Integer(), per_page: Type.Integer() }) }),
          ...errorResponses(401, 403, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      if (query.format === 'csv') return sendCsv(app, reply, query);
      const page = query.page ?? 1;
      const perPage = query.per_page ?? 25;
      const { rows, total } = await listAdminAudit(app.db, filterOf(query), { limit: perPage, offset: (page - 1) * perPage });
      return { data: rows.map(entryJson), meta: { total, page, per_page: perPage } };
    },
  );
  r.get(
    '/audit.csv',
    {
      schema: {
        operationId: 'exportAdminAudit',
        tags: ['admin'],
        summary: 'The admin audit log as CSV',
        description: `Same filters as listAdminAudit; newest first, at most ${EXPORT_LIMIT} entries. Cells that a spreadsheet would run as a formula start with '.`,
        security,
        querystring: AdminAuditQuerySchema,
        produces: ['text/csv'],
        response: { 200: csvResponse, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request, reply) => sendCsv(app, reply, request.query),
  );
}
