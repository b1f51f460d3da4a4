import type { FastifyInstance } from 'fastify';
import type { ProvisioningContext } from '../services/servers/ProvisioningContext';

/** The provisioning context of a running app: its database, runtime manager and config. */
export function provisioningOf(app: FastifyInstance): ProvisioningContext {
  return { db: app.db, runtime: app.runtime, config: app.config, transfers: app.transfers };
}
