import { randomBytes } from 'node:crypto';
import type { ConfinedDir } from '../../confined/ConfinedDir';
import { PathEscapeError } from '../../confined/PathEscapeError';
import { removeTree } from '../../confined/removeTree';
import { writeChunks } from '../../confined/writeChunks';
import type { TreeWriter } from '../ServerFiles';

const errno = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code ?? '';
const failure = (code: string, message: string) => Object.assign(new Error(message), { code });

/** Folders kept open when no write uses them (a restore enters folders one after the other). */
const IDLE_FOLDERS = 64;

/** A folder held open, and how many effects are using it now (it is closed only when none is). */
interface Held {
  dir: Promise<ConfinedDir>;
  users: number;
}

/** The names of a relative path (checked by ConfinedDir: no `..`, no NUL). */
const segmentsOf = (path: string) => path.split('/').filter((part) => part !== '');

/**
 * The TreeWriter of a local folder: each folder below the base is opened once (relative to its
 * parent's descriptor, O_NOFOLLOW, checked inside the root) and reused while writes go on in it;
 * every effect checks again that its folder is still inside the root (ConfinedDir), so a folder
 * the game moves out or swaps for a link meanwhile cannot lead a write outside. A new file is
 * created exclusively where it goes (one open instead of a temp file, checks and a rename).
 */
export class RootedTreeWriter implements TreeWriter {
  private readonly folders = new Map<string, Held>();

  /** `openBase` opens the base folder, at the first effect (and it stays open until close). */
  constructor(private readonly openBase: () => Promise<ConfinedDir>) {}

  async mkdir(path: string, mode = 0o755): Promise<boolean> {
    const segments = segmentsOf(path);
    const name = segments.pop();
    if (name === undefined || this.folders.has([...segments, name].join('/'))) return false;
    const made = await this.inFolder(segments, true, (parent) =>
      parent.mkdir(name, mode).then(
        () => true,
        (error) => {
          if (errno(error) === 'EEXIST') return false;
          throw error;
        },
      ),
    );
    // Opened (and so checked to be a folder, not a link) now, for the entries that follow.
    await this.inFolder([...segments, name], false, async () => undefined);
    return made;
  }

  async writeStream(path: string, source: AsyncIterable<Buffer | string> | Iterable<Buffer>, options: { mode?: number; durable?: boolean } = {}): Promise<void> {
    const { mode = 0o644, durable = true } = options;
    const segments = segmentsOf(path);
    const name = segments.pop();
    if (name === undefined) throw failure('EISDIR', `"${path}" is a folder, not a file.`);
    await this.inFolder(segments, false, async (dir) => {
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
          await writeChunks(handle, source, { sync: durable });
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
    await this.inFolder(segments, false, (dir) => dir.chmod(name, mode));
  }

  async remove(path: string): Promise<void> {
    const segments = segmentsOf(path);
    const name = segments.pop();
    if (name === undefined) throw failure('EBUSY', 'The base folder of a tree cannot be removed through it.');
    const key = [...segments, name].join('/');
    // Folders held at or below the entry no longer lead anywhere useful: forgotten first.
    for (const [held, entry] of [...this.folders]) {
      if (held !== key && !held.startsWith(`${key}/`)) continue;
      this.folders.delete(held);
      void entry.dir.then((dir) => dir.close()).catch(() => undefined);
    }
    await this.inFolder(segments, false, (dir) => removeTree(dir, name)).catch((error) => {
      if (errno(error) !== 'ENOENT') throw error;
    });
  }

  async close(): Promise<void> {
    const held = [...this.folders.values()];
    this.folders.clear();
    await Promise.allSettled(held.map(async (entry) => (await entry.dir).close()));
  }

  /** Runs `effect` in the folder `segments` (opened, or made when `create`, if it is not held yet). */
  private async inFolder<T>(segments: string[], create: boolean, effect: (dir: ConfinedDir) => Promise<T>): Promise<T> {
    const held = this.hold(segments, create);
    try {
      return await effect(await held.dir);
    } finally {
      held.users -= 1;
      this.trim();
    }
  }

  private hold(segments: string[], create: boolean): Held {
    const key = segments.join('/');
    let held = this.folders.get(key);
    if (held) {
      // Most recently used last: the idle folders closed first are the oldest.
      this.folders.delete(key);
    } else {
      const opening: Held = { dir: this.openFolder(segments, create), users: 0 };
      opening.dir.catch(() => {
        if (this.folders.get(key) === opening) this.folders.delete(key);
      });
      held = opening;
    }
    this.folders.set(key, held);
    held.users += 1;
    return held;
  }

  private openFolder(segments: string[], create: boolean): Promise<ConfinedDir> {
    if (segments.length === 0) return this.openBase();
    const name = segments[segments.length - 1];
    return this.inFolder(segments.slice(0, -1), create, async (parent) => {
      if (create) {
        await parent.mkdir(name).catch((error) => {
          if (errno(error) !== 'EEXIST') throw error;
        });
      }
      return parent.openDir(name);
    });
  }

  /** Closes the oldest folders no effect uses, beyond the few kept. */
  private trim(): void {
    let idle = 0;
    for (const entry of this.folders.values()) if (entry.users === 0) idle += 1;
    for (const [key, entry] of this.folders) {
      if (idle <= IDLE_FOLDERS) return;
      if (entry.users !== 0 || key === '') continue;
      this.folders.delete(key);
      idle -= 1;
      void entry.dir.then((dir) => dir.close()).catch(() => undefined);
    }
  }
}
