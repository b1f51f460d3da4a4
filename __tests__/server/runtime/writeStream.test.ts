import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RootedFileSystem } from '../../../server/src/runtime/RootedFileSystem';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'panel-write-stream-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** `chunks` handed out one by one, a turn of the event loop apart (as a socket delivers them). */
async function* delivered(chunks: Buffer[], failAfter = Infinity): AsyncGenerator<Buffer> {
  for (const [index, chunk] of chunks.entries()) {
    if (index === failAfter) throw new Error('client went away');
    await new Promise((resolve) => setImmediate(resolve));
    yield chunk;
  }
}

/** `data` cut into pieces of `size` bytes. */
const cut = (data: Buffer, size: number) => Array.from({ length: Math.ceil(data.length / size) }, (_, i) => data.subarray(i * size, (i + 1) * size));

describe('writeStream with batched writes', () => {
  it('writes socket-sized chunks (several batches, one written while the next arrives) byte for byte', async () => {
    const data = randomBytes(5 * 1024 * 1024 + 12_345);
    await new RootedFileSystem(root).writeStream('world/region.mca', delivered(cut(data, 64 * 1024)));
    expect(sha(readFileSync(join(root, 'world', 'region.mca')))).toBe(sha(data));
  });

  it('writes many tiny chunks (batches of thousands of pieces) byte for byte', async () => {
    const data = randomBytes(1024 * 1024 + 999);
    await new RootedFileSystem(root).writeStream('log.txt', delivered(cut(data, 100)));
    expect(sha(readFileSync(join(root, 'log.txt')))).toBe(sha(data));
  });

  it('keeps the old file and leaves no temporary file when the source fails after batches were written', async () => {
    writeFileSync(join(root, 'world.zip'), 'old');
    const chunks = cut(randomBytes(4 * 1024 * 1024), 64 * 1024);
    await expect(new RootedFileSystem(root).writeStream('world.zip', delivered(chunks, 40))).rejects.toThrow('client went away');
    expect(readFileSync(join(root, 'world.zip'), 'utf8')).toBe('old');
    expect(readdirSync(root)).toEqual(['world.zip']);
  });
});
