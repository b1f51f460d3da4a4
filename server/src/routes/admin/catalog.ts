import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { planLimitProperties, type PlanJson } from '../../schemas/plans';
import { TemplateSchema } from '../../schemas/templates';
import { listTemplateViews } from '../../services/templates/templateView';
import { createPlan, deletePlan, listAllPlans, updatePlan } from '../../services/plans/planAdmin';

const PlanFieldsSchema = Type.Object(
  {
    slug: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{1,47}$' }),
    game: Type.String({ description: 'Game slug (minecraft, rust, …); fixed once created' }),
    tier: Type.Union([Type.Literal('budget'), Type.Literal('premium')], { description: 'Picks the theme' }),
    name: Type.String({ minLength: 1, maxLength: 64 }),
    ...planLimitProperties({ minimums: true, describeCpu: true }),
    price_monthly: Type.Integer({ minimum: 0, description: 'Minor units (cents) per month' }),
    currency: Type.String({ pattern: '^[A-Z]{3}$' }),
    display_order: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
const CreatePlanSchema = Type.Intersect([
  Type.Pick(PlanFieldsSchema, ['slug', 'game', 'tier', 'name', 'memory_mb', 'cpu_percent', 'disk_mb', 'price_monthly']),
  Type.Partial(Type.Pick(PlanFieldsSchema, ['backups', 'databases', 'extra_ports', 'currency', 'display_order'])),
]);
const UpdatePlanSchema = Type.Partial(Type.Omit(PlanFieldsSchema, ['game']), { additionalProperties: false });
const PlanParamsSchema = Type.Object({ slug: Type.String({ maxLength: 48 }) });
const AdminPlan = Type.Unsafe<PlanJson>(Type.Ref('Plan'));
// The admin key is a bearer token too (a different one from users' access tokens).
const security = [{ bearer: [] }];

/** What billing can sell: plans and templates. */
export async function adminCatalogRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get(
    '/plans',
    {
      schema: {
        operationId: 'listAdminPlans',
        tags: ['admin'],
        summary: 'Every plan with its limits',
        security,
        response: { 200: Type.Object({ data: Type.Array(AdminPlan) }), ...errorResponses(401, 403, 429) },
      },
    },
    async () => ({ data: await listAllPlans(app.db) }),
  );
  r.post(
    '/plans',
    {
      schema: {
        operationId: 'createAdminPlan',
        tags: ['admin'],
        summary: 'Create a plan',
        description: 'Several plans may share a game and tier (a ladder); the slug names a plan. A slug in use → 409.',
        security,
        body: CreatePlanSchema,
        response: { 201: Type.Object({ data: AdminPlan }), ...errorResponses(401, 403, 409, 422, 429) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createPlan(app.db, request.body) }),
  );
  r.patch(
    '/plans/:slug',
    {
      schema: {
        operationId: 'updateAdminPlan',
        tags: ['admin'],
        summary: 'Change a plan (price, limits, order, tier, name)',
        security,
        params: PlanParamsSchema,
        body: UpdatePlanSchema,
        response: { 200: Type.Object({ data: AdminPlan }), ...errorResponses(401, 403, 404, 409, 422, 429) },
      },
    },
    async (request) => ({ data: await updatePlan(app.db, request.params.slug, request.body) }),
  );
  r.delete(
    '/plans/:slug',
    {
      schema: {
        operationId: 'deleteAdminPlan',
        tags: ['admin'],
        summary: 'Delete a plan no server uses',
        security,
        params: PlanParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await deletePlan(app.db, request.params.slug);
      return reply.code(204).send(null);
    },
  );
  r.get(
    '/templates',
    {
      schema: {
        operationId: 'listAdminTemplates',
        tags: ['admin'],
        summary: 'Every server template (built in, then imported), with its variables and images',
        security,
        response: { 200: Type.Object({ data: Type.Array(TemplateSchema) }), ...errorResponses(401, 403, 429) },
      },
    },
    async () => {
      return { data: await listTemplateViews(app.db) };
    },
  );
}
