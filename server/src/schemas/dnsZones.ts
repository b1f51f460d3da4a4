import { Type, type Static } from 'typebox';

/** A DNS zone the panel manages customers' subdomains in, as the admin area shows it (never the TSIG key or API token). */
export const DnsZoneSchema = Type.Object(
  {
    zone: Type.String({ description: 'The zone, lower case, without the trailing dot (PANEL_DNS_ZONES)' }),
    provider: Type.Union([Type.Literal('rfc2136'), Type.Literal('cloudflare')], { description: 'How its records are written' }),
    server: Type.Union([Type.String(), Type.Null()], { description: 'host:port of the name server (RFC 2136) or the API’s address (Cloudflare); null: the public API' }),
    ttl: Type.Integer({ description: 'TTL of the records written, seconds' }),
    subdomains: Type.Integer({ description: 'Customers’ subdomains in the zone (each a set of A/AAAA and SRV records)' }),
    health: Type.Union([Type.Literal('ok'), Type.Literal('down'), Type.Literal('unchecked')], {
      description: 'ok: the name server or API accepted a connection just now; down: it did not; unchecked: a public API not probed',
    }),
  },
  { additionalProperties: false },
);
export type DnsZoneJson = Static<typeof DnsZoneSchema>;

export const DnsZonesAnswerSchema = Type.Object({
  data: Type.Array(DnsZoneSchema),
  meta: Type.Object({ configured: Type.Boolean({ description: 'false: the panel runs without DNS (no PANEL_DNS_ZONES), customers get no subdomains' }) }),
});
