import type { ConfinedDir } from '../../confined/ConfinedDir';

const errno = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code ?? '';

/**
 * Folders kept open when no effect uses them. A restore or a backup goes through folders one
 * after the other, so a few are enough (the folder just left and the parents of the next one,
 * which are used again each time a sibling is opened); each one kept is a descriptor and a few
 * objects that, held for 64 folders, outlived the collector's young generation and were promoted
 * (a backup of a thousand small folders promoted ten times what it did with four).
 */
const IDLE_FOLDERS = 4;

/** A folder held open, and how many effects are using it now (it is closed only when none is). */
interface Held {
  dir: Promise<ConfinedDir>;
  users: number;
}

/** The names of a relative path (checked by ConfinedDir: no `..`, no NUL). */
export const segmentsOf = (path: string): string[] => path.split('/').filter((part) => part !== '');

/**
 * The folders below one base folder that a tree writer or reader has opened, by their path
 * relative to the base: each is opened once, relative to its parent's descriptor (O_NOFOLLOW, so
 * a link is never entered, and checked inside the root by ConfinedDir), and reused while effects
 * go on in it. The oldest idle ones are closed beyond a few. Every effect run in a held folder
 * goes through ConfinedDir, which checks again that the folder is still inside the root.
 */
export class HeldFolders {
  private readonly folders = new Map<string, Held>();

  /** `openBase` opens the base folder, at the first effect (and it stays open until close). */
  constructor(private readonly openBase: () => Promise<ConfinedDir>) {}

  /** Whether the folder `segments` is held (opened or being opened). */
  has(segments: string[]): boolean {
    return this.folders.has(segments.join('/'));
  }

  /**
   * Runs `effect` in the folder `segments` (opened, or made first when `create`, if it is not
   * held yet). A folder that fails to open is not kept: the next effect tries again.
   */
  async in<T>(segments: string[], create: boolean, effect: (dir: ConfinedDir) => Promise<T>): Promise<T> {
    const held = this.hold(segments, create);
    try {
      return await effect(await held.dir);
    } finally {
      held.users -= 1;
      this.trim();
    }
  }

  /** Forgets (and closes) the folders held at or below `segments`: they no longer lead anywhere useful. */
  forget(segments: string[]): void {
    const key = segments.join('/');
    for (const [held, entry] of [...this.folders]) {
      if (held !== key && !held.startsWith(`${key}/`)) continue;
      this.folders.delete(held);
      void entry.dir.then((dir) => dir.close()).catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    const held = [...this.folders.values()];
    this.folders.clear();
    await Promise.allSettled(held.map(async (entry) => (await entry.dir).close()));
  }

  private hold(segments: string[], create: boolean): Held {
    const key = segments.join('/');
    let held = this.folders.get(key);
    if (held) {
      // Most recently used last: the idle folders closed first are the oldest.
      this.folders.delete(key);
    } else {
      const opening: Held = { dir: this.open(segments, create), users: 0 };
      opening.dir.catch(() => {
        if (this.folders.get(key) === opening) this.folders.delete(key);
      });
      held = opening;
    }
    this.folders.set(key, held);
    held.users += 1;
    return held;
  }

  private open(segments: string[], create: boolean): Promise<ConfinedDir> {
    if (segments.length === 0) return this.openBase();
    const name = segments[segments.length - 1];
    return this.in(segments.slice(0, -1), create, async (parent) => {
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
