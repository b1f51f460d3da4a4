import { utils } from 'ssh2';
import { HttpError } from '../../lib/errors';
import { PathEscapeError } from '../../runtime/files/PathEscapeError';
import { DiskQuotaError } from '../files/fileErrors';
import { OutsideRootError } from './sftpPaths';

const { STATUS_CODE } = utils.sftp;

/** An SFTP status answer: its code and the message clients print. */
export interface SftpStatus {
  code: number;
  message: string;
}

/** A refusal decided by the SFTP door itself (an operation it does not offer, a link). */
export class SftpRefusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const refusals = {
  link: () => new SftpRefusal(STATUS_CODE.PERMISSION_DENIED, 'Symbolic links are not followed or made over SFTP.'),
  partialWrite: () => new SftpRefusal(STATUS_CODE.OP_UNSUPPORTED, 'Files are uploaded whole: open them for writing with truncation.'),
  outOfOrder: () => new SftpRefusal(STATUS_CODE.FAILURE, 'Writes must follow each other without gaps.'),
  badHandle: () => new SftpRefusal(STATUS_CODE.FAILURE, 'Unknown handle.'),
};

const byCode: Record<string, [number, string]> = {
  ENOENT: [STATUS_CODE.NO_SUCH_FILE, 'No such file or folder.'],
  EEXIST: [STATUS_CODE.FAILURE, 'A file or folder with that name already exists.'],
  ENOTEMPTY: [STATUS_CODE.FAILURE, 'The folder is not empty.'],
  ENOTDIR: [STATUS_CODE.FAILURE, 'A part of the path is not a folder.'],
  EISDIR: [STATUS_CODE.FAILURE, 'The path is a folder, not a file.'],
  ELOOP: [STATUS_CODE.PERMISSION_DENIED, 'Symbolic links are not followed over SFTP.'],
  EINVAL: [STATUS_CODE.FAILURE, 'A folder cannot be moved into itself.'],
  ENOSPC: [STATUS_CODE.FAILURE, 'Disk quota exceeded: the server’s disk is full.'],
  EDQUOT: [STATUS_CODE.FAILURE, 'Disk quota exceeded: the server’s disk is full.'],
};

/** Any failure of an operation as the status the client gets; null for an internal error (logged, answered as a bare failure). */
export function statusOf(error: unknown): SftpStatus | null {
  if (error instanceof SftpRefusal) return { code: error.code, message: error.message };
  if (error instanceof OutsideRootError || error instanceof PathEscapeError) return { code: STATUS_CODE.PERMISSION_DENIED, message: 'The path leads outside the server’s files.' };
  if (error instanceof DiskQuotaError) return { code: STATUS_CODE.FAILURE, message: `Disk quota exceeded. ${error.message}` };
  if (error instanceof HttpError && error.statusCode === 403) return { code: STATUS_CODE.PERMISSION_DENIED, message: 'Your permissions on this server do not allow this.' };
  if (error instanceof HttpError && error.statusCode < 500) return { code: STATUS_CODE.FAILURE, message: error.message };
  const known = byCode[(error as NodeJS.ErrnoException | null)?.code ?? ''];
  return known ? { code: known[0], message: known[1] } : null;
}
