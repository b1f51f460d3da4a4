/** One file to upload and where it goes below the folder on screen: its name, or folders and its name. */
export interface UploadSource {
  file: File;
  /** Relative path with `/` between folders (`world/region/r.0.0.mca`); the API creates the folders. */
  path: string;
}

/**
 * Files chosen with a picker: a folder picker (`webkitdirectory`) gives each file its path below
 * the folder's parent (`world/level.dat`, the folder itself included); plain files keep their name.
 * A folder picker lists files only: browsers do not tell a page about the empty folders of the
 * folder picked (nor about a picked folder that is empty), so those cannot be uploaded this way.
 * Dropping the folder instead keeps them (see {@link readDroppedEntries}).
 */
export function sourcesOfFiles(files: Iterable<File>): UploadSource[] {
  return Array.from(files, (file) => ({ file, path: file.webkitRelativePath || file.name }));
}

/** What a drop holds: its files, and its empty folders (which no file's path would create). */
export interface DroppedEntries {
  sources: UploadSource[];
  /** Relative paths of the folders without any entry (`world/data`), the deepest ones only. */
  emptyFolders: string[];
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

// The path of an entry from the drop: fullPath is "/world/level.dat" for a file of a dropped folder "world".
const relativePath = (entry: FileSystemEntry) => entry.fullPath.replace(/^\/+/, '') || entry.name;

async function walk(entries: readonly FileSystemEntry[], into: DroppedEntries): Promise<void> {
  for (const entry of entries) {
    if (isFolder(entry)) {
      const children = await readAllEntries(entry);
      // A folder with entries is created by its files' paths or its own empty subfolders.
      if (children.length === 0) into.emptyFolders.push(relativePath(entry));
      else await walk(children, into);
    } else if (isFile(entry)) {
      const file = await new Promise<File>((resolve, reject) => entry.file(resolve, reject));
      into.sources.push({ file, path: relativePath(entry) });
    }
  }
}

/**
 * Every file below the dropped entries (folders walked to the end), each with its path from the
 * drop, and every empty folder among them, so that the upload recreates the folder as it was.
 */
export async function readDroppedEntries(entries: readonly FileSystemEntry[]): Promise<DroppedEntries> {
  const dropped: DroppedEntries = { sources: [], emptyFolders: [] };
  await walk(entries, dropped);
  return dropped;
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
