/** Record types the panel writes for a subdomain. */
export type DnsRecordType = 'A' | 'AAAA' | 'CNAME' | 'SRV';

/**
 * One name's records of one type as they must be after a change: `values` in zone-file form
 * ("203.0.113.7", "0 5 25565 host.example.com."); an empty list removes the set.
 */
export interface DnsRecordSet {
  /** Fully qualified, lower case, without the trailing dot. */
  name: string;
  type: DnsRecordType;
  values: string[];
}

/** A DNS service the panel writes records to (RFC 2136 with TSIG, Cloudflare's API, ...). */
export interface DnsProvider {
  readonly kind: 'rfc2136' | 'cloudflare';
  /**
   * Makes every listed set exactly its values in `zone` (empty = removed), in one update where
   * the service allows it. Throws DnsError when the service cannot be reached or refuses.
   */
  apply(zone: string, sets: DnsRecordSet[], ttl: number): Promise<void>;
}

/** The DNS service is down or refused the change (answered as 502 with the reason). */
export class DnsError extends Error {}
