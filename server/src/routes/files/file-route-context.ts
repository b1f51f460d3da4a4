import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerRow } from '../../db/schema';
import type { DiskQuota } from '../../services/files/DiskQuota';
import type { DownloadTokens } from '../../services/files/DownloadTokens';
import { guardOf, type FileGuard } from '../../services/files/fileGuard';
import type { FileLimits } from '../../services/files/fileLimits';
import { accessAllows } from '../../services/permissions/serverAccess';
import type { ServerFiles } from '../../runtime/files/ServerFiles';
import type { FileChange, FileChanges } from '../../services/files/FileChanges';

/** What every file route shares: the disk quota, the limits, the download signer and the audit trail of changes. */
export interface FileRouteContext {
  quota: DiskQuota;
  changes: FileChanges;
  limits: FileLimits;
  tokens: DownloadTokens;
}

/** The plugin options each file route is registered with. */
export interface FileRouteOptions {
  context: FileRouteContext;
}

/** The server of a server-scoped request and its files (through the runtime's file port). */
export function serverFilesOf(app: FastifyInstance, request: FastifyRequest): { server: ServerRow; files: ServerFiles } {
  const server = request.serverAccess!.server;
  return { server, files: app.runtime.files(server.uuid) };
}

/** What the caller may do, asked by an effect once it knows what it is (a write to a new path is a create). */
export function fileGuardOf(request: FastifyRequest): FileGuard {
  const access = request.serverAccess!;
  return guardOf((key) => accessAllows(access, key));
}

/** The change a request makes to its server's files, for the audit trail (`server.file.<action>`). */
export function fileChangeOf(request: FastifyRequest, action: string): FileChange {
  return { actor: { userId: request.user!.id, ip: request.ip }, serverUuid: request.serverAccess!.server.uuid, action };
}
