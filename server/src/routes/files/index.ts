import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { DownloadTokens } from '../../services/files/DownloadTokens';
import { FileChanges } from '../../services/files/FileChanges';
import { fileLimitsOf } from '../../services/files/fileLimits';
import type { FileRouteContext } from './file-route-context';
import { FileEntrySchema } from '../../schemas/files';
import { listFilesRoute } from './list';
import { fileContentsRoute } from './contents';
import { writeFileRoute } from './write';
import { createFolderRoute } from './create-folder';
import { renameFilesRoute } from './rename';
import { copyFileRoute } from './copy';
import { deleteFilesRoute } from './delete';
import { chmodFilesRoute } from './chmod';
import { compressFilesRoute } from './compress';
import { decompressFileRoute } from './decompress';
import { uploadFilesRoute } from './upload';
import { downloadUrlRoute } from './download';
import { downloadTokenRoute } from './download-token';
import { pullFileRoute } from './pull';
import { searchFilesRoute } from './search';

/** Shared schema component `FileEntry` (registered once at the root). */
export function addFileSchemas(app: FastifyInstance): void {
  app.addSchema(FileEntrySchema);
}

/** The file manager under /api/v2 (tag `files`): /servers/{id}/files/* and /files/download/{token}. */
export async function fileRoutes(app: FastifyInstance): Promise<void> {
  // Multipart parsing only for these routes; files are streamed, never buffered.
  await app.register(multipart);
  const context: FileRouteContext = { quota: app.diskQuota, changes: new FileChanges({ db: app.db }), limits: fileLimitsOf(app.config), tokens: new DownloadTokens(app.config.secret) };
  const options = { context };
  await app.register(listFilesRoute);
  await app.register(fileContentsRoute, options);
  await app.register(writeFileRoute, options);
  await app.register(createFolderRoute, options);
  await app.register(renameFilesRoute, options);
  await app.register(copyFileRoute, options);
  await app.register(deleteFilesRoute, options);
  await app.register(chmodFilesRoute, options);
  await app.register(compressFilesRoute, options);
  await app.register(decompressFileRoute, options);
  await app.register(uploadFilesRoute, options);
  await app.register(downloadUrlRoute, options);
  await app.register(downloadTokenRoute, options);
  await app.register(pullFileRoute, options);
  await app.register(searchFilesRoute, options);
}
