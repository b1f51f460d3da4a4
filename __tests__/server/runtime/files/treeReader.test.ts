import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PathEscapeError } from '../../../../server/src/runtime/files/PathEscapeError';
import { RootedServerFiles } from '../../../../server/src/runtime/files/rooted/RootedServerFiles';
import type { OpenFile, ServerFiles, TreeReader } from '../../../../server/src/runtime/files/ServerFiles';
import { MemoryServerFiles } from '../../helpers/memoryRuntime/MemoryServerFiles';

/** The whole content of an open file, read into a small buffer piece by piece; the file is closed. */
async function contentOf(file: OpenFile): Promise<string> {
  const pieces: Buffer[] = [];
  const buffer = Buffer.alloc(3);
  try {
    for (let position = 0; ;) {
      const read = await file.read(buffer, 0, buffer.length, position);
      if (read === 0) break;
      pieces.push(Buffer.from(buffer.subarray(0, read)));
      position += read;
    }
  } finally {
    await file.close();
  }
  return Buffer.concat(pieces).toString('utf8');
}

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'opened',
    (error: NodeJS.ErrnoException) => (error instanceof PathEscapeError ? 'escape' : error.code),
  );

/** A server's files and a way to plant a link in them (the game makes links; the port makes none). */
interface PortUnderTest {
  files: ServerFiles;
  link(target: string, path: string): void;
  close(): void;
}

const drivers: Array<[string, () => PortUnderTest]> = [
  [
    'local folder',
    () => {
      const root = mkdtempSync(join(tmpdir(), 'panel-tree-reader-'));
      return { files: new RootedServerFiles(root), link: (target, path) => symlinkSync(target, join(root, path)), close: () => rmSync(root, { recursive: true, force: true }) };
    },
  ],
  [
    'memory',
    () => {
      const files = new MemoryServerFiles();
      return { files, link: (target, path) => files.link(target, path), close: () => undefined };
    },
  ],
];

describe.each(drivers)('reading many entries below one folder (%s)', (_name, make) => {
  let port: PortUnderTest;
  let tree: TreeReader;
  beforeEach(() => (port = make()));
  afterEach(async () => {
    await tree?.close();
    port.close();
  });

  it('describes folders and files and reads files by position, relative to the folder opened', async () => {
    await port.files.writeFile('world/region/r.0.0.mca', 'region bytes');
    await port.files.writeFile('world/level.dat', 'level');
    tree = await port.files.openTreeReader('world');
    expect(await tree.lstat('')).toMatchObject({ kind: 'directory' });
    expect(await tree.lstat('region')).toMatchObject({ name: 'region', kind: 'directory' });
    expect(await tree.lstat('missing')).toBeNull();
    expect(await tree.lstat('missing/deeper')).toBeNull();
    expect(await tree.lstat('level.dat/deeper')).toBeNull();
    const file = await tree.open('region/r.0.0.mca');
    expect(file.info).toMatchObject({ name: 'r.0.0.mca', kind: 'file', size: 12 });
    expect(await contentOf(file)).toBe('region bytes');
    expect(await contentOf(await tree.open('level.dat'))).toBe('level');
    expect(await outcome(tree.open('missing.txt'))).toBe('ENOENT');
    expect(await outcome(tree.open('region'))).toBe('EISDIR');
    expect(await outcome(tree.open('../world/level.dat'))).toBe('escape');
  });

  it('never follows a link, on the way or at the end, even one leading inside the root', async () => {
    await port.files.writeFile('real/secret.txt', 'behind a link');
    port.link('real', 'folder-link');
    port.link('real/secret.txt', 'file-link');
    port.link('/etc', 'outside');
    tree = await port.files.openTreeReader('');
    expect(await tree.lstat('file-link')).toMatchObject({ kind: 'symlink' });
    expect(await tree.lstat('folder-link/secret.txt')).toBeNull();
    expect(await tree.lstat('outside/passwd')).toBeNull();
    expect(await outcome(tree.open('file-link'))).not.toBe('opened');
    expect(await outcome(tree.open('folder-link/secret.txt'))).not.toBe('opened');
    expect(await outcome(tree.open('outside/passwd'))).not.toBe('opened');
    expect(await contentOf(await tree.open('real/secret.txt'))).toBe('behind a link');
  });
});

describe('a tree reader on a local folder while the game changes it', () => {
  let base: string;
  let root: string;
  let outside: string;
  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), 'panel-tree-reader-race-'));
    root = join(base, 'root');
    outside = join(base, 'outside');
    for (const folder of [join(root, 'world'), outside]) mkdirSync(folder, { recursive: true });
    writeFileSync(join(root, 'world/a.txt'), 'first');
    writeFileSync(join(root, 'world/b.txt'), 'second');
    writeFileSync(join(outside, 'b.txt'), 'a file of the host');
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('refuses a file of a held folder that was moved out of the root and swapped for a link', async () => {
    const tree = await new RootedServerFiles(root).openTreeReader('');
    try {
      // The folder is held open by this first read.
      expect(await contentOf(await tree.open('world/a.txt'))).toBe('first');
      renameSync(join(root, 'world'), join(base, 'moved-out'));
      symlinkSync(outside, join(root, 'world'));
      // Through the held folder, now outside the root: refused, neither read nor described.
      await expect(tree.open('world/b.txt')).rejects.toThrow(PathEscapeError);
      await expect(tree.lstat('world/b.txt')).rejects.toThrow(PathEscapeError);
    } finally {
      await tree.close();
    }
  });

  it('does not enter a folder swapped for a link before it is first held', async () => {
    const tree = await new RootedServerFiles(root).openTreeReader('');
    try {
      renameSync(join(root, 'world'), join(base, 'moved-out'));
      symlinkSync(outside, join(root, 'world'));
      expect(await outcome(tree.open('world/b.txt'))).toBe('ENOTDIR');
      expect(await tree.lstat('world')).toMatchObject({ kind: 'symlink' });
    } finally {
      await tree.close();
    }
  });
});
