import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { FieldErrors } from '../../lib/fieldErrors';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { AddDnsZoneBodySchema, DnsZoneAnswerSchema, DnsZoneParamsSchema, DnsZonesAnswerSchema } from '../../schemas/dnsZones';
import { addDnsZone, listDnsZones, MAX_DNS_ZONES, removeDnsZone } from '../../services/admin/dnsZones';

const security = [{ bearer: [] }];

/** The DNS zones of the admin API: what the panel writes customers' subdomains into, and whether it can. */
export async function adminDnsZoneRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const context = () => ({ db: app.db, config: app.config, settings: app.panelSettings });
  r.get(
    '/dns-zones',
    {
      schema: {
        operationId: 'listAdminDnsZones',
        tags: ['admin'],
        summary: 'The zones customers’ subdomains live in, with their name server, subdomain count and health',
        description:
          'The zones are the host’s run-time list (default PANEL_DNS_ZONES until one is added or removed here); the name server comes from the panel’s environment (PANEL_DNS_SERVER and PANEL_DNS_TSIG_KEY, or PANEL_DNS_CLOUDFLARE_*) and changes with a restart; the TSIG key and API token are never answered. Health is a connection to the service made for this answer (within a few seconds).',
        security,
        response: { 200: DnsZonesAnswerSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async () => {
      const { zones, configured } = await listDnsZones(context());
      return { data: zones, meta: { configured, max_zones: MAX_DNS_ZONES } };
    },
  );
  r.post(
    '/dns-zones',
    {
      schema: {
        operationId: 'addAdminDnsZone',
        tags: ['admin'],
        summary: 'Add a zone customers may pick a subdomain under (every panel process offers it within a second)',
        description: `The zone is lower-cased and loses a trailing dot. Not a DNS name, already listed, or ${MAX_DNS_ZONES} zones listed → 422 on \`zone\`; no name server configured → 409. The name server must accept the panel’s updates for the zone (TSIG key or API token).`,
        security,
        body: AddDnsZoneBodySchema,
        response: { 201: DnsZoneAnswerSchema, ...errorResponses(401, 403, 409, 419, 422, 429) },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      const zone = await addDnsZone(context(), request.body?.zone ?? '', FieldErrors.fromRequest(request), request.user?.id ?? null);
      return reply.code(201).send({ data: zone });
    },
  );
  r.delete(
    '/dns-zones/:zone',
    {
      schema: {
        operationId: 'removeAdminDnsZone',
        tags: ['admin'],
        summary: 'Remove a zone from the list customers pick from',
        description: 'Not listed → 404; while any server’s subdomain lives in the zone → 409 (its owner removes it or picks another zone first). Records already written stay with their subdomains.',
        security,
        params: DnsZoneParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 403, 404, 409, 419, 429) },
      },
    },
    async (request, reply) => {
      await removeDnsZone(context(), request.params.zone, request.user?.id ?? null);
      return reply.code(204).send(null);
    },
  );
}
