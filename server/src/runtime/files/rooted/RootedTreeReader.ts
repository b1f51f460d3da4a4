import type { ConfinedDir } from '../../confined/ConfinedDir';
import type { FileInfo, OpenFile, TreeReader } from '../ServerFiles';
import { fileInfoOf } from './fileInfo';
import { HeldFolders, segmentsOf } from './HeldFolders';

const errno = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code ?? '';

/**
 * The TreeReader of a local folder: each folder below the base is opened once (relative to its
 * parent's descriptor, O_NOFOLLOW, checked inside the root) and reused while files in it are read.
 * A file is opened relative to its held folder with O_NOFOLLOW and its real place checked to be
 * inside the root (ConfinedDir.openRead), so a folder the game moves out or swaps for a link
 * meanwhile cannot lead a read outside: the file opened is refused instead.
 */
export class RootedTreeReader implements TreeReader {
  private readonly folders: HeldFolders;

  /** `openBase` opens the base folder, at the first effect (and it stays open until close). */
  constructor(openBase: () => Promise<ConfinedDir>) {
    this.folders = new HeldFolders(openBase);
  }

  async lstat(path: string): Promise<FileInfo | null> {
    const segments = segmentsOf(path);
    const name = segments.pop();
    try {
      return await this.folders.in(segments, false, async (dir) => {
        // A held folder may have been moved out since: nothing outside the root is described.
        await dir.verify();
        if (name === undefined) return fileInfoOf('', await dir.stat());
        const stats = await dir.lstatOrNull(name);
        if (!stats) return null;
        return fileInfoOf(name, stats, stats.isSymbolicLink() ? await dir.readlink(name) : undefined);
      });
    } catch (error) {
      // A folder on the way that is gone, or is not a folder now (a link is never entered).
      if (errno(error) === 'ENOENT' || errno(error) === 'ENOTDIR') return null;
      throw error;
    }
  }

  async open(path: string): Promise<OpenFile> {
    const segments = segmentsOf(path);
    const name = segments.pop();
    if (name === undefined) throw Object.assign(new Error('The base folder of a tree is not a file.'), { code: 'EISDIR' });
    const { handle, stats } = await this.folders.in(segments, false, (dir) => dir.openRead(name));
    return {
      info: fileInfoOf(name, stats),
      read: async (buffer, offset, length, position) => (await handle.read(buffer, offset, length, position)).bytesRead,
      close: () => handle.close(),
    };
  }

  close(): Promise<void> {
    return this.folders.close();
  }
}
