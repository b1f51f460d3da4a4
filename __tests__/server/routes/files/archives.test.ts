import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { createFilesKit, type FilesKit } from '../../services/files/filesTestKit';
import { renameInZip, tarArchive, tarGz, zipArchive } from '../../services/files/archiveFixtures';

jest.setTimeout(180_000);

let kit: FilesKit;
beforeAll(async () => {
  // Small limits, so a "bomb" needs only a few megabytes.
  kit = await createFilesKit({ fileLimits: { extractEntries: 20, extractBytes: 1024 * 1024 } });
});
afterAll(() => kit.t.close());
afterEach(() => kit.expectCanariesUntouched());

let n = 0;
/** Puts the archive in a fresh folder and extracts it there; answers the response and the folder. */
async function extract(archive: Buffer, name = 'archive.bin'): Promise<{ res: LightMyRequestResponse; dir: string; entries: () => Promise<string[]> }> {
  n += 1;
  const folder = `x${n}`;
  const dir = folder;
  await kit.files.mkdir(folder);
  await kit.files.write(`${folder}/${name}`, archive);
  const res = await kit.api('POST', 'files/decompress', { payload: { root: `/${folder}`, file: name } });
  return { res, dir, entries: async () => (await kit.files.tree(folder)).filter((e) => e !== name) };
}

function expectRejected(res: LightMyRequestResponse, reason: RegExp): void {
  if (res.statusCode !== 422) throw new Error(`expected 422, got ${res.statusCode} ${res.body}`);
  expect(res.json().message).toMatch(reason);
}

describe('extracting', () => {
  it('extracts zip, tar and tar.gz, merging folders and replacing files', async () => {
    const zip = await extract(await zipArchive([{ name: 'plugins/' }, { name: 'plugins/a.yml', content: 'a: 1' }, { name: 'run.sh', content: '#!/bin/sh', mode: 0o100755 }]));
    expect(zip.res.statusCode).toBe(204);
    expect(await zip.entries()).toEqual(['plugins', 'plugins/a.yml', 'run.sh']);
    expect(await kit.files.text(`${zip.dir}/plugins/a.yml`)).toBe('a: 1');
    const tar = await extract(
      tarArchive([
        { name: 'world/', type: '5' },
        { name: 'world/level.dat', content: 'level' },
      ]),
      'w.tar',
    );
    expect(tar.res.statusCode).toBe(204);
    expect(await kit.files.text(`${tar.dir}/world/level.dat`)).toBe('level');
    // Into a folder that already has world/: merged, same names replaced.
    await kit.files.write(`${tar.dir}/world/keep.txt`, 'kept');
    await kit.files.write(`${tar.dir}/w.tar.gz`, tarGz([{ name: 'world/level.dat', content: 'new level' }]));
    const again = await kit.api('POST', 'files/decompress', { payload: { root: `/x${n}`, file: 'w.tar.gz' } });
    expect(again.statusCode).toBe(204);
    expect(await kit.files.text(`${tar.dir}/world/level.dat`)).toBe('new level');
    expect(await kit.files.text(`${tar.dir}/world/keep.txt`)).toBe('kept');
    expect((await kit.files.names(tar.dir)).filter((e) => e.startsWith('.extract-'))).toEqual([]);
  });

  it('refuses zip-slip entries (..) in zip, tar and tar.gz, leaving nothing behind', async () => {
    const slipZip = renameInZip(
      await zipArchive([
        { name: 'ok.txt', content: 'ok' },
        { name: 'XX/XX/XX/XX/outside/pwned.txt', content: 'pwned' },
      ]),
      'XX/XX/XX/XX/',
      '../../../../',
    );
    const zip = await extract(slipZip);
    expectRejected(zip.res, /points outside/);
    expect(await zip.entries()).toEqual([]);
    const tar = await extract(
      tarArchive([
        { name: 'ok.txt', content: 'ok' },
        { name: '../../../../outside/pwned.txt', content: 'pwned' },
      ]),
    );
    expectRejected(tar.res, /points outside/);
    expect(await tar.entries()).toEqual([]);
    const nested = await extract(tarGz([{ name: 'a/b/../../../escape.txt', content: 'pwned' }]));
    expectRejected(nested.res, /points outside/);
    // Windows separators (yazl itself would turn them into slashes, so they are patched in).
    const backslash = await extract(renameInZip(await zipArchive([{ name: 'XXYXXYevil.txt', content: 'x' }]), 'XXYXXY', '..\\..\\'));
    expectRejected(backslash.res, /points outside/);
    expect(existsSync(join(kit.outside, 'pwned.txt'))).toBe(false);
  });

  it('refuses absolute entry names', async () => {
    const zip = await extract(renameInZip(await zipArchive([{ name: 'Xtmp/evil.txt', content: 'x' }]), 'Xtmp/', '/tmp/'));
    expectRejected(zip.res, /absolute name|points outside/);
    const tar = await extract(tarArchive([{ name: `${kit.outside}/canary.txt`, content: 'pwned' }]));
    expectRejected(tar.res, /absolute name/);
    expect(await tar.entries()).toEqual([]);
  });

  it('refuses archives with symlinks, hard links or devices', async () => {
    const zip = await extract(
      await zipArchive([
        { name: 'ok.txt', content: 'ok' },
        { name: 'link', content: kit.outside, mode: 0o120777 },
      ]),
    );
    expectRejected(zip.res, /is a link/);
    expect(await zip.entries()).toEqual([]);
    const symlink = await extract(
      tarArchive([
        { name: 'link', type: '2', linkname: kit.outside },
        { name: 'link/canary.txt', content: 'pwned' },
      ]),
    );
    expectRejected(symlink.res, /is a link/);
    const hardlink = await extract(tarGz([{ name: 'hard', type: '1', linkname: join(kit.outside, 'canary.txt') }]));
    expectRejected(hardlink.res, /is a link/);
    const device = await extract(tarArchive([{ name: 'dev', type: '3' }]));
    expectRejected(device.res, /not a file or folder/);
    expect(await device.entries()).toEqual([]);
  });

  it('refuses bombs before extracting: too many entries, or too large uncompressed', async () => {
    const many = Array.from({ length: 21 }, (_, i) => ({ name: `f${i}.txt`, content: 'x' }));
    const zipMany = await extract(await zipArchive(many));
    expectRejected(zipMany.res, /more than 20 entries/);
    expect(await zipMany.entries()).toEqual([]);
    const tarMany = await extract(tarGz(many));
    expectRejected(tarMany.res, /more than 20 entries/);
    // 2 MiB of zeros compress to a few kilobytes.
    const zeros = Buffer.alloc(2 * 1024 * 1024);
    const zipBig = await extract(await zipArchive([{ name: 'zeros.bin', content: zeros }]));
    expect((await kit.files.read(`${zipBig.dir}/archive.bin`)).length).toBeLessThan(20_000);
    expectRejected(zipBig.res, /larger than 1 MiB uncompressed/);
    expect(await zipBig.entries()).toEqual([]);
    const tarBig = await extract(
      tarGz([
        { name: 'a.bin', content: zeros.subarray(0, 600_000) },
        { name: 'b.bin', content: zeros.subarray(0, 600_000) },
      ]),
    );
    expectRejected(tarBig.res, /larger than 1 MiB uncompressed/);
    expect(await tarBig.entries()).toEqual([]);
  });

  it('leaves nothing behind when an archive is damaged after its first entries', async () => {
    // Stored (not deflated) entries: flipping a byte of the third one breaks only its checksum.
    const zip = await zipArchive([
      { name: 'one.txt', content: 'first entry', compress: false },
      { name: 'two.txt', content: 'second entry', compress: false },
      { name: 'three.txt', content: 'THIRD-ENTRY-CONTENT', compress: false },
    ]);
    const at = zip.indexOf('THIRD-ENTRY-CONTENT');
    zip[at] = 'X'.charCodeAt(0);
    const damaged = await extract(zip);
    expectRejected(damaged.res, /damaged/);
    expect(await damaged.entries()).toEqual([]);
    // A tar.gz cut in the middle of its second entry.
    const whole = tarGz([
      { name: 'a.txt', content: 'a'.repeat(5000) },
      { name: 'b.bin', content: Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 251)) },
    ]);
    const cut = await extract(whole.subarray(0, Math.floor(whole.length * 0.6)));
    expectRejected(cut.res, /damaged/);
    expect(await cut.entries()).toEqual([]);
    // A header whose declared size runs past the end of the archive.
    const short = await extract(
      tarArchive([
        { name: 'ok.txt', content: 'ok' },
        { name: 'liar.bin', content: 'tiny', size: 100_000 },
      ]).subarray(0, 2048),
    );
    expectRejected(short.res, /damaged/);
    expect(await short.entries()).toEqual([]);
    const notAnArchive = await extract(Buffer.from('just text, not an archive'));
    expectRejected(notAnArchive.res, /only zip, tar and tar.gz/);
  });
});

describe('compressing', () => {
  it('packs files and folders into zip and tar.gz that extract back to the same content, without symlinks', async () => {
    await kit.files.mkdir('pack/world/region');
    await kit.files.write('pack/world/region/r.0.0.mca', Buffer.alloc(10_000, 7));
    await kit.files.write('pack/ops.json', '[]');
    for (const format of ['zip', 'tar.gz'] as const) {
      const res = await kit.api('POST', 'files/compress', { payload: { root: '/pack', files: ['world', 'ops.json'], format } });
      expect(res.statusCode).toBe(200);
      const entry = res.json().data;
      expect(entry.name).toMatch(new RegExp(`^archive-.*\\.${format.replace('.', '\\.')}$`));
      expect(entry.size).toBeGreaterThan(0);
      const out = `unpacked-${format}`;
      await kit.files.mkdir(out);
      await kit.files.write([out, entry.name].join('/'), await kit.files.read(`pack/${entry.name}`));
      expect((await kit.api('POST', 'files/decompress', { payload: { root: `/${out}`, file: entry.name } })).statusCode).toBe(204);
      expect(await kit.files.read([out, 'world', 'region', 'r.0.0.mca'].join('/'))).toEqual(Buffer.alloc(10_000, 7));
      expect(await kit.files.text([out, 'ops.json'].join('/'))).toBe('[]');
    }
  });
});
