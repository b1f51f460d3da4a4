import { HttpError, ValidationError } from '../../lib/errors';
import { PathEscapeError } from '../../runtime/files/PathEscapeError';

/** A change that would take the server over its plan's disk space (answered 507). */
export class DiskQuotaError extends HttpError {
  constructor(neededBytes: number, freeBytes: number, limitBytes: number) {
    const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    super(507, `Not enough disk space: this needs ${mib(neededBytes)} MiB, ${mib(Math.max(0, freeBytes))} MiB of the plan's ${mib(limitBytes)} MiB are free.`);
  }
}

/** An archive refused before or while extracting (answered 422 with the reason, on the field `file`). */
export class ArchiveRejectedError extends ValidationError {
  constructor(reason: string) {
    const message = `The archive cannot be extracted: ${reason}`;
    super({ file: [message] }, message);
  }
}

const byCode: Record<string, [number, string]> = {
  ENOENT: [404, 'The file or folder does not exist.'],
  EEXIST: [409, 'A file or folder with that name already exists.'],
  ENOTEMPTY: [409, 'The folder is not empty.'],
  ENOTDIR: [400, 'A part of the path is not a folder.'],
  EISDIR: [400, 'The path is a folder, not a file.'],
  ELOOP: [400, 'The path is a symbolic link, which cannot be opened here.'],
  EINVAL: [400, 'A folder cannot be moved into itself.'],
  ENAMETOOLONG: [400, 'The name is too long.'],
  EACCES: [403, 'The panel is not allowed to access this file.'],
  EPERM: [403, 'The panel is not allowed to change this file.'],
  ENOSPC: [507, "Not enough disk space: the server's disk is full. Remove files and try again; nothing was changed."],
  EDQUOT: [507, "Not enough disk space: the server's disk is full. Remove files and try again; nothing was changed."],
};

/**
 * File-system failures as clear answers: a path outside the root is 400 with its message, known
 * errno codes get their status; anything else stays an internal error (500, nothing leaked).
 */
export function toFileHttpError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  if (error instanceof PathEscapeError) return new HttpError(400, error.message);
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const known = code ? byCode[code] : undefined;
  return known ? new HttpError(known[0], known[1]) : error;
}

/** Runs a file operation and translates its failures with `toFileHttpError`. */
export async function fileOperation<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toFileHttpError(error);
  }
}
