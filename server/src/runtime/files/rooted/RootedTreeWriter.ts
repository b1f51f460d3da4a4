import { randomBytes } from 'node:crypto';
import type { ConfinedDir } from '../../confined/ConfinedDir';
import { PathEscapeError } from '../../confined/PathEscapeError';
import { removeTree } from '../../confined/removeTree';
import { writeChunks } from '../../confined/writeChunks';
import type { TreeWriteOptions, TreeWriter } from '../ServerFiles';
import { HeldFolders, segmentsOf } from './HeldFolders';

const errno = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code ?? '';
const failure = (code: string, message: string) => Object.assign(new Error(message), { code });

/**
 * The TreeWriter of a local folder: each folder below the base is opened once (relative to its
 * parent's descriptor, O_NOFOLLOW, checked inside the root) and reused while writes go on in it;
 * every effect checks again that its folder is still inside the root (ConfinedDir), so a folder
 * the game moves out or swaps for a link meanwhile cannot lead a write outside. A new file is
 * created exclusively where it goes (one open instead of a temp file, checks and a rename).
 */
export class RootedTreeWriter implements TreeWriter {
  private readonly folders: HeldFolders;

  /** `openBase` opens the base folder, at the first effect (and it stays open until close). */
  constructor(openBase: () => Promise<ConfinedDir>) {
    this.folders = new HeldFolders(openBase);
  }

  async mkdir(path: string, mode = 0o755): Promise<boolean> {
    const segments = segmentsOf(path);
    const name = segments.pop();
    if (name === undefined || this.folders.has([...segments, name])) return false;
    const made = await this.folders.in(segments, true, (parent) =>
      parent.mkdir(name, mode).then(
        () => true,
        (error) => {
          if (errno(error) === 'EEXIST') return false;
          throw error;
        },
      ),
    );
    // Opened (and so checked to be a folder, not a link) now, for the entries that follow.
    await this.folders.in([...segments, name], false, async () => undefined);
    return made;
  }

  async writeStream(path: string, source: AsyncIterable<Buffer | string> | Iterable<Buffer>, options: TreeWriteOptions = {}): Promise<void> {
    const { mode = 0o644, durable = true, reusesChunks = false, mtimeMs } = options;
    const segments = segmentsOf(path);
    const name = segments.pop();
    if (name === undefined) throw failure('EISDIR', `"${path}" is a folder, not a file.`);
    await this.folders.in(segments, false, async (dir) => {
      let written = name;
      let handle;
      try {
        handle = await dir.createFile(name, mode);
      } catch (error) {
        if (errno(error) !== 'EEXIST') throw error;
        // Something is there already: a file is replaced atomically, a folder is not a file.
        const existing = await dir.lstatOrNull(name);
        if (existing?.isDirectory()) throw failure('EISDIR', `"${path}" is a folder, not a file.`);
        // Only the game puts a link there: refused, neither followed nor replaced.
        if (existing?.isSymbolicLink()) throw new PathEscapeError(dir.child(name));
        written = `.${randomBytes(6).toString('hex')}.tmp`;
        handle = await dir.createFile(written, mode);
      }
      try {
        try {
          await writeChunks(handle, source, { sync: durable, reusedChunks: reusesChunks });
          // Through the open file itself (futimens): no path is looked up again, no link followed.
          if (mtimeMs !== undefined) await handle.utimes(new Date(mtimeMs), new Date(mtimeMs));
        } finally {
          await handle.close();
        }
        if (written !== name) await dir.rename(written, dir, name);
      } catch (error) {
        await dir.unlink(written).catch(() => undefined);
        throw error;
      }
    });
  }

  async chmod(path: string, mode: number): Promise<void> {
    const segments = segmentsOf(path);
    const name = segments.pop();
    if (name === undefined) throw failure('EBUSY', 'The base folder of a tree keeps its permissions.');
    await this.folders.in(segments, false, (dir) => dir.chmod(name, mode));
  }

  async remove(path: string): Promise<void> {
    const segments = segmentsOf(path);
    const name = segments.pop();
    if (name === undefined) throw failure('EBUSY', 'The base folder of a tree cannot be removed through it.');
    // Folders held at or below the entry no longer lead anywhere useful: forgotten first.
    this.folders.forget([...segments, name]);
    await this.folders
      .in(segments, false, (dir) => removeTree(dir, name))
      .catch((error) => {
        if (errno(error) !== 'ENOENT') throw error;
      });
  }

  close(): Promise<void> {
    return this.folders.close();
  }
}
