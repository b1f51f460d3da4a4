import type { FastifyInstance } from 'fastify';
import type { PanelConfig } from '../../config/PanelConfig';
import type { Database } from '../../db/client';
import type { RuntimeManager } from './RuntimeManager';

/** What provisioning operations (admin API, CLI, demo data) work with. */
export interface ProvisioningContext {
  db: Database;
  runtime: RuntimeManager;
  config: PanelConfig;
}

/** The provisioning context of a running app. */
export function provisioningOf(app: FastifyInstance): ProvisioningContext {
  return { db: app.db, runtime: app.runtime, config: app.config };
}
