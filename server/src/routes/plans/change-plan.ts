import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { panelUrl } from '../../lib/panelUrl';
import { PlanChangeBodySchema, PlanChangeResultSchema, PlanConflictSchema } from '../../schemas/plans';
import { PlanDoesNotFitError, requestPlanChange, type PlanContext } from '../../services/plans/planChanges';
import { ServerParamsSchema } from '../../schemas/servers';
import { withCurrentProvider } from './current-provider';

const CHANGES_PER_SERVER = { limit: 10, windowMs: 60_000 };

/** POST /servers/{id}/plan-changes: move the server to another plan of its game, through the billing provider. */
export async function changePlanRoute(app: FastifyInstance, { context }: { context: PlanContext }): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/:id/plan-changes',
    {
      schema: {
        operationId: 'changeServerPlan',
        tags: ['plans'],
        summary: 'Change the server’s plan',
        description:
          'Instant provider: the plan applies now (limits of a running server change live; `restart_needed` says when the game must restart to use its new memory). External provider: a pending order and the billing system’s signed checkout address. An unknown plan, another game’s plan or the current plan → 422; a plan the server’s usage does not fit → 409 with what to remove. Needs plan.change.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: PlanChangeBodySchema,
        response: { 200: PlanChangeResultSchema, 409: PlanConflictSchema, ...errorResponses(401, 403, 404, 419, 422, 429) },
      },
      config: { serverPermission: 'plan.change' },
    },
    async (request, reply) => {
      const server = request.serverAccess!.server;
      await app.rateLimit({ key: `plan-change:${server.id}`, ...CHANGES_PER_SERVER });
      const returnUrl = `${panelUrl(request)}/server/${server.shortId}/upgrade`;
      try {
        return await requestPlanChange(await withCurrentProvider(app, context), server, request.body.plan, { userId: request.user!.id, ip: request.ip }, returnUrl);
      } catch (error) {
        if (error instanceof PlanDoesNotFitError) return reply.code(409).send({ message: error.message, blockers: error.blockers });
        throw error;
      }
    },
  );
}
