import fp from 'fastify-plugin';
import type { NetworkService } from '../services/network/NetworkService';
import { networkServiceFor } from '../services/network/networkServiceFor';

declare module 'fastify' {
  interface FastifyInstance {
    /** Servers' ports and subdomains (with the configured DNS provider). */
    network: NetworkService;
  }
}

/** The network service: ports from the node's range, subdomains under the host's zones (default PANEL_DNS_ZONES). */
export const networkPlugin = fp(
  async (app) => {
    app.decorate(
      'network',
      networkServiceFor({ db: app.db, runtime: app.runtime, config: app.config }, app.log, {
        current: async () => (await app.panelSettings.current()).dnsZones,
        holding: (work) => app.panelSettings.withDnsZones(work),
      }),
    );
  },
  { name: 'network', dependencies: ['runtime', 'database', 'panel-settings'] },
);
