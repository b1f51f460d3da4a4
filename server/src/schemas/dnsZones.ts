import { Type, type Static } from 'typebox';

/** A DNS zone the panel manages customers' subdomains in, as the admin area shows it (never the TSIG key or API token). */
export const DnsZoneSchema = Type.Object(
  {
    zone: Type.String({ description: 'The zone, lower case, without the trailing dot (the host’s list; default PANEL_DNS_ZONES)' }),
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
  meta: Type.Object({
    configured: Type.Boolean({ description: 'false: the panel has no name server (PANEL_DNS_SERVER or PANEL_DNS_CLOUDFLARE_API_TOKEN), customers get no subdomains' }),
    max_zones: Type.Integer({ description: 'How many zones the list may hold' }),
  }),
});

export const DnsZoneAnswerSchema = Type.Object({ data: DnsZoneSchema });

/** A zone to add: a DNS name of two labels or more (upper case and a trailing dot are accepted and dropped). */
export const AddDnsZoneBodySchema = Type.Object({ zone: Type.String({ minLength: 1, maxLength: 254, description: 'e.g. play.example.com' }) }, { additionalProperties: false });
export type AddDnsZoneBody = Static<typeof AddDnsZoneBodySchema>;

export const DnsZoneParamsSchema = Type.Object({ zone: Type.String({ maxLength: 254 }) });
