import { ValidationError } from '../../lib/errors';
import { PathEscapeError } from '../../runtime/files/PathEscapeError';
import { checkUserPath } from './checkUserPath';

/** Folders an uploaded file may sit in below the upload folder (a folder picked or dropped whole). */
const MAX_DEPTH = 32;
/** Longest relative path of an uploaded file or folder, in bytes. */
export const MAX_UPLOAD_PATH_BYTES = 4096;

/** What a relative path of an upload names: a file part (`files`) or a folder to create (`folders`). */
export type UploadPathField = 'files' | 'folders';

/** A 422 on `field` saying why `path` was refused. */
export function invalidUploadPath(path: string, why: string, field: UploadPathField = 'files'): ValidationError {
  const noun = field === 'files' ? 'file' : 'folder';
  const message = `"${path.replace(/\0/g, '\\0')}" is not a valid ${noun} name: ${why}`;
  return new ValidationError({ [field]: [message] }, message);
}

/**
 * The path an uploaded file is saved at, relative to the upload folder: a file name, or folders
 * and a file name separated by `/` when a whole folder is uploaded (`world/region/r.0.0.mca`).
 * The folders an upload asks to create (empty folders of a folder uploaded whole, field `folders`)
 * go through the same rules. Refused like every other path a client gives: `..` in any spelling,
 * NUL bytes, absolute paths (a leading `/` or `\`), backslashes; and empty or `.` parts, parts
 * over 255 bytes, more than 32 folders. The result is relative and normalised; where it really
 * lands is resolved later.
 */
export function uploadPath(filename: string | undefined, field: UploadPathField = 'files'): string {
  const path = (filename ?? '').trim();
  if (path.includes('\0') || /^[/\\]/.test(path)) throw new PathEscapeError(path);
  if (path.includes('\\')) throw invalidUploadPath(path, 'backslashes are not allowed.', field);
  const parts = path.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..')) throw invalidUploadPath(path, 'empty, "." and ".." parts are not allowed.', field);
  if (parts.some((part) => Buffer.byteLength(part) > 255)) throw invalidUploadPath(path, 'a part is longer than 255 bytes.', field);
  if (parts.length > MAX_DEPTH + 1 || Buffer.byteLength(path) > MAX_UPLOAD_PATH_BYTES) throw invalidUploadPath(path, 'the path is too deep or too long.', field);
  // `..` in every other spelling (%2e%2e, fullwidth dots) and what decodes to a NUL.
  return checkUserPath(path);
}
