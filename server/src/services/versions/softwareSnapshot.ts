import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { ServerFiles } from '../../runtime/files/ServerFiles';
import { copyIntoServer, copyOutOfServer } from './copyServerFiles';

/**
 * A copy of everything in a server's files except its worlds, taken before software is
 * installed: a failed install puts it back, and the worlds are never touched at all. The copy is
 * the panel's own (in its data dir); the server's files are reached through the file port only.
 * Links in the server's files are not copied (the port never follows one); a rollback leaves
 * those at the top level in place.
 */
export class SoftwareSnapshot {
  private constructor(
    private readonly files: ServerFiles,
    private readonly dir: string,
    private readonly kept: Set<string>,
  ) {}

  static async take(files: ServerFiles, dir: string, worlds: string[]): Promise<SoftwareSnapshot> {
    await fs.rm(dir, { recursive: true, force: true });
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    const kept = new Set(worlds);
    for (const entry of await files.list('')) {
      if (!kept.has(entry.name)) await copyOutOfServer(files, entry.name, join(dir, entry.name));
    }
    return new SoftwareSnapshot(files, dir, kept);
  }

  /** Puts the files back as they were (worlds aside): new entries go, old ones come back. */
  async restore(): Promise<void> {
    for (const entry of await this.files.list('')) {
      if (!this.kept.has(entry.name) && entry.kind !== 'symlink') await this.files.remove(entry.name);
    }
    for (const name of await fs.readdir(this.dir)) await copyIntoServer(join(this.dir, name), this.files, name);
  }

  async discard(): Promise<void> {
    await fs.rm(this.dir, { recursive: true, force: true });
  }
}
