import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { directorySize } from '../../../../server/src/runtime/local/DiskUsage';

let base: string;
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'panel-folder-bytes-'));
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe("directorySize (the disk quota's and the stats' walk)", () => {
  it('sums the files of every folder below, counting symlinks as links and never following them', async () => {
    const root = join(base, 'root');
    mkdirSync(join(root, 'world', 'region'), { recursive: true });
    mkdirSync(join(root, 'empty'));
    writeFileSync(join(root, 'server.properties'), 'x'.repeat(100));
    writeFileSync(join(root, 'world', 'level.dat'), 'x'.repeat(2_000));
    writeFileSync(join(root, 'world', 'region', 'r.0.0.mca'), 'x'.repeat(30_000));
    writeFileSync(join(base, 'outside.bin'), 'x'.repeat(1_000_000));
    symlinkSync(join(base, 'outside.bin'), join(root, 'link-to-big-file'));
    symlinkSync(base, join(root, 'link-to-outside-folder'));
    const linkBytes = join(base, 'outside.bin').length + base.length;
    expect(await directorySize(root)).toBe(100 + 2_000 + 30_000 + linkBytes);
  });

  it('walks a folder of more entries than one batch, and answers 0 for a missing folder', async () => {
    const root = join(base, 'many');
    mkdirSync(root);
    for (let i = 0; i < 1_000; i += 1) writeFileSync(join(root, `file-${i}`), 'x'.repeat(i % 7));
    const expected = Array.from({ length: 1_000 }, (_, i) => i % 7).reduce((sum, bytes) => sum + bytes, 0);
    expect(await directorySize(root)).toBe(expected);
    expect(await directorySize(join(base, 'nope'))).toBe(0);
  });
});
