import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { games, plans, serverTemplates } from '../../db/schema';
import { errorResponses } from '../../lib/responseSchemas';

const PlanSchema = Type.Object({
  slug: Type.String(),
  game: Type.String(),
  tier: Type.String(),
  name: Type.String(),
  memory_mb: Type.Integer(),
  cpu_percent: Type.Integer(),
  disk_mb: Type.Integer(),
  backups: Type.Integer(),
  databases: Type.Integer(),
  extra_ports: Type.Integer(),
});
const TemplateSchema = Type.Object({ slug: Type.String(), game: Type.String(), name: Type.String(), description: Type.String() });
// The admin key is a bearer token too (a different one from users' access tokens).
const security = [{ bearer: [] }];

/** What billing can sell: plans and templates. */
export async function adminCatalogRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get(
    '/plans',
    { schema: { operationId: 'listAdminPlans', tags: ['admin'], summary: 'Every plan with its limits', security, response: { 200: Type.Object({ data: Type.Array(PlanSchema) }), ...errorResponses(401, 429) } } },
    async () => {
      const rows = await app.db.select({ plan: plans, game: games.slug }).from(plans).innerJoin(games, eq(games.id, plans.gameId)).orderBy(plans.id);
      return {
        data: rows.map(({ plan, game }) => ({
          slug: plan.slug,
          game,
          tier: plan.tier,
          name: plan.name,
          memory_mb: plan.memoryMb,
          cpu_percent: plan.cpuPercent,
          disk_mb: plan.diskMb,
          backups: plan.backups,
          databases: plan.databases,
          extra_ports: plan.extraPorts,
        })),
      };
    },
  );
  r.get(
    '/templates',
    { schema: { operationId: 'listAdminTemplates', tags: ['admin'], summary: 'Every server template', security, response: { 200: Type.Object({ data: Type.Array(TemplateSchema) }), ...errorResponses(401, 429) } } },
    async () => {
      const rows = await app.db
        .select({ slug: serverTemplates.slug, game: games.slug, name: serverTemplates.name, description: serverTemplates.description })
        .from(serverTemplates)
        .innerJoin(games, eq(games.id, serverTemplates.gameId))
        .orderBy(serverTemplates.id);
      return { data: rows };
    },
  );
}
