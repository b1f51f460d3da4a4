/** One file to upload and where it goes below the folder on screen: its name, or folders and its name. */
export interface UploadSource {
  file: File;
  /** Relative path with `/` between folders (`world/region/r.0.0.mca`); the API creates the folders. */
  path: string;
}

/**
 * Files chosen with a picker: a folder picker (`webkitdirectory`) gives each file its path below
 * the folder's parent (`world/level.dat`, the folder itself included); plain files keep their name.
 */
export function sourcesOfFiles(files: Iterable<File>): UploadSource[] {
  return Array.from(files, (file) => ({ file, path: file.webkitRelativePath || file.name }));
}

// A folder reader answers in batches (100 entries at a time in Chromium): read until it gives none.
async function readAllEntries(folder: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = folder.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

const isFolder = (entry: FileSystemEntry): entry is FileSystemDirectoryEntry => entry.isDirectory;
const isFile = (entry: FileSystemEntry): entry is FileSystemFileEntry => entry.isFile;

/** Every file below the dropped entries (folders walked to the end), each with its path from the drop. */
export async function sourcesOfEntries(entries: readonly FileSystemEntry[]): Promise<UploadSource[]> {
  const sources: UploadSource[] = [];
  for (const entry of entries) {
    if (isFolder(entry)) {
      sources.push(...(await sourcesOfEntries(await readAllEntries(entry))));
    } else if (isFile(entry)) {
      const file = await new Promise<File>((resolve, reject) => entry.file(resolve, reject));
      // fullPath is "/world/level.dat" for a file of a dropped folder "world".
      sources.push({ file, path: entry.fullPath.replace(/^\/+/, '') || file.name });
    }
  }
  return sources;
}

/**
 * The entries of a drop, taken while the drop event runs (the browser empties the DataTransfer
 * afterwards); null where the browser offers no entries, and only the plain files can be used.
 */
export function entriesOfDrop(transfer: DataTransfer): FileSystemEntry[] | null {
  const items = Array.from(transfer.items ?? []).filter((item) => item.kind === 'file');
  if (items.length === 0 || typeof items[0].webkitGetAsEntry !== 'function') return null;
  const entries = items.map((item) => item.webkitGetAsEntry());
  return entries.every((entry): entry is FileSystemEntry => entry !== null) ? entries : null;
}
