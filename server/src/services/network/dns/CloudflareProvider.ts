import { DnsError, type DnsProvider, type DnsRecordSet } from './DnsProvider';

export interface CloudflareOptions {
  /** API token with Zone.DNS edit rights on the zones. */
  apiToken: string;
  /** API root (default https://api.cloudflare.com/client/v4); tests point it at a local server. */
  baseUrl?: string;
  timeoutMs?: number;
}

interface CloudflareAnswer<T> {
  success: boolean;
  errors?: { code: number; message: string }[];
  result: T;
}

interface CloudflareRecord {
  id: string;
  name: string;
  type: string;
}

/** Cloudflare's body for a new record; SRV records go in `data`. */
function recordBody(set: DnsRecordSet, value: string, ttl: number): Record<string, unknown> {
  if (set.type !== 'SRV') return { type: set.type, name: set.name, content: value, ttl, proxied: false };
  const [priority, weight, port, target] = value.split(' ');
  return { type: 'SRV', name: set.name, ttl, data: { priority: Number(priority), weight: Number(weight), port: Number(port), target: target.replace(/\.$/, '') } };
}

/**
 * Cloudflare's DNS API: finds the zone's id by name, lists the records of each set and replaces
 * them in one batch request (POST /zones/{id}/dns_records/batch), which Cloudflare applies as a
 * whole or not at all.
 */
export class CloudflareProvider implements DnsProvider {
  readonly kind = 'cloudflare' as const;
  private readonly zoneIds = new Map<string, string>();

  constructor(private readonly options: CloudflareOptions) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const base = (this.options.baseUrl ?? 'https://api.cloudflare.com/client/v4').replace(/\/+$/, '');
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${this.options.apiToken}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new DnsError(`Cloudflare could not be reached: ${(error as Error).message}`);
    }
    const answer = (await response.json().catch(() => null)) as CloudflareAnswer<T> | null;
    if (!response.ok || !answer?.success) {
      const reason = answer?.errors?.map((e) => `${e.message} (${e.code})`).join('; ') || `HTTP ${response.status}`;
      throw new DnsError(`Cloudflare refused the change: ${reason}`);
    }
    return answer.result;
  }

  private async zoneId(zone: string): Promise<string> {
    const known = this.zoneIds.get(zone);
    if (known) return known;
    const zones = await this.call<{ id: string; name: string }[]>('GET', `/zones?name=${encodeURIComponent(zone)}`);
    const found = zones.find((z) => z.name === zone);
    if (!found) throw new DnsError(`Cloudflare has no zone ${zone} for this API token.`);
    this.zoneIds.set(zone, found.id);
    return found.id;
  }

  async apply(zone: string, sets: DnsRecordSet[], ttl: number): Promise<void> {
    if (sets.length === 0) return;
    const id = await this.zoneId(zone);
    const deletes: { id: string }[] = [];
    const posts: Record<string, unknown>[] = [];
    for (const set of sets) {
      const existing = await this.call<CloudflareRecord[]>('GET', `/zones/${id}/dns_records?type=${set.type}&name=${encodeURIComponent(set.name)}`);
      deletes.push(...existing.map((record) => ({ id: record.id })));
      posts.push(...set.values.map((value) => recordBody(set, value, ttl)));
    }
    if (deletes.length === 0 && posts.length === 0) return;
    await this.call('POST', `/zones/${id}/dns_records/batch`, { deletes, posts });
  }
}
