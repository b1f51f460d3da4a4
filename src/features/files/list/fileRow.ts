import type { FileEntry } from '../../../api/files';
import { joinPath } from '../filePaths';

/** An entry of the list with its full path from the server's root (the row's key). */
export type FileRow = FileEntry & { path: string };

/** The rows of a folder's listing. */
export function rowsOfFolder(directory: string, entries: readonly FileEntry[]): FileRow[] {
  return entries.map((entry) => ({ ...entry, path: joinPath(directory, entry.name) }));
}
