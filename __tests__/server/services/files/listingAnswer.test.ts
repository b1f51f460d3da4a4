import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Value } from 'typebox/value';
import { listDirectory, listDirectoryJson } from '../../../../server/src/services/files/listDirectory';
import { FileEntrySchema, type FileEntryJson } from '../../../../server/src/schemas/files';
import { createFilesKit, type FilesKit } from './filesTestKit';

jest.setTimeout(120_000);

let kit: FilesKit;
beforeAll(async () => {
  kit = await createFilesKit();
});
afterAll(() => kit.t.close());

// Names JSON has to escape, or that are more than one byte in UTF-8.
const awkwardNames = ['say "hi".txt', 'back\\slash.cfg', 'new\nline.log', 'tab\there', 'bell\u0007.bin', 'wörld-ünïcode.dat', '日本語.yml', 'emoji-🎮.json', '\u2028separator'];
const schemaKeys = Object.keys(FileEntrySchema.properties);

describe('the listing answer (serialised without the schema serialiser)', () => {
  it('is JSON in the schema shape: exactly its fields in its order, every entry valid, names escaped', async () => {
    const folder = join(kit.root, 'shape');
    mkdirSync(join(folder, 'sub'), { recursive: true });
    for (const name of awkwardNames) writeFileSync(join(folder, name), name);
    symlinkSync('sub', join(folder, 'link-in'));
    symlinkSync(kit.outside, join(folder, 'link-out'));
    symlinkSync('missing', join(folder, 'link-dangling'));

    const res = await kit.api('GET', 'files/list?directory=/shape');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const entries = JSON.parse(res.body).data as FileEntryJson[];
    expect(entries.map((entry) => entry.name).sort()).toEqual([...awkwardNames, 'sub', 'link-in', 'link-out', 'link-dangling'].sort());
    for (const entry of entries) {
      expect(Object.keys(entry)).toEqual(schemaKeys);
      expect(Value.Check(FileEntrySchema, entry)).toBe(true);
      expect(new Date(entry.modified_at).toISOString()).toBe(entry.modified_at);
    }
    expect(entries.find((entry) => entry.name === 'link-in')).toMatchObject({ is_symlink: true, is_directory: true });
    expect(entries.find((entry) => entry.name === 'link-out')).toMatchObject({ is_symlink: true, is_directory: false, is_file: false });
    expect(entries.find((entry) => entry.name === 'emoji-🎮.json')).toMatchObject({ size: Buffer.byteLength('emoji-🎮.json'), mime: 'application/json' });
  });

  it('is byte for byte what JSON.stringify makes of the entries, listed the first time and again after changes', async () => {
    const folder = join(kit.root, 'again');
    mkdirSync(folder);
    for (const name of awkwardNames) writeFileSync(join(folder, name), name);
    const files = kit.t.app.runtime.files(kit.server.uuid);
    const expected = async () => Buffer.from(JSON.stringify({ data: await listDirectory(files, '/again', kit.server.uuid) }));
    // First listing of the folder (written in one piece), then from remembered entries.
    expect((await listDirectoryJson(files, '/again', kit.server.uuid)).equals(await expected())).toBe(true);
    expect((await listDirectoryJson(files, '/again', kit.server.uuid)).equals(await expected())).toBe(true);
    writeFileSync(join(folder, awkwardNames[0]), 'longer content now');
    writeFileSync(join(folder, 'added "file".txt'), '');
    const changed = await listDirectoryJson(files, '/again', kit.server.uuid);
    expect(changed.equals(await expected())).toBe(true);
    const entries = JSON.parse(changed.toString('utf8')).data as FileEntryJson[];
    expect(entries.find((entry) => entry.name === awkwardNames[0])?.size).toBe('longer content now'.length);
    expect(entries.map((entry) => entry.name)).toContain('added "file".txt');
    const res = await kit.api('GET', 'files/list?directory=/again');
    expect(res.rawPayload.equals(await expected())).toBe(true);
  });

  it('is compressed for clients that take it, and the same listing is compressed once', async () => {
    const folder = join(kit.root, 'large');
    mkdirSync(folder);
    for (let i = 0; i < 1500; i += 1) writeFileSync(join(folder, `region-${i}.mca`), '');
    const list = (acceptEncoding?: string) => kit.api('GET', 'files/list?directory=/large', acceptEncoding ? { headers: { 'accept-encoding': acceptEncoding } } : {});
    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect((JSON.parse(plain.body) as { data: FileEntryJson[] }).data).toHaveLength(1500);

    const br = await list('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gzip = await list('gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect((await list('gzip;q=0, br;q=0')).rawPayload.equals(plain.rawPayload)).toBe(true);

    // A file added: the compressed answer follows.
    writeFileSync(join(folder, 'level.dat'), 'x');
    const changed = JSON.parse(gunzipSync((await list('gzip')).rawPayload).toString('utf8')) as { data: FileEntryJson[] };
    expect(changed.data.map((entry) => entry.name)).toContain('level.dat');
  });

  it('keeps the response schema in the API document', async () => {
    const document = kit.t.app.swagger() as unknown as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const list = document.paths['/servers/{id}/files/list'].get;
    expect(JSON.stringify(list.responses['200'])).toContain('FileEntry');
  });
});
