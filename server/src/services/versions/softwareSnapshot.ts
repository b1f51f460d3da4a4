import { promises as fs } from 'node:fs';
import { join } from 'node:path';

/**
 * A copy of everything in a server's folder except its worlds, taken before software is
 * installed: a failed install puts it back exactly, and the worlds are never touched at all.
 */
export class SoftwareSnapshot {
  private constructor(
    private readonly root: string,
    private readonly dir: string,
    private readonly kept: Set<string>,
  ) {}

  static async take(root: string, dir: string, worlds: string[]): Promise<SoftwareSnapshot> {
    await fs.rm(dir, { recursive: true, force: true });
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    const kept = new Set(worlds);
    for (const entry of await fs.readdir(root)) {
      if (kept.has(entry)) continue;
      await fs.cp(join(root, entry), join(dir, entry), { recursive: true, preserveTimestamps: true, verbatimSymlinks: true });
    }
    return new SoftwareSnapshot(root, dir, kept);
  }

  /** Puts the folder back as it was (worlds aside): new entries go, old ones come back. */
  async restore(): Promise<void> {
    for (const entry of await fs.readdir(this.root)) {
      if (!this.kept.has(entry)) await fs.rm(join(this.root, entry), { recursive: true, force: true });
    }
    for (const entry of await fs.readdir(this.dir)) {
      await fs.cp(join(this.dir, entry), join(this.root, entry), { recursive: true, preserveTimestamps: true, verbatimSymlinks: true });
    }
  }

  async discard(): Promise<void> {
    await fs.rm(this.dir, { recursive: true, force: true });
  }
}
