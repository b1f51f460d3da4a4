import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ConfinedDir } from '../../confined/ConfinedDir';
import { removeTree } from '../../confined/removeTree';
import { RootedFileSystem } from '../../RootedFileSystem';
import type { FileInfo, ServerFiles, TreeReader, TreeWriter, WalkEntry, WalkOptions, WriteOptions } from '../ServerFiles';
import { copyRooted } from './copyRooted';
import { fileInfoOf, lastName } from './fileInfo';
import { listRooted } from './listRooted';
import { RootedTreeReader } from './RootedTreeReader';
import { RootedTreeWriter } from './RootedTreeWriter';
import { walkRooted } from './walkRooted';

const failure = (code: string, message: string) => Object.assign(new Error(message), { code });
const errno = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code ?? '';
const rootRefused = (path: string) => failure('EBUSY', `"${path}" is the server's root folder, which cannot be moved or copied over.`);

/** A missing entry (or a file where a folder was expected on the way) answers null. */
async function orNull<T>(look: () => Promise<T | null>): Promise<T | null> {
  try {
    return await look();
  } catch (error) {
    if (errno(error) === 'ENOENT' || errno(error) === 'ENOTDIR') return null;
    throw error;
  }
}

/**
 * The file port of a server whose folder is on this machine: every effect goes through
 * RootedFileSystem (paths walked by descriptor, no link followed by the kernel, atomic writes),
 * so the guarantees of the file manager hold for every caller of the port. `usage` measures the
 * folder (the driver's figure); without it the folder is walked.
 */
export class RootedServerFiles implements ServerFiles {
  readonly rooted: RootedFileSystem;

  constructor(
    root: string | RootedFileSystem,
    private readonly usage?: (fresh: boolean) => Promise<number>,
  ) {
    this.rooted = typeof root === 'string' ? new RootedFileSystem(root) : root;
  }

  async stat(path: string): Promise<FileInfo | null> {
    const stats = await this.rooted.stat(path);
    return stats && fileInfoOf(lastName(path), stats);
  }

  async lstat(path: string): Promise<FileInfo | null> {
    return orNull(() =>
      this.rooted.at(path, {}, async (dir, name) => {
        if (!name) return fileInfoOf('', await dir.stat());
        const stats = await dir.lstatOrNull(name);
        if (!stats) return null;
        return fileInfoOf(name, stats, stats.isSymbolicLink() ? await dir.readlink(name) : undefined);
      }),
    );
  }

  list(path: string): Promise<FileInfo[]> {
    return this.rooted.inDir(path, listRooted);
  }

  async readFile(path: string, maxBytes?: number): Promise<Buffer> {
    const { handle, stats } = await this.rooted.openForRead(path);
    try {
      if (maxBytes !== undefined && stats.size > maxBytes) throw failure('EFBIG', `"${path}" is larger than ${maxBytes} bytes.`);
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  }

  async readStream(path: string, range: { start?: number; end?: number } = {}): Promise<{ stream: Readable; info: FileInfo }> {
    const { handle, stats } = await this.rooted.openForRead(path);
    return { stream: handle.createReadStream({ start: range.start, end: range.end, autoClose: true }), info: fileInfoOf(lastName(path), stats) };
  }

  writeFile(path: string, content: string | Buffer, options: WriteOptions = {}): Promise<void> {
    return this.writeStream(path, [typeof content === 'string' ? Buffer.from(content) : content], options);
  }

  writeStream(path: string, source: AsyncIterable<Buffer | string> | Iterable<Buffer>, options: WriteOptions = {}): Promise<void> {
    const { onTarget } = options;
    const name = lastName(path);
    return this.rooted.writeStream(path, source, { ...options, onTarget: onTarget && ((existing) => onTarget(existing && fileInfoOf(name, existing))) });
  }

  async mkdir(path: string, options: { exclusive?: boolean; mode?: number } = {}): Promise<string[]> {
    const created: string[] = [];
    if (!options.exclusive) {
      await (await this.rooted.openDir(path, { create: true, created })).close();
      return created;
    }
    await this.rooted.at(path, { create: true, created }, async (dir, name) => {
      if (!name) throw failure('EEXIST', "The server's root folder exists.");
      await dir.mkdir(name, options.mode);
      created.push(dir.child(name));
    });
    return created;
  }

  async rename(from: string, to: string, options: { replace?: boolean; createFolders?: boolean } = {}): Promise<void> {
    await this.rooted.at(from, {}, async (source, sourceName) => {
      if (!sourceName) throw rootRefused(from);
      const { dir, name } = await this.rooted.locate(to, { create: options.createFolders });
      try {
        if (!name) throw rootRefused(to);
        if (dir.path === source.path && name === sourceName) return;
        if (!options.replace && (await dir.lstatOrNull(name))) throw failure('EEXIST', `"${to}" already exists.`);
        if (!(await source.lstatOrNull(sourceName))) throw failure('ENOENT', `"${from}" does not exist.`);
        await source.rename(sourceName, dir, name);
      } finally {
        await dir.close();
      }
    });
  }

  async copy(from: string, to: string, options: { onFile?: (bytes: number) => void } = {}): Promise<void> {
    await this.rooted.at(from, {}, async (source, sourceName) => {
      if (!sourceName) throw rootRefused(from);
      if (!(await source.lstatOrNull(sourceName))) throw failure('ENOENT', `"${from}" does not exist.`);
      await this.rooted.at(to, {}, async (dir, name) => {
        if (!name || (await dir.lstatOrNull(name))) throw failure('EEXIST', `"${to}" already exists.`);
        // Copied under a hidden name first, so a failure halfway leaves no partial copy.
        const temp = `.copy-${randomBytes(6).toString('hex')}`;
        try {
          await copyRooted(source, sourceName, dir, temp, options.onFile ?? (() => undefined));
          await dir.rename(temp, dir, name);
        } catch (error) {
          await removeTree(dir, temp);
          throw error;
        }
      });
    });
  }

  remove(path: string): Promise<void> {
    return this.rooted.remove(path);
  }

  async removeEmptyFolder(path: string): Promise<boolean> {
    const removed = await orNull(() =>
      this.rooted.at(path, {}, async (dir, name) => {
        if (!name || !(await dir.lstatOrNull(name))?.isDirectory()) return false;
        return dir.rmdir(name).then(
          () => true,
          (error) => {
            if (['ENOTEMPTY', 'EEXIST', 'ENOTDIR', 'ENOENT'].includes(errno(error))) return false;
            throw error;
          },
        );
      }),
    );
    return removed === true;
  }

  chmod(path: string, mode: number): Promise<void> {
    return this.rooted.chmod(path, mode);
  }

  async *walk(path: string, options: WalkOptions = {}): AsyncIterable<WalkEntry> {
    const dir: ConfinedDir = await this.rooted.openDir(path);
    try {
      yield* walkRooted(dir, '', options.skip);
    } finally {
      await dir.close();
    }
  }

  async openTree(path: string): Promise<TreeWriter> {
    return new RootedTreeWriter(() => this.rooted.openDir(path));
  }

  async openTreeReader(path: string): Promise<TreeReader> {
    return new RootedTreeReader(() => this.rooted.openDir(path));
  }

  async diskUsage(options: { fresh?: boolean } = {}): Promise<number> {
    if (this.usage) return this.usage(options.fresh === true);
    let total = 0;
    for await (const entry of this.walk('')) if (entry.kind !== 'directory') total += entry.size;
    return total;
  }
}
