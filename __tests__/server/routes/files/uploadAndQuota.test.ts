import { and, eq } from 'drizzle-orm';
import { auditLogs, plans, servers } from '../../../../server/src/db/schema';
import { createTestPlan } from '../../helpers/testTemplates';
import { createFilesKit, multipartBody, type FilesKit } from '../../services/files/filesTestKit';
import { zipArchive } from '../../services/files/archiveFixtures';

jest.setTimeout(180_000);

const MiB = 1024 * 1024;
let kit: FilesKit;
beforeAll(async () => {
  kit = await createFilesKit({ fileLimits: { uploadFileBytes: 2 * MiB } });
});
afterAll(() => kit.t.close());
afterEach(() => kit.expectCanariesUntouched());

/** Everything in a folder but the panel's own hidden staging folders (which must be gone too). */
const listing = (dir: string) => kit.files.names(dir);

describe('upload', () => {
  it('stores many files at once, replacing files of the same name, and records names and sizes', async () => {
    await kit.files.mkdir('plugins');
    await kit.files.write('plugins/a.jar', 'old a');
    const body = multipartBody([
      { name: 'a.jar', content: 'new a' },
      { name: 'b.jar', content: Buffer.alloc(MiB, 1) },
      { name: 'config (1).yml', content: 'x: 1' },
    ]);
    const res = await kit.api('POST', 'files/upload?directory=/plugins', body);
    expect(res.statusCode).toBe(204);
    expect(await listing('plugins')).toEqual(['a.jar', 'b.jar', 'config (1).yml']);
    expect(await kit.files.text('plugins/a.jar')).toBe('new a');
    expect(await kit.files.read('plugins/b.jar')).toEqual(Buffer.alloc(MiB, 1));
    const [entry] = await kit.t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.serverUuid, kit.server.uuid), eq(auditLogs.event, 'server.file.upload')));
    expect(entry.properties).toEqual({
      directory: '/plugins',
      files: [
        { name: 'a.jar', size: 5 },
        { name: 'b.jar', size: MiB },
        { name: 'config (1).yml', size: 4 },
      ],
    });
  });

  it('keeps none of the files when one is over the size limit (413)', async () => {
    await kit.files.mkdir('limit');
    const body = multipartBody([
      { name: 'small.txt', content: 'fine' },
      { name: 'huge.bin', content: Buffer.alloc(2 * MiB + 1) },
    ]);
    const res = await kit.api('POST', 'files/upload?directory=/limit', body);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/"huge.bin" is larger than the upload limit of 2 MiB/);
    expect(await listing('limit')).toEqual([]);
  });

  it('refuses bad names and requests that are not multipart', async () => {
    await kit.files.mkdir('names');
    for (const name of ['..', '.', '']) {
      const res = await kit.api(
        'POST',
        'files/upload?directory=/names',
        multipartBody([
          { name: 'ok.txt', content: 'ok' },
          { name, content: 'x' },
        ]),
      );
      expect(res.statusCode).toBe(422);
    }
    expect(await listing('names')).toEqual([]);
    const plain = await kit.api('POST', 'files/upload?directory=/names', { payload: { files: [] } });
    expect(plain.statusCode).toBe(422);
    expect(plain.json().errors.files[0]).toMatch(/multipart/);
  });
});

describe("the plan's disk space", () => {
  beforeAll(async () => {
    // 3 MiB for the whole server; the fixture game takes a few kilobytes of it.
    const slug = await createTestPlan(kit.t.app, 'test-tiny-disk', { memoryMb: 512, diskMb: 3 });
    const [plan] = await kit.t.app.db.select().from(plans).where(eq(plans.slug, slug));
    await kit.t.app.db.update(servers).set({ planId: plan.id }).where(eq(servers.id, kit.server.id));
    await kit.files.mkdir('quota');
  });

  it('refuses uploads that would not fit (507) and keeps nothing of them', async () => {
    const body = multipartBody([
      { name: 'one.bin', content: Buffer.alloc(MiB) },
      { name: 'two.bin', content: Buffer.alloc(MiB) },
    ]);
    // ~3 MiB already used by the earlier tests' files: two more do not fit.
    const res = await kit.api('POST', 'files/upload?directory=/quota', body);
    expect(res.statusCode).toBe(507);
    expect(res.json().message).toMatch(/Not enough disk space/);
    expect(await listing('quota')).toEqual([]);
  });

  it('refuses writes, copies and extracts that would not fit', async () => {
    const write = await kit.api('POST', 'files/write?file=/quota/big.txt', { payload: 'x'.repeat(3 * MiB), headers: { 'content-type': 'text/plain' } });
    expect(write.statusCode).toBe(507);
    expect(await kit.files.exists('quota/big.txt')).toBe(false);
    // About 1 MiB (b.jar) + 1.2 MiB used: a copy of the 1.2 MiB file does not fit in 3 MiB.
    await kit.files.write('plugins/filler.bin', Buffer.alloc(1.2 * MiB));
    const copy = await kit.api('POST', 'files/copy', { payload: { location: '/plugins/filler.bin' } });
    expect(copy.statusCode).toBe(507);
    expect(await listing('plugins')).toEqual(['a.jar', 'b.jar', 'config (1).yml', 'filler.bin']);
    const compress = await kit.api('POST', 'files/compress', { payload: { root: '/plugins', files: ['filler.bin', 'b.jar'], format: 'zip' } });
    expect(compress.statusCode).toBe(200); // zeros compress to almost nothing
    await kit.api('POST', 'files/delete', { payload: { root: '/plugins', files: [compress.json().data.name] } });
    await kit.files.write('quota/zeros.zip', await zipArchive([{ name: 'zeros.bin', content: Buffer.alloc(3 * MiB) }]));
    const extract = await kit.api('POST', 'files/decompress', { payload: { root: '/quota', file: 'zeros.zip' } });
    expect(extract.statusCode).toBe(507);
    expect(await listing('quota')).toEqual(['zeros.zip']);
  });

  it('still allows changes that shrink or keep the size', async () => {
    await kit.files.write('quota/small.txt', 'abcdef');
    const res = await kit.api('POST', 'files/write?file=/quota/small.txt', { payload: 'abc', headers: { 'content-type': 'text/plain' } });
    expect(res.statusCode).toBe(204);
    expect((await kit.api('POST', 'files/delete', { payload: { root: '/plugins', files: ['b.jar'] } })).statusCode).toBe(204);
  });
});
