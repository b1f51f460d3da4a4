import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { fileOperation } from '../../services/files/fileErrors';
import { pullFromUrl } from '../../services/files/pull/pullFromUrl';
import { ServerParamsSchema } from '../../schemas/servers';
import { fileChangeOf, fileGuardOf, serverFilesOf, type FileRouteOptions } from './file-route-context';
import { diskFullResponse, PullBodySchema, tooLargeResponse } from '../../schemas/files';

/** POST /servers/{id}/files/pull: downloads a URL into the server's files. */
export async function pullFileRoute(app: FastifyInstance, { context }: FileRouteOptions): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/servers/:id/files/pull',
    {
      schema: {
        operationId: 'pullServerFile',
        tags: ['files'],
        summary: 'Download a file from a URL into the server',
        description:
          'Needs file.create, and file.update when it replaces a file. http(s) only; every address connected to (redirects included) must be public: loopback, private, ' +
          'link-local, shared (CGNAT), metadata and unique-local addresses are refused (422). Size, time and rate limited (429). ' +
          'Answers 204 once the file is saved.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: PullBodySchema,
        response: { 204: NoContentSchema, ...tooLargeResponse, ...diskFullResponse, ...errorResponses(400, 401, 403, 404, 419, 422, 429) },
      },
      config: { serverPermission: 'file.create' },
    },
    async (request, reply) => {
      const { server, files } = serverFilesOf(app, request);
      const { limits } = context;
      await app.rateLimit({ key: `files.pull:${request.user!.id}:${server.uuid}`, limit: limits.pullsPerWindow, windowMs: limits.pullWindowMs });
      const { url, directory, filename } = request.body;
      const saved = await fileOperation(() =>
        context.quota.withBudget(server, files, (budget) => pullFromUrl({ files, url, directory, filename, limits, allowHosts: app.config.pullAllowHosts ?? [], budget, guard: fileGuardOf(request) })),
      );
      await context.changes.record(fileChangeOf(request, 'pull'), { url: saved.source, file: saved.path, size: saved.size });
      return reply.code(204).send(null);
    },
  );
}
