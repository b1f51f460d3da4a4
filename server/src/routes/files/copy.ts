import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { copyEntry } from '../../services/files/copyEntry';
import { fileOperation } from '../../services/files/fileErrors';
import { ServerParamsSchema } from '../../schemas/servers';
import { fileChangeOf, serverFilesOf, type FileRouteOptions } from './file-route-context';
import { CopyBodySchema, diskFullResponse } from '../../schemas/files';

/** POST /servers/{id}/files/copy: a copy beside the original ("name copy.ext"). */
export async function copyFileRoute(app: FastifyInstance, { context }: FileRouteOptions): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/servers/:id/files/copy',
    {
      schema: {
        operationId: 'copyServerFile',
        tags: ['files'],
        summary: 'Copy a file or folder beside itself',
        description: 'Needs file.create. The copy is named "<name> copy<.ext>" (then "copy 2" …).',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: CopyBodySchema,
        response: { 204: NoContentSchema, ...diskFullResponse, ...errorResponses(400, 401, 403, 404, 419, 422) },
      },
      config: { serverPermission: 'file.create' },
    },
    async (request, reply) => {
      const { server, files } = serverFilesOf(app, request);
      const copy = await fileOperation(() => context.quota.withBudget(server, files, (budget) => copyEntry(files, request.body.location, budget)));
      await context.changes.record(fileChangeOf(request, 'copy'), { file: request.body.location, copy });
      return reply.code(204).send(null);
    },
  );
}
