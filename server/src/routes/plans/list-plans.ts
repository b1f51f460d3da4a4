import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { planCatalogue } from '../../services/plans/planCatalog';
import { PlanRef } from '../../schemas/plans';

/** GET /plans: every game's plans, for customers choosing a server (the dashboard's way to one). */
export async function listPlansRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/',
    {
      schema: {
        operationId: 'listPlans',
        tags: ['plans'],
        summary: 'Every game with its plans, prices and limits',
        description: 'What a customer without a server (or wanting another) can choose from; the tier picks the server’s theme.',
        security: [{ bearer: [] }],
        response: {
          200: Type.Object({
            data: Type.Array(Type.Object({ game: Type.Object({ slug: Type.String(), name: Type.String() }), plans: Type.Array(PlanRef) })),
          }),
          ...errorResponses(401),
        },
      },
      preHandler: app.authenticate,
    },
    async () => ({ data: await planCatalogue(app.db) }),
  );
}
