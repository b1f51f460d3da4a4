import { count } from 'drizzle-orm';
import type { PanelConfig } from '../../config/PanelConfig';
import type { Database } from '../../db/client';
import { serverSubdomains } from '../../db/schema';
import type { DnsZoneJson } from '../../schemas/dnsZones';
import { dnsCheck } from './panelHealth';

/** Where the zones' records are written: the name server's host:port, or the Cloudflare API's address (null: its public one). */
function serverOf(provider: NonNullable<PanelConfig['dns']>['provider']): string | null {
  if (provider.kind === 'rfc2136') return `${provider.server}:${provider.port}`;
  if (!provider.baseUrl) return null;
  // The address only: a base URL could carry credentials in its user part.
  const url = new URL(provider.baseUrl);
  return `${url.protocol}//${url.host}${url.pathname === '/' ? '' : url.pathname}`;
}

/**
 * The zones customers pick subdomains under (PANEL_DNS_ZONES), each with the service that writes
 * its records, how many subdomains live there, and whether that service answers now (one probe
 * for all: they share it). The TSIG key and the API token are never part of the answer.
 */
export async function listDnsZones(db: Database, config: PanelConfig): Promise<{ zones: DnsZoneJson[]; configured: boolean }> {
  const dns = config.dns;
  if (!dns) return { zones: [], configured: false };
  const [check, counts] = await Promise.all([dnsCheck(config), db.select({ zone: serverSubdomains.zone, subdomains: count() }).from(serverSubdomains).groupBy(serverSubdomains.zone)]);
  const byZone = new Map(counts.map((row) => [row.zone, row.subdomains]));
  const health: DnsZoneJson['health'] = check.status === 'ok' || check.status === 'down' ? check.status : 'unchecked';
  const zones = dns.zones.map((zone) => ({ zone, provider: dns.provider.kind, server: serverOf(dns.provider), ttl: dns.ttl, subdomains: byZone.get(zone) ?? 0, health }));
  return { zones, configured: true };
}
