import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RootedServerFiles } from '../../../../server/src/runtime/files/rooted/RootedServerFiles';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'panel-non-durable-'));
});
afterEach(() => {
  jest.restoreAllMocks();
  rmSync(root, { recursive: true, force: true });
});

/** Counts the fsyncs of every file handle while `run` runs. */
async function fsyncsDuring(run: () => Promise<void>): Promise<number> {
  const probe = await open(join(root, '.probe'), 'w');
  const prototype = Object.getPrototypeOf(probe) as { sync: () => Promise<void> };
  await probe.close();
  const sync = jest.spyOn(prototype, 'sync');
  await run();
  const count = sync.mock.calls.length;
  sync.mockRestore();
  return count;
}

describe('a write the caller makes durable itself', () => {
  it('is flushed by default and not when durable is false, atomic either way', async () => {
    const files = new RootedServerFiles(root);
    expect(await fsyncsDuring(() => files.writeStream('a/durable.txt', [Buffer.from('kept')]))).toBe(1);
    expect(await fsyncsDuring(() => files.writeStream('a/staged.txt', [Buffer.from('staged')], { durable: false }))).toBe(0);
    expect(readFileSync(join(root, 'a/durable.txt'), 'utf8')).toBe('kept');
    expect(readFileSync(join(root, 'a/staged.txt'), 'utf8')).toBe('staged');
  });
});
