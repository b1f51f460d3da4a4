import { count, eq } from 'drizzle-orm';
import type { PanelConfig } from '../../config/PanelConfig';
import type { Database } from '../../db/client';
import { serverSubdomains } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import type { FieldErrors } from '../../lib/fieldErrors';
import type { DnsZoneJson } from '../../schemas/dnsZones';
import { isDnsZoneName, normalDnsZone } from '../network/dns/dnsConfig';
import type { PanelSettingsStore } from '../settings/PanelSettingsStore';
import { dnsCheck } from './panelHealth';

/** How many zones the host's list may hold: each is offered on every customer's network page. */
export const MAX_DNS_ZONES = 50;

/** The admin area's DNS zone refusals, as the API answers them (the page translates its own texts). */
export const dnsZoneMessages = {
  invalid: 'Must be a DNS name such as play.example.com: two labels or more of letters, digits and inner hyphens.',
  duplicate: 'This zone is already in the list.',
  full: `The list already holds ${MAX_DNS_ZONES} zones; remove one first.`,
  noNameServer: 'The panel has no name server: set PANEL_DNS_SERVER and PANEL_DNS_TSIG_KEY, or PANEL_DNS_CLOUDFLARE_API_TOKEN, and restart it before adding zones.',
  inUse: (subdomains: number) => `${subdomains} server subdomain(s) still use this zone; their owners must remove them or pick another zone first.`,
} as const;

export interface DnsZoneContext {
  db: Database;
  config: Pick<PanelConfig, 'dns'>;
  settings: PanelSettingsStore;
}

type DnsSetUp = NonNullable<PanelConfig['dns']>;

/** Where the zones' records are written: the name server's host:port, or the Cloudflare API's address (null: its public one). */
function serverOf(provider: DnsSetUp['provider']): string | null {
  if (provider.kind === 'rfc2136') return `${provider.server}:${provider.port}`;
  if (!provider.baseUrl) return null;
  // The address only: a base URL could carry credentials in its user part.
  const url = new URL(provider.baseUrl);
  return `${url.protocol}//${url.host}${url.pathname === '/' ? '' : url.pathname}`;
}

function zoneJson(dns: DnsSetUp, zone: string, subdomains: number, health: DnsZoneJson['health']): DnsZoneJson {
  return { zone, provider: dns.provider.kind, server: serverOf(dns.provider), ttl: dns.ttl, subdomains, health };
}

/**
 * The zones customers pick subdomains under (the host's list, default PANEL_DNS_ZONES), each with
 * the service that writes its records, how many subdomains live there, and whether that service
 * answers now (one probe for all: they share it). The TSIG key and the API token are never part of the answer.
 */
export async function listDnsZones({ db, config, settings }: DnsZoneContext & { config: PanelConfig }): Promise<{ zones: DnsZoneJson[]; configured: boolean }> {
  const dns = config.dns;
  if (!dns) return { zones: [], configured: false };
  const [check, counts, { dnsZones }] = await Promise.all([
    dnsCheck(config),
    db.select({ zone: serverSubdomains.zone, subdomains: count() }).from(serverSubdomains).groupBy(serverSubdomains.zone),
    settings.current(),
  ]);
  const byZone = new Map(counts.map((row) => [row.zone, row.subdomains]));
  const health: DnsZoneJson['health'] = check.status === 'ok' || check.status === 'down' ? check.status : 'unchecked';
  return { zones: dnsZones.map((zone) => zoneJson(dns, zone, byZone.get(zone) ?? 0, health)), configured: true };
}

/** Adds a zone to the host's list (422 on the field when it is no DNS name, already there, or the list is full). */
export async function addDnsZone({ db, config, settings }: DnsZoneContext, input: string, errors: FieldErrors, userId: number | null): Promise<DnsZoneJson> {
  const zone = normalDnsZone(input);
  if (!errors.has('zone') && !isDnsZoneName(zone)) errors.add('zone', dnsZoneMessages.invalid);
  errors.throwIfAny();
  const dns = config.dns;
  if (!dns) throw new HttpError(409, dnsZoneMessages.noNameServer);
  await settings.changeDnsZones(async (zones) => {
    if (zones.includes(zone)) errors.add('zone', dnsZoneMessages.duplicate);
    else if (zones.length >= MAX_DNS_ZONES) errors.add('zone', dnsZoneMessages.full);
    errors.throwIfAny();
    return [...zones, zone];
  }, userId);
  // Names can outlive a zone's place in the list (the environment's default changed under them).
  const [used] = await db.select({ subdomains: count() }).from(serverSubdomains).where(eq(serverSubdomains.zone, zone));
  return zoneJson(dns, zone, used?.subdomains ?? 0, 'unchecked');
}

/** Removes a zone from the host's list: 404 when it is not there, 409 while a server's subdomain lives in it. */
export async function removeDnsZone({ settings }: DnsZoneContext, input: string, userId: number | null): Promise<void> {
  const zone = normalDnsZone(input);
  await settings.changeDnsZones(async (zones, tx) => {
    if (!zones.includes(zone)) throw notFound('DNS zone');
    const [used] = await tx.select({ subdomains: count() }).from(serverSubdomains).where(eq(serverSubdomains.zone, zone));
    if (used && used.subdomains > 0) throw new HttpError(409, dnsZoneMessages.inUse(used.subdomains));
    return zones.filter((other) => other !== zone);
  }, userId);
}
