import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RootedServerFiles } from '../../../../server/src/runtime/files/rooted/RootedServerFiles';

let base: string;
let root: string;
let outside: string;
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'panel-tree-writer-'));
  root = join(base, 'root');
  outside = join(base, 'outside');
  for (const folder of [root, outside]) mkdirSync(folder);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('writing many entries below one folder', () => {
  it('makes folders and files, and replaces a repeated file atomically', async () => {
    const files = new RootedServerFiles(root);
    await files.mkdir('stage');
    const tree = await files.openTree('stage');
    try {
      expect(await tree.mkdir('a/b', 0o700)).toBe(true);
      expect(await tree.mkdir('a/b')).toBe(false);
      await tree.writeStream('a/b/one.txt', [Buffer.from('first')], { durable: false });
      await tree.writeStream('a/b/one.txt', [Buffer.from('second')]);
      await expect(tree.writeStream('a', [Buffer.from('x')])).rejects.toMatchObject({ code: 'EISDIR' });
    } finally {
      await tree.close();
    }
    expect(readFileSync(join(root, 'stage/a/b/one.txt'), 'utf8')).toBe('second');
  });

  it('never writes outside the root through a folder it holds that the game moved out', async () => {
    const files = new RootedServerFiles(root);
    await files.mkdir('stage');
    const tree = await files.openTree('stage');
    try {
      await tree.mkdir('a');
      await tree.writeStream('a/one.txt', [Buffer.from('in')]);
      // The game moves the held folder out of the root and puts a link to it in its place.
      renameSync(join(root, 'stage/a'), join(outside, 'a'));
      symlinkSync(join(outside, 'a'), join(root, 'stage/a'));
      await expect(tree.writeStream('a/two.txt', [Buffer.from('out')])).rejects.toThrow(/outside the server's files/);
      await expect(tree.mkdir('a/deeper')).rejects.toThrow();
    } finally {
      await tree.close();
    }
    expect(existsSync(join(outside, 'a/two.txt'))).toBe(false);
    expect(existsSync(join(outside, 'a/deeper'))).toBe(false);
  });

  it('refuses a link planted where a file goes, and leaves what it points to alone', async () => {
    const files = new RootedServerFiles(root);
    await files.mkdir('stage');
    writeFileSync(join(outside, 'secret'), 'kept');
    symlinkSync(join(outside, 'secret'), join(root, 'stage/file.txt'));
    const tree = await files.openTree('stage');
    try {
      await expect(tree.writeStream('file.txt', [Buffer.from('replaced')])).rejects.toThrow(/outside the server's files/);
    } finally {
      await tree.close();
    }
    expect(readFileSync(join(outside, 'secret'), 'utf8')).toBe('kept');
  });
});
