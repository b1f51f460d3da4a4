import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { QuizAnswersSchema, QuizRecommendationSchema } from '../../schemas/plans';
import { gamePlans, planById, planJson } from '../../services/plans/planCatalog';
import type { PlanContext } from '../../services/plans/planChanges';
import { recommendPlan } from '../../services/plans/quizModel';
import { ServerParamsSchema } from '../../schemas/servers';

/** POST /servers/{id}/plans/recommendation: the upgrade quiz's answer. */
export async function recommendPlanRoute(app: FastifyInstance, { context }: { context: PlanContext }): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/:id/plans/recommendation',
    {
      schema: {
        operationId: 'recommendServerPlan',
        tags: ['plans'],
        summary: 'The plan the upgrade quiz recommends, with its reasons',
        description: 'The sizing model (memory per player and per mod, disk per world) is documented in the README under "Plans and billing". Needs plan.read.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: QuizAnswersSchema,
        response: { 200: Type.Object({ data: QuizRecommendationSchema }), ...errorResponses(401, 403, 404, 419, 422) },
      },
      config: { serverPermission: 'plan.read' },
    },
    async (request) => {
      const server = request.serverAccess!.server;
      const current = await planById(context.db, server.planId);
      const ladder = await gamePlans(context.db, current.plan.gameId);
      const body = request.body;
      const result = recommendPlan(
        { players: body.players, software: body.software, modpackSize: body.modpack_size, viewDistance: body.view_distance, worldSize: body.world_size, budget: body.budget ?? null },
        ladder,
      )!;
      const plan = ladder.find((row) => row.slug === result.plan.slug)!;
      return {
        data: {
          plan: planJson(plan, current.game),
          current: plan.id === current.plan.id,
          needs: { memory_mb: result.needs.memoryMb, cpu_percent: result.needs.cpuPercent, disk_mb: result.needs.diskMb, mods: result.needs.mods },
          reasons: result.reasons,
        },
      };
    },
  );
}
