import type { LightMyRequestResponse } from 'fastify';
import { createFilesKit, type FilesKit } from '../../services/files/filesTestKit';
import { tarArchive, tarGz, zipDeclaringSize } from '../../services/files/archiveFixtures';

jest.setTimeout(180_000);

const MiB = 1024 * 1024;

let kit: FilesKit;
beforeAll(async () => {
  // Limits far above what the lying archives declare, far below what they inflate to.
  kit = await createFilesKit({ fileLimits: { extractEntries: 20, extractBytes: 8 * MiB } });
});
afterAll(() => kit.t.close());
afterEach(() => kit.expectCanariesUntouched());

let n = 0;
/** Puts the archive in a fresh folder and extracts it there; answers the response and what is in the folder besides it. */
async function extract(archive: Buffer, name = 'archive.bin'): Promise<{ res: LightMyRequestResponse; entries: () => Promise<string[]> }> {
  n += 1;
  const folder = `lie${n}`;

  await kit.files.mkdir(folder);
  await kit.files.write(`${folder}/${name}`, archive);
  const res = await kit.api('POST', 'files/decompress', { payload: { root: `/${folder}`, file: name } });
  return { res, entries: async () => (await kit.files.tree(folder)).filter((e) => e !== name) };
}

/** The panel still answers: the folder listing of the server's root. */
async function expectStillServing(): Promise<void> {
  const res = await kit.api('GET', 'files/list?directory=/');
  expect(res.statusCode).toBe(200);
}

function expectRefused(res: LightMyRequestResponse, reason: RegExp): void {
  if (res.statusCode !== 422) throw new Error(`expected 422, got ${res.statusCode} ${res.body}`);
  expect(res.json().message).toMatch(reason);
  expect(res.json().errors.file[0]).toMatch(reason);
}

describe('archives that lie about their sizes', () => {
  it('refuses a zip entry declaring 1 KiB that inflates to 64 MiB, writes nothing and keeps serving', async () => {
    const bomb = zipDeclaringSize('world/region.bin', Buffer.alloc(64 * MiB), 1024);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const { res, entries } = await extract(bomb);
    expectRefused(res, /"world\/region\.bin" is larger than its header says/);
    expect(await entries()).toEqual([]);
    await expectStillServing();
  });

  it('refuses a zip entry that inflates to less than it declares', async () => {
    const { res, entries } = await extract(zipDeclaringSize('short.txt', Buffer.from('only a few bytes'), 4096));
    expectRefused(res, /"short\.txt" is smaller than its header says/);
    expect(await entries()).toEqual([]);
    await expectStillServing();
  });

  it('refuses a zip whose deflated data is garbage or that is cut short', async () => {
    const content = Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 7919) % 251));
    const zip = zipDeclaringSize('data.bin', content, content.length);
    // The first deflate block header says "reserved block type": zlib refuses it at once.
    const garbage = Buffer.from(zip);
    garbage.fill(0xff, 30 + 'data.bin'.length, 30 + 'data.bin'.length + 64);
    const broken = await extract(garbage);
    expectRefused(broken.res, /damaged|not a valid archive/);
    expect(await broken.entries()).toEqual([]);
    const cut = await extract(zip.subarray(0, zip.length - 10));
    expectRefused(cut.res, /damaged|not a valid archive/);
    expect(await cut.entries()).toEqual([]);
    await expectStillServing();
  });

  it('refuses tar and tar.gz whose size fields are wrong or that are cut short, writing nothing', async () => {
    // A size field larger than the bytes that follow: the archive ends inside the entry.
    const overstated = tarArchive([
      { name: 'ok.txt', content: 'fine' },
      { name: 'liar.bin', content: 'tiny', size: 3 * MiB },
    ]);
    for (const archive of [overstated.subarray(0, 2048), tarGz([{ name: 'ok.txt', content: 'fine' }]).subarray(0, 30)]) {
      const { res, entries } = await extract(archive);
      expectRefused(res, /damaged|not a valid archive/);
      expect(await entries()).toEqual([]);
    }
    // A size field smaller than the content: the rest of the content is read as a header.
    const understated = tarGz([
      { name: 'a.txt', content: 'x'.repeat(5000), size: 10 },
      { name: 'b.txt', content: 'b' },
    ]);
    const { res, entries } = await extract(understated);
    expectRefused(res, /damaged|not a valid archive/);
    expect(await entries()).toEqual([]);
    // A gzip member whose trailer (CRC, length) does not match what it inflates to.
    const gz = tarGz([{ name: 'c.txt', content: 'c'.repeat(3000) }]);
    gz.writeUInt32LE(gz.readUInt32LE(gz.length - 8) ^ 0xffff, gz.length - 8);
    const badTrailer = await extract(gz);
    expectRefused(badTrailer.res, /damaged|not a valid archive/);
    expect(await badTrailer.entries()).toEqual([]);
    await expectStillServing();
  });
});
