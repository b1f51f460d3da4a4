import type { FastifyInstance } from 'fastify';
import { billingProviderFor } from '../../services/orders/OrderContext';
import type { PlanContext } from '../../services/plans/planChanges';

/** The plan context with the billing provider the admin settings name now (they change at run time). */
export async function withCurrentProvider(app: FastifyInstance, context: PlanContext): Promise<PlanContext> {
  const { billingProvider } = await app.panelSettings.current();
  return { ...context, provider: billingProviderFor(billingProvider, app.config.billing) };
}
