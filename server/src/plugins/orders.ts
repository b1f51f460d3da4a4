import fp from 'fastify-plugin';
import { resumePaidOrders } from '../services/orders/resumePaidOrders';
import { provisioningOf } from './provisioning';

/**
 * Customers' orders at start-up: an order the billing system reported paid while the panel stopped
 * before creating its server gets its server now, once. Runs on ready, after the runtime has opened
 * its nodes (placement needs them) and unfinished moves between nodes are settled.
 */
export const ordersPlugin = fp(
  async (app) => {
    app.addHook('onReady', async () => {
      const resumed = await resumePaidOrders({ provisioning: provisioningOf(app), settings: app.panelSettings }, app.log);
      if (resumed > 0) app.log.info({ resumed }, 'created the servers of paid orders left over from the last run');
    });
  },
  { name: 'orders', dependencies: ['runtime', 'transfers'] },
);
