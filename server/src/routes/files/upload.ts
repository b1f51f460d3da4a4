import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ValidationError } from '../../lib/errors';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { DiskQuotaError, fileOperation } from '../../services/files/fileErrors';
import { receiveUpload } from '../../services/files/receiveUpload';
import { MAX_UPLOAD_PATH_BYTES } from '../../services/files/uploadPath';
import { ServerParamsSchema } from '../../schemas/servers';
import { fileChangeOf, fileGuardOf, serverFilesOf, type FileRouteOptions } from './file-route-context';
import { DirectoryQuerySchema, diskFullResponse, tooLargeResponse } from '../../schemas/files';

// Room for the multipart headers and boundaries when comparing Content-Length with the free space.
const MULTIPART_SLACK_BYTES = 1024 * 1024;

/** POST /servers/{id}/files/upload: many files (and folders to create), streamed to disk; all land or none does. */
export async function uploadFilesRoute(app: FastifyInstance, { context }: FileRouteOptions): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/servers/:id/files/upload',
    {
      schema: {
        operationId: 'uploadServerFiles',
        tags: ['files'],
        summary: 'Upload files and folders (multipart/form-data, one part per file)',
        description:
          "Needs file.create, and file.update when it replaces files. Each file part is streamed to disk; files of the same name are replaced. A part's file name may be a " +
          'relative path (a folder uploaded whole, e.g. world/region/r.0.0.mca): its folders are created inside the directory. ' +
          'Text fields named "folders" (optional, one relative path each, e.g. world/data) name folders to create as well, so the ' +
          'empty folders of a folder uploaded whole are kept; folders already there are left as they are. An upload may consist of ' +
          'folders alone, and may name at most a configured number of folders (1000 by default; more is refused with 422). Paths ' +
          'with .. (in any encoding), absolute paths, NUL bytes or symlinks leading out are refused (400 or 422), for files and ' +
          "folders alike. Over the size limit (413) or the plan's disk space (507), or on any other failure, none of the files is " +
          'kept and none of the folders it created remains.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        querystring: DirectoryQuerySchema,
        consumes: ['multipart/form-data'],
        response: { 204: NoContentSchema, ...tooLargeResponse, ...diskFullResponse, ...errorResponses(400, 401, 403, 404, 419, 422) },
      },
      config: { serverPermission: 'file.create' },
      // Refused partway (507 over the disk space, 413, …): the rest of the body is never read, so
      // the connection could carry no further request. It is closed after the answer instead of
      // being left stuck (which also held a graceful stop until the socket timed out).
      onSend: async (request, reply, payload) => {
        if (!request.raw.complete) {
          reply.header('connection', 'close');
          request.raw.resume();
        }
        return payload;
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new ValidationError({ files: ['Send the files as multipart/form-data.'] });
      const { server, files } = serverFilesOf(app, request);
      const { limits } = context;
      const uploaded = await fileOperation(() =>
        context.quota.withBudget(server, files, async (budget) => {
          // Refused before reading the body when it cannot fit at all.
          const declared = Number(request.headers['content-length'] ?? 0);
          if (declared > budget.freeBytes + MULTIPART_SLACK_BYTES) throw new DiskQuotaError(declared, budget.freeBytes, budget.limitBytes);
          // preservePath: a file name may carry folders (`world/region/r.0.0.mca`), checked by uploadPath.
          // One field more than allowed gets through, so that receiveUpload refuses it with a clear 422.
          const fields = limits.uploadFolders + 1;
          const parts = request.parts({
            preservePath: true,
            limits: { fileSize: limits.uploadFileBytes + 1, files: limits.uploadFiles, fields, fieldSize: MAX_UPLOAD_PATH_BYTES + 1, parts: limits.uploadFiles + fields },
          });
          return receiveUpload(files, request.query.directory, parts, limits, budget, fileGuardOf(request));
        }),
      );
      // `folders` only when some were asked for, so entries of plain file uploads read as before.
      const folders = uploaded.folders.length > 0 ? { folders: uploaded.folders } : {};
      await context.changes.record(fileChangeOf(request, 'upload'), { directory: request.query.directory, files: uploaded.files, ...folders });
      return reply.code(204).send(null);
    },
  );
}
