import { ValidationError } from '../lib/errors';
import { PathEscapeError } from '../runtime/RootedFileSystem';
import { checkUserPath } from './checkUserPath';

/** Folders an uploaded file may sit in below the upload folder (a folder picked or dropped whole). */
const MAX_DEPTH = 32;
const MAX_PATH_BYTES = 4096;

const invalid = (path: string, why: string) => new ValidationError({ files: [`"${path.replace(/\0/g, '\\0')}" is not a valid file name: ${why}`] });

/**
 * The path an uploaded file is saved at, relative to the upload folder: a file name, or folders
 * and a file name separated by `/` when a whole folder is uploaded (`world/region/r.0.0.mca`).
 * Refused like every other path a client gives: `..` in any spelling, NUL bytes, absolute paths
 * (a leading `/` or `\`), backslashes; and empty or `.` parts, parts over 255 bytes, more than 32
 * folders. The result is relative and normalised; where it really lands is resolved later.
 */
export function uploadPath(filename: string | undefined): string {
  const path = (filename ?? '').trim();
  if (path.includes('\0') || /^[/\\]/.test(path)) throw new PathEscapeError(path);
  if (path.includes('\\')) throw invalid(path, 'backslashes are not allowed.');
  const parts = path.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..')) throw invalid(path, 'empty, "." and ".." parts are not allowed.');
  if (parts.some((part) => Buffer.byteLength(part) > 255)) throw invalid(path, 'a part is longer than 255 bytes.');
  if (parts.length > MAX_DEPTH + 1 || Buffer.byteLength(path) > MAX_PATH_BYTES) throw invalid(path, 'the path is too deep or too long.');
  // `..` in every other spelling (%2e%2e, fullwidth dots) and what decodes to a NUL.
  return checkUserPath(path);
}
