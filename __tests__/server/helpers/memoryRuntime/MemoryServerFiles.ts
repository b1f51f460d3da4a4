import { Readable } from 'node:stream';
import { PathEscapeError } from '../../../../server/src/runtime/files/PathEscapeError';
import type { FileInfo, ServerFiles, TreeReader, TreeWriter, WalkEntry, WalkOptions, WriteOptions } from '../../../../server/src/runtime/files/ServerFiles';
import { memoryTreeReader } from './memoryTreeReader';
import { failure, infoOf, locate, newFile, newFolder, newLink, nodeAt, partsOf, stamp, touched, type Located, type MemoryFolder, type MemoryNode } from './memoryTree';

const lastOf = (path: string) => partsOf(path).at(-1) ?? '';
const missing = (path: string) => failure('ENOENT', `"${path}" does not exist.`);
const notAFile = (path: string) => failure('EISDIR', `"${path}" is not a file.`);

/** null instead of ENOENT/ENOTDIR, as the port's stat answers. */
function orNull<T>(look: () => T): T | null {
  try {
    return look();
  } catch (error) {
    if (['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) return null;
    throw error;
  }
}

/** Whether `folder` is `node` or inside it (a folder cannot move into itself). */
function within(folder: MemoryFolder, node: MemoryNode): boolean {
  for (let at: MemoryFolder | null = folder; at; at = at.parent) if (at === node) return true;
  return false;
}

/** A deep copy of `node` (links as links), `onFile` hearing each file's size first. */
function cloneOf(node: MemoryNode, parent: MemoryFolder, onFile: (bytes: number) => void): MemoryNode {
  if (node.kind === 'symlink') return newLink(node.target);
  if (node.kind === 'file') {
    onFile(node.content.length);
    return { ...newFile(Buffer.from(node.content), node.mode), mtimeMs: node.mtimeMs };
  }
  const folder = newFolder(parent, node.mode);
  for (const [name, child] of node.children) folder.children.set(name, cloneOf(child, folder, onFile));
  folder.mtimeMs = node.mtimeMs;
  return folder;
}

/**
 * A server's files kept in memory, with the local port's rules: paths never lead above the root,
 * links are followed only inside it (relative targets), writes replace a file whole or not at
 * all. Tests run the file manager, the config editor and backups against it to show that none
 * of them depends on a folder on the panel's disk.
 */
export class MemoryServerFiles implements ServerFiles {
  readonly root = newFolder(null);

  private at(path: string, options: { followFinal?: boolean; create?: boolean; created?: string[] } = {}): Located {
    return locate(this.root, path, options);
  }

  /** Plants a link (the port itself makes none; the game does). */
  link(target: string, path: string): void {
    const { folder, name } = this.at(path, { create: true });
    folder.children.set(name, newLink(target));
    touched(folder);
  }

  async stat(path: string): Promise<FileInfo | null> {
    return orNull(() => {
      const located = this.at(path, { followFinal: true });
      const node = nodeAt(located, this.root);
      return node ? infoOf(lastOf(path), node) : null;
    });
  }

  async lstat(path: string): Promise<FileInfo | null> {
    return orNull(() => {
      const located = this.at(path);
      const node = nodeAt(located, this.root);
      return node ? infoOf(located.name, node) : null;
    });
  }

  private folderAt(path: string): MemoryFolder {
    const node = nodeAt(this.at(path, { followFinal: true }), this.root);
    if (!node) throw missing(path);
    if (node.kind !== 'directory') throw failure('ENOTDIR', `"${path}" is not a folder.`);
    return node;
  }

  async list(path: string): Promise<FileInfo[]> {
    return [...this.folderAt(path).children].map(([name, node]) => infoOf(name, node));
  }

  private fileAt(path: string) {
    const located = this.at(path, { followFinal: true });
    if (!located.name) throw notAFile(path);
    const node = located.folder.children.get(located.name);
    if (!node) throw missing(path);
    if (node.kind !== 'file') throw notAFile(path);
    return node;
  }

  async readFile(path: string, maxBytes?: number): Promise<Buffer> {
    const file = this.fileAt(path);
    if (maxBytes !== undefined && file.content.length > maxBytes) throw failure('EFBIG', `"${path}" is larger than ${maxBytes} bytes.`);
    return Buffer.from(file.content);
  }

  async readStream(path: string, range: { start?: number; end?: number } = {}): Promise<{ stream: Readable; info: FileInfo }> {
    const file = this.fileAt(path);
    const content = file.content.subarray(range.start ?? 0, range.end === undefined ? undefined : range.end + 1);
    return { stream: Readable.from([Buffer.from(content)], { objectMode: false }), info: infoOf(lastOf(path), file) };
  }

  writeFile(path: string, content: string | Buffer, options: WriteOptions = {}): Promise<void> {
    return this.writeStream(path, [typeof content === 'string' ? Buffer.from(content) : content], options);
  }

  async writeStream(path: string, source: AsyncIterable<Buffer | string> | Iterable<Buffer>, options: WriteOptions = {}): Promise<void> {
    const { mode = 0o644, keepMode = false, createFolders = true, onTarget } = options;
    const look = () => {
      const located = this.at(path, { followFinal: true, create: createFolders });
      if (!located.name) throw notAFile(path);
      const existing = located.folder.children.get(located.name);
      if (existing?.kind === 'directory') throw notAFile(path);
      onTarget?.(existing ? infoOf(located.name, existing) : null);
      return { located, existing };
    };
    look();
    const chunks: Buffer[] = [];
    for await (const chunk of source) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
    // Put in place whole, after a last look (the target may have changed meanwhile).
    const { located, existing } = look();
    const kept = keepMode && existing?.kind === 'file' ? existing.mode & 0o7777 : mode;
    located.folder.children.set(located.name, newFile(Buffer.concat(chunks), kept));
    touched(located.folder);
  }

  /** Through the port's own operations, each path joined to the base (nothing to keep open in memory). */
  openTree(path: string): Promise<TreeWriter> {
    const below = (inner: string) => [path, inner].filter((part) => part !== '').join('/');
    return Promise.resolve({
      mkdir: async (inner: string, mode?: number) => {
        const made = await this.mkdir(below(inner));
        if (made.length === 0) return false;
        if (mode !== undefined) await this.chmod(below(inner), mode);
        return true;
      },
      writeStream: async (inner, source, { mtimeMs, ...options } = {}) => {
        await this.writeStream(below(inner), source, { ...options, createFolders: false });
        // As a local file's times are set through its open descriptor: the file just written, never a link.
        const located = this.at(below(inner));
        const written = located.folder.children.get(located.name);
        if (mtimeMs !== undefined && written?.kind === 'file') written.mtimeMs = mtimeMs;
      },
      chmod: (inner, mode) => this.chmod(below(inner), mode),
      remove: (inner) => this.remove(below(inner)),
      close: async () => undefined,
    });
  }

  /** Paths below the base walked without following links; the base itself found as the local port finds it. */
  openTreeReader(path: string): Promise<TreeReader> {
    return Promise.resolve(memoryTreeReader(() => this.folderAt(path)));
  }

  async mkdir(path: string, options: { exclusive?: boolean; mode?: number } = {}): Promise<string[]> {
    const created: string[] = [];
    const located = this.at(path, { followFinal: true, create: true, created });
    if (!located.name) {
      if (options.exclusive) throw failure('EEXIST', "The server's root folder exists.");
      return created;
    }
    const existing = located.folder.children.get(located.name);
    if (existing) {
      if (options.exclusive) throw failure('EEXIST', `"${path}" already exists.`);
      if (existing.kind !== 'directory') throw failure('ENOTDIR', `"${path}" is not a folder.`);
      return created;
    }
    located.folder.children.set(located.name, newFolder(located.folder, options.mode));
    touched(located.folder);
    created.push([...located.folderParts, located.name].join('/'));
    return created;
  }

  async rename(from: string, to: string, options: { replace?: boolean; createFolders?: boolean } = {}): Promise<void> {
    const source = this.at(from);
    if (!source.name) throw failure('EBUSY', `"${from}" is the server's root folder.`);
    const target = this.at(to, { create: options.createFolders });
    if (!target.name) throw failure('EBUSY', `"${to}" is the server's root folder.`);
    if (source.folder === target.folder && source.name === target.name) return;
    const existing = target.folder.children.get(target.name);
    if (existing && !options.replace) throw failure('EEXIST', `"${to}" already exists.`);
    const node = source.folder.children.get(source.name);
    if (!node) throw missing(from);
    if (node.kind === 'directory' && within(target.folder, node)) throw failure('EINVAL', 'A folder cannot be moved into itself.');
    if (existing?.kind === 'directory' && node.kind !== 'directory') throw failure('EISDIR', `"${to}" is a folder.`);
    if (existing && existing.kind !== 'directory' && node.kind === 'directory') throw failure('ENOTDIR', `"${to}" is not a folder.`);
    if (existing?.kind === 'directory' && existing.children.size > 0) throw failure('ENOTEMPTY', `"${to}" is not empty.`);
    source.folder.children.delete(source.name);
    target.folder.children.set(target.name, node);
    if (node.kind === 'directory') node.parent = target.folder;
    node.ctimeMs = stamp();
    touched(source.folder);
    touched(target.folder);
  }

  async copy(from: string, to: string, options: { onFile?: (bytes: number) => void } = {}): Promise<void> {
    const source = this.at(from);
    if (!source.name) throw failure('EBUSY', `"${from}" is the server's root folder.`);
    const node = source.folder.children.get(source.name);
    if (!node) throw missing(from);
    const target = this.at(to);
    if (!target.name || target.folder.children.has(target.name)) throw failure('EEXIST', `"${to}" already exists.`);
    // Made whole before it is put in place: a refusal halfway leaves nothing.
    const copy = cloneOf(node, target.folder, options.onFile ?? (() => undefined));
    target.folder.children.set(target.name, copy);
    touched(target.folder);
  }

  async remove(path: string): Promise<void> {
    const located = orNull(() => this.at(path));
    if (!located) return;
    if (!located.name) throw new PathEscapeError(path);
    if (located.folder.children.delete(located.name)) touched(located.folder);
  }

  async removeEmptyFolder(path: string): Promise<boolean> {
    const located = orNull(() => this.at(path));
    const node = located?.name ? located.folder.children.get(located.name) : undefined;
    if (!located || node?.kind !== 'directory' || node.children.size > 0) return false;
    located.folder.children.delete(located.name);
    touched(located.folder);
    return true;
  }

  async chmod(path: string, mode: number): Promise<void> {
    const located = this.at(path, { followFinal: true });
    if (!located.name) throw new PathEscapeError(path);
    const node = located.folder.children.get(located.name);
    if (!node) throw missing(path);
    node.mode = (node.mode & 0o170000) | (mode & 0o7777);
    node.ctimeMs = stamp();
  }

  async *walk(path: string, options: WalkOptions = {}): AsyncIterable<WalkEntry> {
    yield* walkFolder(this.folderAt(path), '', options.skip);
  }

  async diskUsage(): Promise<number> {
    let total = 0;
    for await (const entry of this.walk('')) if (entry.kind !== 'directory') total += entry.size;
    return total;
  }
}

function* walkFolder(folder: MemoryFolder, prefix: string, skip: WalkOptions['skip']): Generator<WalkEntry> {
  const names = [...folder.children.keys()].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  for (const name of names) {
    const node = folder.children.get(name);
    if (!node) continue;
    const path = prefix ? `${prefix}/${name}` : name;
    const info = infoOf(name, node);
    if (skip?.(path, info)) continue;
    yield { ...info, path };
    if (node.kind === 'directory') yield* walkFolder(node, path, skip);
  }
}
