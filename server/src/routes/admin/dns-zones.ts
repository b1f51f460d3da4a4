import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { DnsZonesAnswerSchema } from '../../schemas/dnsZones';
import { listDnsZones } from '../../services/admin/dnsZones';

const security = [{ bearer: [] }];

/** The DNS zones of the admin API: what the panel writes customers' subdomains into, and whether it can. */
export async function adminDnsZoneRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get(
    '/dns-zones',
    {
      schema: {
        operationId: 'listAdminDnsZones',
        tags: ['admin'],
        summary: 'The zones customers’ subdomains live in, with their name server, subdomain count and health',
        description:
          'The zones and their service come from the panel’s settings (PANEL_DNS_ZONES, PANEL_DNS_SERVER and PANEL_DNS_TSIG_KEY, or PANEL_DNS_CLOUDFLARE_*) and change with a restart; the TSIG key and API token are never answered. Health is a connection to the service made for this answer (within a few seconds).',
        security,
        response: { 200: DnsZonesAnswerSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async () => {
      const { zones, configured } = await listDnsZones(app.db, app.config);
      return { data: zones, meta: { configured } };
    },
  );
}
