import type { FastifyBaseLogger } from 'fastify';
import type { PanelConfig } from '../../config/PanelConfig';
import type { Database } from '../../db/client';
import type { RuntimeManager } from '../servers/RuntimeManager';
import { dnsProviderFor } from './dns/dnsConfig';
import { NetworkService, type ZoneList } from './NetworkService';

/**
 * The network service of a panel: its database, runtime and configured DNS (if any); `zones` is the
 * host's run-time zone list (without it, the configured zones: enough for moving or removing names).
 */
export function networkServiceFor(context: { db: Database; runtime: RuntimeManager; config: PanelConfig }, log?: FastifyBaseLogger, zones?: ZoneList): NetworkService {
  const dns = context.config.dns;
  return new NetworkService({ db: context.db, runtime: context.runtime, dns: dns && { config: dns, provider: dnsProviderFor(dns) }, zones, log });
}
