import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { ModpackInstallAnswerSchema, ModpackInstallBodySchema } from '../../schemas/modpacks';
import { ServerParamsSchema } from '../../schemas/servers';
import { BadGateway, NoSpace } from './responses';

/** POST /servers/{id}/modpacks/install: checks a modpack, then installs it as a job. */
export async function installModpackRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
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
