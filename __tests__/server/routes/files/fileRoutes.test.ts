import { brotliDecompressSync } from 'node:zlib';
import { and, eq, like } from 'drizzle-orm';
import { auditLogs, serverPermissions } from '../../../../server/src/db/schema';
import { createTestUser } from '../../helpers/createTestUser';
import { createFilesKit, type FilesKit } from '../../services/files/filesTestKit';

jest.setTimeout(120_000);

let kit: FilesKit;
beforeAll(async () => {
  kit = await createFilesKit();
});
afterAll(() => kit.t.close());

const json = (body: unknown) => ({ payload: body as Record<string, unknown> });

describe('listing', () => {
  it('lists folders first, then files in natural order, with modes, sizes, dates and mime types', async () => {
    await kit.files.mkdir('list/plugins');
    await kit.files.mkdir('list/Config');
    await kit.files.write('list/file10.txt', 'ten');
    await kit.files.write('list/file2.txt', 'two!');
    await kit.files.write('list/server.properties', 'motd=hi\n', 0o600);
    await kit.files.link('plugins', 'list/link-to-plugins');
    const res = await kit.api('GET', 'files/list?directory=/list');
    expect(res.statusCode).toBe(200);
    const entries = res.json().data as Array<Record<string, unknown>>;
    expect(entries.map((e) => e.name)).toEqual(['Config', 'link-to-plugins', 'plugins', 'file2.txt', 'file10.txt', 'server.properties']);
    const properties = entries.find((e) => e.name === 'server.properties')!;
    expect(properties).toMatchObject({ size: 8, mode: '-rw-------', mode_bits: '600', is_file: true, is_directory: false, is_symlink: false, mime: 'text/x-java-properties' });
    expect(new Date(properties.modified_at as string).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(entries.find((e) => e.name === 'plugins')).toMatchObject({ is_directory: true, mime: 'inode/directory', mode: expect.stringMatching(/^d/) });
    expect(entries.find((e) => e.name === 'link-to-plugins')).toMatchObject({ is_symlink: true, is_directory: true, mode: expect.stringMatching(/^l/) });
  });

  it('answers 404 for a missing folder and 400 for a file', async () => {
    expect((await kit.api('GET', 'files/list?directory=/nope')).statusCode).toBe(404);
    await kit.files.write('plain.txt', 'x');
    const res = await kit.api('GET', 'files/list?directory=/plain.txt');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not a folder/);
  });
});

describe('reading and writing', () => {
  it('reads a file as text/plain and refuses files over 4 MiB with 413', async () => {
    await kit.files.write('read.yml', 'a: 1\n');
    const res = await kit.api('GET', 'files/contents?file=/read.yml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('a: 1\n');
    await kit.files.write('big.log', Buffer.alloc(4 * 1024 * 1024 + 1, 'a'));
    const big = await kit.api('GET', 'files/contents?file=big.log');
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/download it instead/);
  });

  it('sends a large file compressed to a client that takes it, byte for byte the same', async () => {
    const log = Buffer.from(Array.from({ length: 3000 }, (_, i) => `[12:00:${String(i % 60).padStart(2, '0')}] [Server thread/INFO]: Player${i % 7} joined the game\n`).join(''));
    await kit.files.write('latest.log', log);
    const compressed = await kit.api('GET', 'files/contents?file=latest.log', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.rawPayload.length).toBeLessThan(log.length / 5);
    expect(brotliDecompressSync(compressed.rawPayload).equals(log)).toBe(true);
    const plain = await kit.api('GET', 'files/contents?file=latest.log');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(log)).toBe(true);
  });

  it('writes atomically, keeps the mode of an existing file, creates folders, and records the change without the content', async () => {
    await kit.files.write('start.sh', 'old', 0o750);
    const res = await kit.api('POST', 'files/write?file=/start.sh', { payload: 'echo new\n', headers: { 'content-type': 'text/plain' } });
    expect(res.statusCode).toBe(204);
    expect(await kit.files.text('start.sh')).toBe('echo new\n');
    expect((await kit.files.port.stat('start.sh'))!.mode & 0o777).toBe(0o750);
    const created = await kit.api('POST', 'files/write?file=config/new/app.toml', { payload: 'x = 1', headers: { 'content-type': 'text/plain' } });
    expect(created.statusCode).toBe(204);
    expect(await kit.files.text('config/new/app.toml')).toBe('x = 1');
    const [entry] = await kit.t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.serverUuid, kit.server.uuid), eq(auditLogs.event, 'server.file.write')));
    expect(entry.properties).toEqual({ file: '/start.sh', size: 9 });
    expect(JSON.stringify(entry.properties)).not.toContain('echo new');
  });

  it('refuses a body over the editor limit with 413', async () => {
    const res = await kit.api('POST', 'files/write?file=huge.txt', { payload: 'a'.repeat(4 * 1024 * 1024 + 1), headers: { 'content-type': 'text/plain' } });
    expect(res.statusCode).toBe(413);
    expect(await kit.files.exists('huge.txt')).toBe(false);
  });
});

describe('managing files', () => {
  it('creates a folder (409 when it exists)', async () => {
    expect((await kit.api('POST', 'files/create-folder', json({ root: '/', name: 'worlds' }))).statusCode).toBe(204);
    expect((await kit.files.port.stat('worlds'))?.kind === 'directory').toBe(true);
    expect((await kit.api('POST', 'files/create-folder', json({ root: '/', name: 'worlds' }))).statusCode).toBe(409);
  });

  it('renames and moves, never over an existing entry', async () => {
    await kit.files.mkdir('mv/into');
    await kit.files.write('mv/a.txt', 'a');
    await kit.files.write('mv/b.txt', 'b');
    const res = await kit.api('PUT', 'files/rename', json({ root: '/mv', files: [{ from: 'a.txt', to: 'into/renamed.txt' }] }));
    expect(res.statusCode).toBe(204);
    expect(await kit.files.text('mv/into/renamed.txt')).toBe('a');
    const clash = await kit.api('PUT', 'files/rename', json({ root: '/mv', files: [{ from: 'b.txt', to: 'into/renamed.txt' }] }));
    expect(clash.statusCode).toBe(409);
    expect(await kit.files.text('mv/into/renamed.txt')).toBe('a');
  });

  it('copies files and folders beside themselves', async () => {
    await kit.files.mkdir('cp/dir');
    await kit.files.write('cp/ops.json', '[]');
    await kit.files.write('cp/dir/inner.txt', 'in');
    expect((await kit.api('POST', 'files/copy', json({ location: '/cp/ops.json' }))).statusCode).toBe(204);
    expect((await kit.api('POST', 'files/copy', json({ location: '/cp/ops.json' }))).statusCode).toBe(204);
    expect((await kit.api('POST', 'files/copy', json({ location: '/cp/dir' }))).statusCode).toBe(204);
    expect(await kit.files.text('cp/ops copy.json')).toBe('[]');
    expect(await kit.files.text('cp/ops copy 2.json')).toBe('[]');
    expect(await kit.files.text('cp/dir copy/inner.txt')).toBe('in');
  });

  it('deletes many entries at once; a symlink is removed itself, not its target', async () => {
    await kit.files.mkdir('rm/keep');
    await kit.files.write('rm/keep/precious.txt', 'keep me');
    await kit.files.mkdir('rm/gone');
    await kit.files.write('rm/gone.txt', 'x');
    await kit.files.link('keep', 'rm/link');
    const res = await kit.api('POST', 'files/delete', json({ root: '/rm', files: ['gone', 'gone.txt', 'link'] }));
    expect(res.statusCode).toBe(204);
    expect(await kit.files.exists('rm/gone')).toBe(false);
    expect(await kit.files.exists('rm/gone.txt')).toBe(false);
    expect(await kit.files.exists('rm/link')).toBe(false);
    expect(await kit.files.text('rm/keep/precious.txt')).toBe('keep me');
    expect((await kit.api('POST', 'files/delete', json({ root: '/', files: ['/'] }))).statusCode).toBe(400);
  });

  it('changes permissions and validates the mode', async () => {
    await kit.files.write('run.sh', '#!/bin/sh\n', 0o644);
    expect((await kit.api('POST', 'files/chmod', json({ root: '/', files: [{ file: 'run.sh', mode: '755' }] }))).statusCode).toBe(204);
    expect((await kit.files.port.stat('run.sh'))!.mode & 0o777).toBe(0o755);
    const bad = await kit.api('POST', 'files/chmod', json({ root: '/', files: [{ file: 'run.sh', mode: '4777' }] }));
    expect(bad.statusCode).toBe(422);
  });

  it('searches by name, with wildcards, below a folder', async () => {
    await kit.files.mkdir('find/deep/er');
    await kit.files.write('find/deep/er/Banned-Players.json', '[]');
    await kit.files.write('find/banned-ips.json', '[]');
    await kit.files.write('find/ops.json', '[]');
    const res = await kit.api('GET', 'files/search?directory=/find&pattern=banned');
    expect(res.statusCode).toBe(200);
    expect((res.json().data as Array<{ path: string }>).map((e) => e.path).sort()).toEqual(['/find/banned-ips.json', '/find/deep/er/Banned-Players.json']);
    const wild = await kit.api('GET', 'files/search?directory=/find&pattern=*.json');
    expect(wild.json().data).toHaveLength(3);
  });

  it('records every change in the audit log', async () => {
    const rows = await kit.t.app.db
      .select({ event: auditLogs.event })
      .from(auditLogs)
      .where(and(eq(auditLogs.serverUuid, kit.server.uuid), like(auditLogs.event, 'server.file.%')));
    expect(new Set(rows.map((r) => r.event))).toEqual(new Set(['server.file.write', 'server.file.create-folder', 'server.file.rename', 'server.file.copy', 'server.file.delete', 'server.file.chmod']));
  });
});

describe('downloads', () => {
  it('hands out a short-lived signed URL that streams the file without a bearer token', async () => {
    await kit.files.write('world.zip', Buffer.from('PK-not-really'));
    const res = await kit.api('GET', 'files/download?file=/world.zip');
    expect(res.statusCode).toBe(200);
    const { url, expires_at: expiresAt } = res.json().data;
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const download = await kit.t.app.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="world.zip"; filename*=UTF-8''world.zip`);
    expect(download.headers['content-length']).toBe('13');
    expect(download.body).toBe('PK-not-really');
  });

  it('refuses a tampered, forged or expired token, and one whose user lost access', async () => {
    await kit.files.write('secret.txt', 'secret');
    const { url } = (await kit.api('GET', 'files/download?file=secret.txt')).json().data as { url: string };
    const [path, query] = url.split('?');
    const token = path.split('/').pop()!;
    const [payload, signature] = token.split('.');
    const tampered = [
      `${token}?file=${encodeURIComponent('/fixture.cjs')}`, // another file with the same signature
      // Its first character changed: the last ones carry bits base64 decoding drops, so a change
      // there can leave the signature's bytes as they were.
      `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}?${query}`,
      `${Buffer.alloc(24, 1).toString('base64url')}.${signature}?${query}`,
      `garbage?${query}`,
      `${payload}?${query}`,
    ];
    for (const link of tampered) {
      const res = await kit.t.app.inject({ method: 'GET', url: `/api/v2/files/download/${link}` });
      expect(res.statusCode).toBe(404);
    }
    // A subuser's link stops working when the permission is taken away.
    const helper = await createTestUser(kit.t.app);
    await kit.t.app.db.insert(serverPermissions).values({ serverId: kit.server.id, userId: helper.user.id, permissions: ['file.read', 'file.read-content'] });
    const granted = await kit.t.app.inject({ method: 'GET', url: `/api/v2/servers/${kit.server.shortId}/files/download?file=secret.txt`, headers: helper.headers });
    const link = granted.json().data.url as string;
    expect((await kit.t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    await kit.t.app.db
      .update(serverPermissions)
      .set({ permissions: ['file.read'] })
      .where(eq(serverPermissions.userId, helper.user.id));
    expect((await kit.t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
    // file.read alone lists but cannot open or download.
    expect((await kit.t.app.inject({ method: 'GET', url: `/api/v2/servers/${kit.server.shortId}/files/list?directory=/`, headers: helper.headers })).statusCode).toBe(200);
    expect((await kit.t.app.inject({ method: 'GET', url: `/api/v2/servers/${kit.server.shortId}/files/contents?file=secret.txt`, headers: helper.headers })).statusCode).toBe(403);
  });

  it('expires links after their lifetime', () => {
    const { DownloadTokens } = jest.requireActual('../../../../server/src/services/files/DownloadTokens') as typeof import('../../../../server/src/services/files/DownloadTokens');
    const tokens = new DownloadTokens('s');
    const grant = { serverUuid: '705bdb72-3eb1-48e0-93a3-13cdc774000f', userId: 7, path: '/a', expiresAt: 1_000_000 };
    const token = tokens.issue(grant);
    expect(token.length).toBeLessThanOrEqual(100);
    expect(tokens.verify(token, '/a', 999_999)).toEqual(grant);
    expect(tokens.verify(token, '/a', 1_000_000)).toBeNull();
    expect(tokens.verify(token, '/b', 0)).toBeNull();
    expect(new DownloadTokens('other secret').verify(token, '/a', 0)).toBeNull();
  });
});
