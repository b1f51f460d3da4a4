import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import {
  SoftwareParamsSchema,
  SoftwareVersionsSchema,
  SwitchBodySchema,
  SwitchJobSchema,
  VersionsOverviewSchema,
  VersionsQuerySchema,
  type SoftwareVersionsJson,
  type VersionsOverviewJson,
} from '../../schemas/versions';
import { ServerParamsSchema } from '../../schemas/servers';

/** Shared schema components of the versions area (registered once at the root). */
export function addVersionSchemas(app: FastifyInstance): void {
  app.addSchema(VersionsOverviewSchema);
  app.addSchema(SoftwareVersionsSchema);
}

const BadGateway = Type.Object({ message: Type.String() }, { description: 'The catalogue cannot be reached and nothing is cached' });

/** The versions area under /api/v2/servers/{id}/versions (tag `versions`). */
export async function versionRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  typed.get(
    '/:id/versions',
    {
      schema: {
        operationId: 'getServerVersions',
        tags: ['versions'],
        summary: 'Current software and version, the software it can switch to, and the last switch',
        description: 'Needs versions.read.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        response: { 200: Type.Object({ data: Type.Unsafe<VersionsOverviewJson>(Type.Ref('VersionsOverview')) }), ...errorResponses(401, 403, 404) },
      },
      config: { serverPermission: 'versions.read' },
    },
    async (request) => ({ data: await app.versions.versionsOverview(request.serverAccess!.server) }),
  );

  typed.get(
    '/:id/versions/software/:software',
    {
      schema: {
        operationId: 'listServerSoftwareVersions',
        tags: ['versions'],
        summary: 'The versions of one software from its catalogue',
        description:
          'type = release (default), snapshot or all; search matches the version id. Each version says whether it is a downgrade from the current one and whether it needs a newer Java than the node has. When the catalogue cannot be reached the cached list is answered with stale_since; without a cache 502. Unknown software → 422. Needs versions.read.',
        security: [{ bearer: [] }],
        params: SoftwareParamsSchema,
        querystring: VersionsQuerySchema,
        response: { 200: Type.Object({ data: Type.Unsafe<SoftwareVersionsJson>(Type.Ref('SoftwareVersions')) }), ...errorResponses(401, 403, 404, 422), 502: BadGateway },
      },
      config: { serverPermission: 'versions.read' },
    },
    async (request) => ({ data: await app.versions.softwareVersions(request.serverAccess!.server, request.params.software, request.query) }),
  );

  typed.get(
    '/:id/versions/job',
    {
      schema: {
        operationId: 'getServerVersionJob',
        tags: ['versions'],
        summary: 'The version switch or setup running on the server (or the last one)',
        description: 'Progress also goes out on the server socket as `version switch` events. Needs versions.read.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        response: { 200: Type.Object({ data: Type.Union([SwitchJobSchema, Type.Null()]) }), ...errorResponses(401, 403, 404) },
      },
      config: { serverPermission: 'versions.read' },
    },
    async (request) => ({ data: app.switchJobs.jobOf(request.serverAccess!.server.uuid) }),
  );

  typed.post(
    '/:id/versions/switch',
    {
      schema: {
        operationId: 'switchServerVersion',
        tags: ['versions'],
        summary: 'Switch the server software or version',
        description:
          'Runs as a job (202): stop, backup, download and verify the checksum, install keeping the world and config, start again if it was running. Any failure rolls back to the previous software. Unknown software, version or build, or software this server cannot run → 422; a switch or setup already running → 409; catalogue unreachable → 502. Needs versions.update; audited.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: SwitchBodySchema,
        response: { 202: Type.Object({ data: SwitchJobSchema }), ...errorResponses(401, 403, 404, 409, 419, 422, 429), 502: BadGateway },
      },
      config: { serverPermission: 'versions.update' },
    },
    async (request, reply) => {
      const server = request.serverAccess!.server;
      await app.rateLimit({ key: `versions.switch:${request.user!.id}:${server.uuid}`, limit: 10, windowMs: 60_000 });
      const job = await app.versions.requestSwitch(server, request.body, { userId: request.user!.id, ip: request.ip });
      return reply.code(202).send({ data: job });
    },
  );
}
