import type { FastifyInstance } from 'fastify';
import { PlanOrderSchema, PlanOverviewSchema, PlanSchema } from '../../schemas/plans';
import { createBillingProvider } from '../../services/plans/billing/createBillingProvider';
import type { PlanContext } from '../../services/plans/planChanges';
import { billingWebhookRoute } from './billing-webhook';
import { changePlanRoute } from './change-plan';
import { getPlansRoute } from './get-plans';
import { listPlansRoute } from './list-plans';
import { recommendPlanRoute } from './recommend-plan';

/** Shared schema components `Plan`, `PlanOrder` and `PlanOverview` (registered once at the root). */
export function addPlanSchemas(app: FastifyInstance): void {
  app.addSchema(PlanSchema);
  app.addSchema(PlanOrderSchema);
  app.addSchema(PlanOverviewSchema);
}

/** The plan context of the app: database, runtime and the configured billing provider. */
export function planContextOf(app: FastifyInstance): PlanContext {
  const billing = app.config.billing;
  return { db: app.db, runtime: app.runtime, provider: createBillingProvider(billing), orderTtlMinutes: billing?.orderTtlMinutes ?? 60, events: app.panelEvents };
}

/** The plans area under /api/v2/servers/{id}/plans (tag `plans`). */
export async function planRoutes(app: FastifyInstance): Promise<void> {
  const context = planContextOf(app);
  await app.register(getPlansRoute, { context });
  await app.register(changePlanRoute, { context });
  await app.register(recommendPlanRoute, { context });
}

/** The billing system's webhook under /api/v2/billing (tag `billing`). */
export async function billingRoutes(app: FastifyInstance): Promise<void> {
  await app.register(billingWebhookRoute, { context: planContextOf(app) });
}

/** The plan catalogue under /api/v2/plans (tag `plans`). */
export async function planCatalogueRoutes(app: FastifyInstance): Promise<void> {
  await app.register(listPlansRoute);
}
