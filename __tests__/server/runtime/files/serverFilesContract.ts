import { PathEscapeError } from '../../../../server/src/runtime/files/PathEscapeError';
import type { ServerFiles } from '../../../../server/src/runtime/files/ServerFiles';

/** One way to get an empty server's files, and to plant a link as the game would (each driver has its own). */
export interface PortUnderTest {
  files: ServerFiles;
  link(target: string, path: string): Promise<void>;
  close(): void | Promise<void>;
}

const text = async (files: ServerFiles, path: string) => (await files.readFile(path)).toString('utf8');
const code = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: NodeJS.ErrnoException) => (error instanceof PathEscapeError ? 'escape' : error.code),
  );

/**
 * The file port's behaviour every driver must show: run by each driver's tests against its own
 * port (a local folder, the memory port, a container's helper).
 */
export function describeServerFilesContract(name: string, make: () => PortUnderTest | Promise<PortUnderTest>): void {
  describe(`the file port (${name})`, () => {
    let port: PortUnderTest;
    let files: ServerFiles;
    beforeEach(async () => {
      port = await make();
      files = port.files;
    });
    afterEach(() => port.close());

    it('writes, reads, stats and lists files, creating the folders above', async () => {
      await files.writeFile('/world/level.dat', 'abc');
      expect(await text(files, 'world/level.dat')).toBe('abc');
      expect(await files.stat('world/level.dat')).toMatchObject({ name: 'level.dat', kind: 'file', size: 3 });
      expect((await files.stat('world'))?.kind).toBe('directory');
      expect((await files.list('/')).map((entry) => entry.name)).toEqual(['world']);
      expect(await files.stat('missing')).toBeNull();
      expect(await code(files.readFile('missing'))).toBe('ENOENT');
      expect(await code(files.readFile('world/level.dat', 2))).toBe('EFBIG');
      expect(await code(files.writeFile('other/x', 'y', { createFolders: false }))).toBe('ENOENT');
    });

    it('streams a byte range and replaces a file from chunks, keeping the old one when the source fails', async () => {
      await files.writeStream(
        'a.txt',
        ['hello ', 'world'].map((piece) => Buffer.from(piece)),
      );
      const { stream, info } = await files.readStream('a.txt', { start: 6, end: 8 });
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('wor');
      expect(info.size).toBe(11);
      async function* failing() {
        yield Buffer.from('partial');
        throw new Error('client went away');
      }
      await expect(files.writeStream('a.txt', failing())).rejects.toThrow('client went away');
      expect(await text(files, 'a.txt')).toBe('hello world');
      expect((await files.list('')).map((entry) => entry.name)).toEqual(['a.txt']);
    });

    it('asks onTarget before writing and refuses the write when it throws', async () => {
      await files.writeFile('a.txt', 'old');
      const seen: Array<number | null> = [];
      const refuse = (existing: { size: number } | null) => {
        seen.push(existing?.size ?? null);
        throw new Error('no room');
      };
      await expect(files.writeFile('a.txt', 'new content', { onTarget: refuse })).rejects.toThrow('no room');
      expect(seen).toEqual([3]);
      expect(await text(files, 'a.txt')).toBe('old');
    });

    it('makes folders (exclusive when asked), renames, copies and removes', async () => {
      expect(await files.mkdir('a/b')).toEqual(['a', 'a/b']);
      expect(await files.mkdir('a/b')).toEqual([]);
      expect(await code(files.mkdir('a/b', { exclusive: true }))).toBe('EEXIST');
      await files.writeFile('a/b/f.txt', 'x');
      await files.copy('a', 'c', { onFile: () => undefined });
      expect(await text(files, 'c/b/f.txt')).toBe('x');
      expect(await code(files.copy('a', 'c'))).toBe('EEXIST');
      await expect(
        files.copy('a', 'd', {
          onFile: () => {
            throw new Error('over quota');
          },
        }),
      ).rejects.toThrow('over quota');
      expect((await files.list('')).map((entry) => entry.name).sort()).toEqual(['a', 'c']);
      expect(await code(files.rename('a', 'c'))).toBe('EEXIST');
      expect(await code(files.rename('missing', 'z'))).toBe('ENOENT');
      expect(await code(files.rename('a', 'x/y/a'))).toBe('ENOENT');
      await files.rename('a', 'x/y/a', { createFolders: true });
      await files.writeFile('c/b/f.txt', 'replacing');
      await files.rename('c/b/f.txt', 'x/y/a/b/f.txt', { replace: true });
      expect(await text(files, 'x/y/a/b/f.txt')).toBe('replacing');
      // A folder onto a folder that holds something is refused, as rename(2) does.
      expect(await code(files.rename('c', 'x/y/a', { replace: true }))).toBe('ENOTEMPTY');
      await files.rename('x/y/a', 'x/y/a');
      expect(await files.removeEmptyFolder('x/y')).toBe(false);
      await files.remove('x/y/a');
      expect(await files.removeEmptyFolder('x/y')).toBe(true);
      await files.remove('nothing/here');
      await files.chmod('x', 0o700);
      expect((await files.stat('x'))!.mode & 0o777).toBe(0o700);
    });

    it('walks depth first, folders before their content, names in byte order, skipping what it is told', async () => {
      for (const path of ['b/z.txt', 'b/a.txt', 'a.txt', 'B.txt', 'skip/me.txt']) await files.writeFile(path, path);
      const walked: string[] = [];
      for await (const entry of files.walk('', { skip: (path) => path === 'skip' })) walked.push(`${entry.kind[0]}:${entry.path}`);
      expect(walked).toEqual(['f:B.txt', 'f:a.txt', 'd:b', 'f:b/a.txt', 'f:b/z.txt']);
      expect(await files.diskUsage({ fresh: true })).toBeGreaterThanOrEqual(['b/z.txt', 'b/a.txt', 'a.txt', 'B.txt', 'skip/me.txt'].join('').length);
    });

    it('follows a link inside the root, describes it with lstat, and refuses every path leading out', async () => {
      await files.writeFile('real/f.txt', 'inside');
      await port.link('real', 'in');
      await port.link('/etc', 'out');
      expect(await text(files, 'in/f.txt')).toBe('inside');
      expect(await files.lstat('in')).toMatchObject({ kind: 'symlink', linkTarget: 'real' });
      expect((await files.list('')).find((entry) => entry.name === 'out')).toMatchObject({ kind: 'symlink', linkTarget: '/etc' });
      for (const attempt of [files.readFile('out/passwd'), files.readFile('../x'), files.writeFile('out/x', 'y'), files.list('out'), files.mkdir('out/d'), files.readFile('a\0b')]) {
        expect(await code(attempt)).toBe('escape');
      }
      const walked: string[] = [];
      for await (const entry of files.walk('')) walked.push(entry.path);
      expect(walked).toEqual(['in', 'out', 'real', 'real/f.txt']);
      await files.remove('out');
      expect(await files.lstat('out')).toBeNull();
    });

    it('writes many entries below one folder through a tree writer, refusing a link planted where a file goes', async () => {
      await files.mkdir('stage');
      await port.link('/etc/passwd', 'stage/planted');
      const tree = await files.openTree('stage');
      try {
        expect(await tree.mkdir('a/b', 0o700)).toBe(true);
        expect(await tree.mkdir('a/b')).toBe(false);
        await tree.writeStream('a/b/one.txt', [Buffer.from('first')], { durable: false });
        await tree.writeStream('a/b/one.txt', [Buffer.from('second')]);
        expect(await code(tree.writeStream('a', [Buffer.from('x')]))).not.toBe('resolved');
        expect(await code(tree.writeStream('planted', [Buffer.from('x')]))).toBe('escape');
        await tree.chmod('a/b/one.txt', 0o600);
        await tree.writeStream('gone.txt', [Buffer.from('x')]);
        await tree.remove('gone.txt');
      } finally {
        await tree.close();
      }
      expect(await text(files, 'stage/a/b/one.txt')).toBe('second');
      expect((await files.stat('stage/a/b/one.txt'))!.mode & 0o777).toBe(0o600);
      expect((await files.stat('stage/a/b'))!.mode & 0o777).toBe(0o700);
      expect(await files.lstat('stage/gone.txt')).toBeNull();
      expect(await files.lstat('stage/planted')).toMatchObject({ kind: 'symlink', linkTarget: '/etc/passwd' });
    });

    it('reads entries below one folder through a tree reader, by position, never following a link', async () => {
      await files.writeFile('world/region/r.0.0.mca', 'region bytes');
      await files.writeFile('real/secret.txt', 'behind a link');
      await port.link('/etc', 'world/outside');
      await port.link('../real', 'world/inside');
      const tree = await files.openTreeReader('world');
      try {
        expect(await tree.lstat('region')).toMatchObject({ name: 'region', kind: 'directory' });
        expect(await tree.lstat('missing')).toBeNull();
        expect(await tree.lstat('outside')).toMatchObject({ kind: 'symlink' });
        expect(await tree.lstat('outside/passwd')).toBeNull();
        expect(await tree.lstat('inside/secret.txt')).toBeNull();
        const file = await tree.open('region/r.0.0.mca');
        expect(file.info).toMatchObject({ name: 'r.0.0.mca', kind: 'file', size: 12 });
        const buffer = Buffer.alloc(32);
        let read = 0;
        for (let bytes = -1; bytes !== 0; read += bytes) bytes = await file.read(buffer, read, buffer.length - read, read);
        await file.close();
        expect(buffer.subarray(0, read).toString()).toBe('region bytes');
        expect(await code(tree.open('region'))).not.toBe('resolved');
        expect(await code(tree.open('outside/passwd'))).not.toBe('resolved');
        expect(await code(tree.open('inside/secret.txt'))).not.toBe('resolved');
        expect(await code(tree.open('../real/secret.txt'))).toBe('escape');
      } finally {
        await tree.close();
      }
    });
  });
}
