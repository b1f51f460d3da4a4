import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { accessAllows } from '../../services/permissions/serverAccess';
import type { PlanOverviewJson } from '../../schemas/plans';
import { planOverview, type PlanContext } from '../../services/plans/planChanges';
import { ServerParamsSchema } from '../../schemas/servers';
import { withCurrentProvider } from './current-provider';

/** GET /servers/{id}/plans: the current plan beside the game's others, with prices, proration, usage and orders. */
export async function getPlansRoute(app: FastifyInstance, { context }: { context: PlanContext }): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/:id/plans',
    {
      schema: {
        operationId: 'getServerPlans',
        tags: ['plans'],
        summary: 'The server’s plan beside the other plans of its game',
        description:
          'Each plan with its monthly price, the prorated amount due now (the price difference for the days left in this calendar month, today included; nothing for a downgrade) and what the server’s real usage (disk, backups, extra ports, databases) is over. Needs plan.read.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        response: { 200: Type.Object({ data: Type.Unsafe<PlanOverviewJson>(Type.Ref('PlanOverview')) }), ...errorResponses(401, 403, 404) },
      },
      config: { serverPermission: 'plan.read' },
    },
    async (request) => {
      const access = request.serverAccess!;
      return { data: await planOverview(await withCurrentProvider(app, context), access.server, accessAllows(access, 'plan.change')) };
    },
  );
}
