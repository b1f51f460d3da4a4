import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { RootedFileSystem } from '../../../server/src/runtime/RootedFileSystem';
import { waitFor } from '../helpers/waitFor';

jest.setTimeout(120_000);

let base: string;
let root: string;
let outside: string;
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'panel-atomic-'));
  root = join(base, 'root');
  outside = join(base, 'outside');
  mkdirSync(join(root, 'config'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(outside, 'app.yml'), 'outside: untouched\n');
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const tempFiles = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.tmp'));

describe('a symlink swapped in while a file is being written', () => {
  it('finishes the write in the folder it opened when that folder is swapped for a link to outside mid-write', async () => {
    const files = new RootedFileSystem(root);
    const source = new PassThrough();
    const writing = files.writeStream('config/app.yml', source);
    source.write(Buffer.alloc(64 * 1024, 'a'));
    // The temporary file exists: the write is under way. Now swap the folder for a link out.
    await waitFor(() => tempFiles(join(root, 'config')).length === 1, { what: 'the temporary file' });
    renameSync(join(root, 'config'), join(root, 'config-old'));
    symlinkSync(outside, join(root, 'config'));
    source.end(Buffer.from('pwned: true\n'));
    // The folder is held by descriptor: the file lands in it (moved, still inside the root), never through the link.
    await writing;
    expect(readFileSync(join(root, 'config-old', 'app.yml'), 'utf8')).toMatch(/pwned: true\n$/);
    expect(readFileSync(join(outside, 'app.yml'), 'utf8')).toBe('outside: untouched\n');
    expect(readdirSync(outside)).toEqual(['app.yml']);
  });

  it('replaces a link put in place of the target itself, never writing through it', async () => {
    const files = new RootedFileSystem(root);
    writeFileSync(join(root, 'config', 'app.yml'), 'old\n');
    const source = new PassThrough();
    const writing = files.writeStream('config/app.yml', source);
    source.write('new ');
    await waitFor(() => tempFiles(join(root, 'config')).length === 1, { what: 'the temporary file' });
    rmSync(join(root, 'config', 'app.yml'));
    symlinkSync(join(outside, 'app.yml'), join(root, 'config', 'app.yml'));
    source.end('content\n');
    await writing.catch(() => undefined);
    expect(readFileSync(join(outside, 'app.yml'), 'utf8')).toBe('outside: untouched\n');
  });

  it('leaves no partial file when the source fails', async () => {
    const files = new RootedFileSystem(root);
    writeFileSync(join(root, 'config', 'app.yml'), 'old\n');
    const source = new PassThrough();
    const writing = files.writeStream('config/app.yml', source);
    source.write('half of the new');
    await waitFor(() => tempFiles(join(root, 'config')).length === 1, { what: 'the temporary file' });
    source.destroy(new Error('client went away'));
    await expect(writing).rejects.toThrow('client went away');
    expect(readFileSync(join(root, 'config', 'app.yml'), 'utf8')).toBe('old\n');
    expect(tempFiles(join(root, 'config'))).toEqual([]);
  });
});

describe('a writer killed mid-write', () => {
  it('leaves the old content or the new one, never a mix', async () => {
    const target = join(root, 'world.dat');
    const oldContent = Buffer.alloc(8 * 1024 * 1024, 'o');
    writeFileSync(target, oldContent);
    const modulePath = require.resolve('../../../server/src/runtime/RootedFileSystem');
    // The child writes 256 MiB of "n" through RootedFileSystem and reports when it has started.
    const script = `
      const { RootedFileSystem } = require(${JSON.stringify(modulePath)});
      const files = new RootedFileSystem(${JSON.stringify(root)});
      async function* chunks() { process.stdout.write('started\\n'); for (let i = 0; i < 256; i += 1) yield Buffer.alloc(1024 * 1024, 'n'); }
      files.writeStream('world.dat', chunks()).then(() => process.stdout.write('done\\n'));
    `;
    for (let round = 0; round < 3; round += 1) {
      const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { cwd: join(__dirname, '..', '..', '..'), stdio: ['ignore', 'pipe', 'inherit'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      // Kill it once the temporary file has grown past 16 MiB: in the middle of the write.
      await waitFor(
        () => {
          const temp = tempFiles(root)[0];
          return temp && statSync(join(root, temp)).size > 16 * 1024 * 1024;
        },
        { what: 'the child to be mid-write', timeoutMs: 60_000, intervalMs: 5 },
      );
      child.kill('SIGKILL');
      await new Promise((resolve) => child.on('exit', resolve));
      expect(output).not.toContain('done');
      const content = readFileSync(target);
      expect(content.equals(oldContent)).toBe(true);
      for (const temp of tempFiles(root)) rmSync(join(root, temp));
    }
    // And a writer left alone finishes with the complete new content.
    await new RootedFileSystem(root).writeFile('world.dat', Buffer.alloc(1024 * 1024, 'n'));
    expect(readFileSync(target).equals(Buffer.alloc(1024 * 1024, 'n'))).toBe(true);
    expect(existsSync(target)).toBe(true);
  });
});
