import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import {
  ModpackInstallAnswerSchema,
  ModpackInstallBodySchema,
  ModpackProjectParamsSchema,
  ModpackSearchQuerySchema,
  ModpackSearchSchema,
  ModpacksOverviewSchema,
  ModpackVersionsSchema,
  type ModpackSearchJson,
  type ModpacksOverviewJson,
  type ModpackVersionsJson,
} from '../../schemas/modpacks';
import { ServerParamsSchema } from '../../schemas/servers';

/** Shared schema components of the modpacks area (registered once at the root). */
export function addModpackSchemas(app: FastifyInstance): void {
  app.addSchema(ModpacksOverviewSchema);
  app.addSchema(ModpackSearchSchema);
  app.addSchema(ModpackVersionsSchema);
}

const BadGateway = Type.Object({ message: Type.String() }, { description: 'The catalogue cannot be reached; nothing was changed' });
const NoSpace = Type.Object({ message: Type.String() }, { description: 'The modpack does not fit in the plan’s disk space; nothing was changed' });

/** The modpacks area under /api/v2/servers/{id}/modpacks (tag `modpacks`). */
export async function modpackRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  typed.get(
    '/:id/modpacks',
    {
      schema: {
        operationId: 'getServerModpacks',
        tags: ['modpacks'],
        summary: 'The installed modpack and its version, an update on offer, and the install job',
        description: 'Needs modpacks.read.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        response: { 200: Type.Object({ data: Type.Unsafe<ModpacksOverviewJson>(Type.Ref('ModpacksOverview')) }), ...errorResponses(401, 403, 404) },
      },
      config: { serverPermission: 'modpacks.read' },
    },
    async (request) => ({ data: await app.modpacks.overview(request.serverAccess!.server) }),
  );

  typed.get(
    '/:id/modpacks/search',
    {
      schema: {
        operationId: 'searchServerModpacks',
        tags: ['modpacks'],
        summary: 'Browse modpacks (Modrinth; CurseForge and FTB are listed with why they cannot be browsed)',
        description: 'Catalogue unreachable and nothing cached → 502 with the reason. Needs modpacks.read.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        querystring: ModpackSearchQuerySchema,
        response: { 200: Type.Object({ data: Type.Unsafe<ModpackSearchJson>(Type.Ref('ModpackSearch')) }), ...errorResponses(401, 403, 404, 422, 429), 502: BadGateway },
      },
      config: { serverPermission: 'modpacks.read' },
    },
    async (request) => {
      await app.rateLimit({ key: `modpacks.search:${request.user!.id}`, limit: 120, windowMs: 60_000 });
      return { data: await app.modpacks.search(request.query) };
    },
  );

  typed.get(
    '/:id/modpacks/projects/:project/versions',
    {
      schema: {
        operationId: 'listServerModpackVersions',
        tags: ['modpacks'],
        summary: 'A Modrinth modpack and its versions, newest first',
        description: 'Unknown project or not a modpack → 422; catalogue unreachable → 502. Needs modpacks.read.',
        security: [{ bearer: [] }],
        params: ModpackProjectParamsSchema,
        response: { 200: Type.Object({ data: Type.Unsafe<ModpackVersionsJson>(Type.Ref('ModpackVersions')) }), ...errorResponses(401, 403, 404, 422), 502: BadGateway },
      },
      config: { serverPermission: 'modpacks.read' },
    },
    async (request) => ({ data: await app.modpacks.versions(request.params.project) }),
  );

  typed.post(
    '/:id/modpacks/install',
    {
      schema: {
        operationId: 'installServerModpack',
        tags: ['modpacks'],
        summary: 'Install a modpack (.mrpack) from Modrinth or from the server’s files',
        description:
          'The pack is read and checked first: paths with `..`, absolute paths or links, files from hosts other than cdn.modrinth.com, github.com, raw.githubusercontent.com and gitlab.com, files over the size cap, or a loader the catalogue lacks → 422 and nothing is written. Then a job (202, progress on the server socket as `version switch` events of kind `modpack`): stop, backup, download the files meant for servers (in parallel, each SHA-512 verified), set up the loader and Minecraft version, put the files, overrides and server-overrides in place, keep or reset the world, start again if it was running. Any failure rolls back to the previous state. A job already running → 409; catalogue unreachable → 502; not enough disk space in the plan → 507. Needs modpacks.install; audited.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: ModpackInstallBodySchema,
        response: { 202: Type.Object({ data: ModpackInstallAnswerSchema }), ...errorResponses(401, 403, 404, 409, 419, 422, 429), 502: BadGateway, 507: NoSpace },
      },
      config: { serverPermission: 'modpacks.install' },
    },
    async (request, reply) => {
      const server = request.serverAccess!.server;
      await app.rateLimit({ key: `modpacks.install:${request.user!.id}:${server.uuid}`, limit: 10, windowMs: 60_000 });
      const answer = await app.modpacks.install(server, request.body, { userId: request.user!.id, ip: request.ip });
      return reply.code(202).send({ data: answer });
    },
  );
}
