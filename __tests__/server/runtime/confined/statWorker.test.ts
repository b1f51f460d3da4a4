import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sortEntries } from '../../../../server/src/services/files/entryOrder';
import { listDirectory } from '../../../../server/src/services/files/listDirectory';
import type { Worker } from 'node:worker_threads';
import { STAT_WORKER_LIMITS, StatWorker } from '../../../../server/src/runtime/confined/StatWorker';
import { toFileEntry } from '../../../../server/src/services/files/toFileEntry';
import { RootedServerFiles } from '../../../../server/src/runtime/files/rooted/RootedServerFiles';

jest.setTimeout(60_000);

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'panel-stat-worker-'));
  mkdirSync(join(root, 'big'));
  // Large enough to be shared with the worker; folders and links spread over both shares.
  for (let i = 0; i < 2_500; i += 1) {
    if (i % 250 === 0) mkdirSync(join(root, 'big', `folder-${i}`));
    else if (i % 250 === 1) symlinkSync(`folder-${i - 1}`, join(root, 'big', `link-${i}`));
    else writeFileSync(join(root, 'big', `file-${i}.txt`), 'x'.repeat(i % 13), { mode: i % 2 ? 0o600 : 0o644 });
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const fieldsOf = (path: string) => {
  const stats = lstatSync(path);
  return { mode: stats.mode, size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, birthtimeMs: stats.birthtimeMs };
};

describe('StatWorker', () => {
  it('answers the lstat fields of every name (null for a missing one), and starts again after being stopped', async () => {
    const worker = new StatWorker();
    const prefix = `${join(root, 'big')}/`;
    const names = [...readdirSync(join(root, 'big')).slice(0, 50), 'missing.txt'];
    try {
      expect(await worker.lstatMany(prefix, names)).toEqual([...names.slice(0, 50).map((name) => fieldsOf(prefix + name)), null]);
      // Its heap is kept small: with V8's defaults the thread's young generation grew to its full
      // size on a large folder's Stats objects, and the panel kept that memory.
      const thread = (worker as unknown as { worker: Worker }).worker;
      expect(thread.resourceLimits).toMatchObject(STAT_WORKER_LIMITS);
      const stopped = worker.lstatMany(prefix, readdirSync(join(root, 'big')));
      await worker.close();
      await expect(stopped).rejects.toThrow();
      expect(await worker.lstatMany(prefix, ['file-2.txt'])).toEqual([fieldsOf(`${prefix}file-2.txt`)]);
    } finally {
      await worker.close();
    }
  });
});

describe('listing a large folder (stat on two threads)', () => {
  it('answers what a listing made afresh on this thread answers', async () => {
    const folder = join(root, 'big');
    const files = new RootedServerFiles(root);
    const fresh = sortEntries(
      readdirSync(folder).map((name) => {
        const stats = lstatSync(join(folder, name));
        return toFileEntry(
          name,
          stats,
          stats.isSymbolicLink()
            ? lstatSync(
                join(
                  folder,
                  name.replace('link-', 'folder-').replace(/\d+$/, (n) => String(Number(n) - 1)),
                ),
              )
            : undefined,
        );
      }),
    );
    const listed = await listDirectory(files, '/big', 'statWorker');
    expect(listed).toHaveLength(2_500);
    expect(listed).toEqual(fresh);
    expect(listed.slice(0, 10).every((entry) => entry.is_directory)).toBe(true);
  });
});
