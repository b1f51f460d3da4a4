import { HttpError } from '../../../lib/errors';
import { ArchiveRejectedError } from '../fileErrors';

/**
 * Errors of the archive readers (yauzl, node-tar, zlib) mean a damaged archive and become a 422
 * with the reader's reason; file-system errors (errno codes such as ENOSPC) and our own refusals
 * pass through unchanged.
 */
export function asArchiveFault(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code && /^E[A-Z]+$/.test(code)) return error;
  const reason = error instanceof Error ? error.message.replace(/^TAR_[A-Z_]+:\s*/, '') : String(error);
  return new ArchiveRejectedError(`it is damaged or not a valid archive (${reason}).`);
}
