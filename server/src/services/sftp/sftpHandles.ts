import { utils } from 'ssh2';
import type { ServerRow } from '../../db/schema';
import type { FileInfo, OpenFile, ServerFiles } from '../../runtime/files/ServerFiles';
import type { DiskBudget, DiskQuota } from '../files/DiskQuota';
import type { FileGuard } from '../files/fileGuard';
import { refusals } from './sftpStatus';
import { UploadStream } from './UploadStream';

const { OPEN_MODE } = utils.sftp;

/** A folder being listed: its entries, handed out a page at a time. */
export interface DirectoryHandle {
  kind: 'directory';
  path: string;
  entries: FileInfo[];
}

/** A file open for reading, at any offset. */
export interface ReadHandle {
  kind: 'read';
  path: string;
  file: OpenFile;
}

/** A file being uploaded: it appears (atomically) only when the handle is closed. */
export interface WriteHandle {
  kind: 'write';
  path: string;
  stream: UploadStream;
  budget: DiskBudget;
  /** The port's atomic write, reading the stream; settles once the file is in place or abandoned. */
  written: Promise<void>;
  /** Permission bits asked for after opening (SETSTAT on the handle), applied once the file exists. */
  mode?: number;
}

export type SftpHandle = DirectoryHandle | ReadHandle | WriteHandle;

/** What opening a file needs: the server's files, its quota and the caller's permission check. */
export interface OpenContext {
  server: ServerRow;
  files: ServerFiles;
  quota: DiskQuota;
  guard: FileGuard;
}

/** The entry at `path` itself; a link is refused (links are never followed over SFTP). */
export async function entryAt(files: ServerFiles, path: string): Promise<FileInfo | null> {
  const info = await files.lstat(path);
  if (info?.kind === 'symlink') throw refusals.link();
  return info;
}

const errno = (code: string, message: string) => Object.assign(new Error(message), { code });

/** Opens the regular file `path` for reading (file.read-content, as downloading in the browser). */
export async function openForReading({ files, guard }: OpenContext, path: string): Promise<ReadHandle> {
  guard('file.read-content');
  const info = await entryAt(files, path);
  if (!info) throw errno('ENOENT', 'No such file.');
  if (info.kind !== 'file') throw errno('EISDIR', 'Not a file.');
  const reader = await files.openTreeReader('');
  try {
    return { kind: 'read', path, file: await reader.open(path.slice(1)) };
  } finally {
    await reader.close();
  }
}

/**
 * Opens `path` for an upload. Only whole-file writes are offered (create, or replace with
 * truncation): the bytes go to the port's atomic write, so the file appears complete on close or
 * not at all, and every byte is counted against the plan's disk space. A new file needs
 * file.create, replacing one file.update, as in the browser's file manager.
 */
export async function openForWriting({ server, files, quota, guard }: OpenContext, path: string, flags: number, mode: number | undefined): Promise<WriteHandle> {
  if (flags & (OPEN_MODE.READ | OPEN_MODE.APPEND)) throw refusals.partialWrite();
  const existing = await entryAt(files, path);
  if (existing?.kind === 'directory') throw errno('EISDIR', 'Is a folder.');
  if (existing && flags & OPEN_MODE.EXCL) throw errno('EEXIST', 'Exists.');
  if (existing && !(flags & OPEN_MODE.TRUNC)) throw refusals.partialWrite();
  const need = (target: FileInfo | null) => {
    if (target?.kind === 'symlink') throw refusals.link();
    guard(target ? 'file.update' : 'file.create');
  };
  need(existing);
  const budget = await quota.open(server, files);
  const stream = new UploadStream();
  const permissions = mode === undefined ? undefined : mode & 0o777;
  const written = files.writeStream(path, stream, { createFolders: false, mode: permissions, keepMode: permissions === undefined, onTarget: need });
  // A failed write (disk full, refused target) fails the stream too, so the client's next write hears of it.
  written.catch((error: Error) => stream.fail(error));
  return { kind: 'write', path, stream, budget, written };
}
