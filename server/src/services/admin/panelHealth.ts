import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { PanelConfig } from '../../config/PanelConfig';

/** ok: answered; down: did not answer; not_configured: the panel runs without it; unchecked: not probed (public services). */
export type HealthStatus = 'ok' | 'down' | 'not_configured' | 'unchecked';

export interface HealthCheck {
  name: 'database' | 'redis' | 'mail' | 'dns' | 'catalogue';
  status: HealthStatus;
  /** What was checked (an address without credentials, "outbox"), never a secret. */
  detail: string | null;
}

const PROBE_TIMEOUT_MS = 3_000;

/** Whether something accepts a TCP connection at host:port within the timeout. */
function tcpAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** host:port of a service URL (credentials left out), with the scheme's usual port. */
function endpointOf(url: string, defaultPorts: Record<string, number>): { host: string; port: number } | null {
  try {
    const parsed = new URL(url);
    const port = parsed.port ? Number(parsed.port) : defaultPorts[parsed.protocol.replace(':', '')];
    return parsed.hostname && port ? { host: parsed.hostname.replace(/^\[|\]$/g, ''), port } : null;
  } catch {
    return null;
  }
}

async function probe(name: HealthCheck['name'], endpoint: { host: string; port: number } | null): Promise<HealthCheck> {
  if (!endpoint) return { name, status: 'down', detail: 'unreadable address' };
  return { name, status: (await tcpAnswers(endpoint.host, endpoint.port)) ? 'ok' : 'down', detail: `${endpoint.host}:${endpoint.port}` };
}

async function databaseCheck(db: Database): Promise<HealthCheck> {
  try {
    await db.execute(sql`select 1`);
    return { name: 'database', status: 'ok', detail: null };
  } catch {
    return { name: 'database', status: 'down', detail: null };
  }
}

/** Whether the configured DNS service (name server or API) accepts a connection. */
export function dnsCheck(config: PanelConfig): Promise<HealthCheck> | HealthCheck {
  const provider = config.dns?.provider;
  if (!provider) return { name: 'dns', status: 'not_configured', detail: null };
  if (provider.kind === 'rfc2136') return probe('dns', { host: provider.server, port: provider.port });
  return provider.baseUrl ? probe('dns', endpointOf(provider.baseUrl, { http: 80, https: 443 })) : { name: 'dns', status: 'unchecked', detail: 'cloudflare' };
}

function catalogueCheck(config: PanelConfig): Promise<HealthCheck> | HealthCheck {
  const url = config.catalogueUrl;
  if (!url) return { name: 'catalogue', status: 'unchecked', detail: 'public' };
  if (url === 'local') return { name: 'catalogue', status: 'ok', detail: 'local' };
  return probe('catalogue', endpointOf(url, { http: 80, https: 443 }));
}

/**
 * The panel's own services, probed in parallel (each within a few seconds): the database answers
 * a query; Redis, SMTP, the DNS server and a catalogue URL accept a connection.
 */
export async function panelHealth(db: Database, config: PanelConfig): Promise<HealthCheck[]> {
  return Promise.all([
    databaseCheck(db),
    config.redisUrl ? probe('redis', endpointOf(config.redisUrl, { redis: 6379, rediss: 6380 })) : { name: 'redis' as const, status: 'not_configured' as const, detail: null },
    config.smtpUrl ? probe('mail', endpointOf(config.smtpUrl, { smtp: 25, smtps: 465 })) : { name: 'mail' as const, status: 'ok' as const, detail: 'outbox' },
    dnsCheck(config),
    catalogueCheck(config),
  ]);
}
