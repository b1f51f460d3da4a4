import type { PanelConfig } from '../../config/PanelConfig';
import type { Database } from '../../db/client';
import type { RuntimeManager } from './RuntimeManager';
import type { ServerTransfers } from '../nodes/transfers/ServerTransfers';

/** What provisioning operations (admin API, CLI, demo data) work with. */
export interface ProvisioningContext {
  db: Database;
  runtime: RuntimeManager;
  config: PanelConfig;
  /** Moves between nodes (only inside a running panel). */
  transfers?: ServerTransfers;
}
