import type { DnsConfig } from '../../../config/PanelConfig';
import { CloudflareProvider } from './CloudflareProvider';
import type { DnsProvider } from './DnsProvider';
import { Rfc2136Provider } from './Rfc2136Provider';

export type { DnsConfig };

const ZONE = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** A zone as the panel stores it: lower case, without surrounding spaces or the trailing dot. */
export function normalDnsZone(zone: string): string {
  return zone.trim().toLowerCase().replace(/\.$/, '');
}

/** Whether a (normalised) name is a DNS zone of at least two labels: letters, digits and inner hyphens. */
export function isDnsZoneName(zone: string): boolean {
  return ZONE.test(zone);
}

/**
 * Reads PANEL_DNS_ZONES (comma-separated), PANEL_DNS_PROVIDER (rfc2136, the default, or
 * cloudflare), PANEL_DNS_TTL; for rfc2136 PANEL_DNS_SERVER (host[:port], default port 53) and
 * PANEL_DNS_TSIG_KEY (algorithm:name:base64secret); for cloudflare PANEL_DNS_CLOUDFLARE_API_TOKEN
 * and PANEL_DNS_CLOUDFLARE_API_URL. The zones are only the default of the host's list (admin
 * area), so a name server without zones is a valid set-up; neither: no subdomains (the page says so).
 */
export function parseDnsConfig(env: NodeJS.ProcessEnv): DnsConfig | undefined {
  const zones = (env.PANEL_DNS_ZONES ?? '').split(',').map(normalDnsZone).filter(Boolean);
  const providerGiven = [env.PANEL_DNS_PROVIDER, env.PANEL_DNS_SERVER, env.PANEL_DNS_CLOUDFLARE_API_TOKEN].some((value) => value?.trim());
  if (zones.length === 0 && !providerGiven) return undefined;
  for (const zone of zones) if (!isDnsZoneName(zone)) throw new Error(`PANEL_DNS_ZONES: "${zone}" is not a DNS zone name`);
  const ttl = Number(env.PANEL_DNS_TTL ?? 300);
  if (!Number.isInteger(ttl) || ttl < 1 || ttl > 86_400) throw new Error(`PANEL_DNS_TTL must be 1-86400 seconds, got "${env.PANEL_DNS_TTL}"`);
  const kind = (env.PANEL_DNS_PROVIDER ?? 'rfc2136').trim().toLowerCase();
  if (kind === 'cloudflare') {
    const apiToken = env.PANEL_DNS_CLOUDFLARE_API_TOKEN?.trim();
    if (!apiToken) throw new Error('PANEL_DNS_PROVIDER=cloudflare needs PANEL_DNS_CLOUDFLARE_API_TOKEN');
    return { zones, ttl, provider: { kind, apiToken, baseUrl: env.PANEL_DNS_CLOUDFLARE_API_URL?.trim() || undefined } };
  }
  if (kind !== 'rfc2136') throw new Error(`PANEL_DNS_PROVIDER must be rfc2136 or cloudflare, got "${kind}"`);
  const server = (env.PANEL_DNS_SERVER ?? '').trim();
  const match = /^\[?([^\]]+?)\]?(?::(\d+))?$/.exec(server);
  if (!server || !match) throw new Error('PANEL_DNS_PROVIDER=rfc2136 needs PANEL_DNS_SERVER (the primary name server, host[:port])');
  const port = Number(match[2] ?? 53);
  const keyParts = (env.PANEL_DNS_TSIG_KEY ?? '').trim().split(':');
  if (keyParts.length !== 3 || keyParts.some((part) => !part)) throw new Error('PANEL_DNS_TSIG_KEY must look like hmac-sha256:<key name>:<base64 secret>');
  const [algorithm, name, secret] = keyParts;
  return { zones, ttl, provider: { kind: 'rfc2136', server: match[1], port, key: { algorithm, name, secret } } };
}

/** The provider a DnsConfig describes. */
export function createDnsProvider(config: DnsConfig): DnsProvider {
  const p = config.provider;
  return p.kind === 'cloudflare' ? new CloudflareProvider({ apiToken: p.apiToken, baseUrl: p.baseUrl }) : new Rfc2136Provider({ server: p.server, port: p.port, key: p.key });
}

const providers = new WeakMap<DnsConfig, DnsProvider>();

/** The provider of a config, made once per config (Cloudflare keeps its zone ids). */
export function dnsProviderFor(config: DnsConfig): DnsProvider {
  let provider = providers.get(config);
  if (!provider) providers.set(config, (provider = createDnsProvider(config)));
  return provider;
}
