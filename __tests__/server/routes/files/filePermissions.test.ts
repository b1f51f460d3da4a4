import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { serverPermissions } from '../../../../server/src/db/schema';
import { permissionKeys, type PermissionKey } from '../../../../server/src/schemas/permissions';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { zipArchive } from '../../services/files/archiveFixtures';
import { createFilesKit, multipartBody, type FilesKit } from '../../services/files/filesTestKit';

jest.setTimeout(180_000);

let kit: FilesKit;
let subuser: TestUser;

beforeAll(async () => {
  kit = await createFilesKit();
  subuser = await createTestUser(kit.t.app);
  await kit.t.app.db.insert(serverPermissions).values({ serverId: kit.server.id, userId: subuser.user.id, permissions: [] });
  await kit.files.mkdir('dir');
  await kit.files.write('dir/existing.txt', 'existing');
  await kit.files.write('dir/extracted.txt', 'before');
  await kit.files.write('dir/pack.zip', await zipArchive([{ name: 'extracted.txt', content: 'from the archive' }]));
  await kit.files.write('dir/fresh.zip', await zipArchive([{ name: 'brand-new.txt', content: 'new' }]));
});
afterAll(() => kit.t.close());

/** Every entry of the server's files with its content and mode. */
async function disk(): Promise<string[]> {
  const lines: string[] = [];
  for await (const entry of kit.files.port.walk('')) lines.push(`${entry.path} ${entry.mode.toString(8)} ${entry.kind === 'file' ? await kit.files.text(entry.path) : ''}`);
  return lines;
}

const text = { 'content-type': 'text/plain' };
type Request = [InjectOptions['method'], string, Omit<InjectOptions, 'method' | 'url'>?];

/** Each file route, with each permission its effect needs: taken away, the answer is 403 and nothing changes. */
const table: Array<[string, PermissionKey, Request]> = [
  ['save over an existing file', 'file.update', ['POST', 'files/write?file=/dir/existing.txt', { payload: 'changed', headers: text }]],
  ['save to a new path (a create)', 'file.create', ['POST', 'files/write?file=/dir/new.txt', { payload: 'created', headers: text }]],
  ['save into a new folder', 'file.create', ['POST', 'files/write?file=/newdir/new.txt', { payload: 'created', headers: text }]],
  ['create a folder', 'file.create', ['POST', 'files/create-folder', { payload: { root: '/dir', name: 'made' } }]],
  ['upload a new file', 'file.create', ['POST', 'files/upload?directory=%2Fdir', multipartBody([{ name: 'up.txt', content: 'up' }])]],
  ['upload over an existing file', 'file.update', ['POST', 'files/upload?directory=%2Fdir', multipartBody([{ name: 'existing.txt', content: 'replaced' }])]],
  ['pull a file', 'file.create', ['POST', 'files/pull', { payload: { url: 'http://example.com/a.jar', directory: '/dir' } }]],
  ['rename', 'file.update', ['PUT', 'files/rename', { payload: { root: '/dir', files: [{ from: 'existing.txt', to: 'renamed.txt' }] } }]],
  ['move into a new folder', 'file.create', ['PUT', 'files/rename', { payload: { root: '/dir', files: [{ from: 'existing.txt', to: 'new-folder/moved.txt' }] } }]],
  ['copy', 'file.create', ['POST', 'files/copy', { payload: { location: '/dir/existing.txt' } }]],
  ['delete', 'file.delete', ['POST', 'files/delete', { payload: { root: '/dir', files: ['existing.txt'] } }]],
  ['chmod', 'file.update', ['POST', 'files/chmod', { payload: { root: '/dir', files: [{ file: 'existing.txt', mode: '600' }] } }]],
  ['compress', 'file.archive', ['POST', 'files/compress', { payload: { root: '/dir', files: ['existing.txt'], format: 'zip' } }]],
  ['extract', 'file.archive', ['POST', 'files/decompress', { payload: { root: '/dir', file: 'fresh.zip' } }]],
  ['extract over an existing file', 'file.update', ['POST', 'files/decompress', { payload: { root: '/dir', file: 'pack.zip' } }]],
  ['list', 'file.read', ['GET', 'files/list?directory=/dir']],
  ['search', 'file.read', ['GET', 'files/search?directory=/&pattern=existing']],
  ['open in the editor', 'file.read-content', ['GET', 'files/contents?file=/dir/existing.txt']],
  ['get a download link', 'file.read-content', ['GET', 'files/download?file=/dir/existing.txt']],
];

describe('every file route against each permission its effect needs', () => {
  it.each(table)('%s without %s: 403 and nothing changed', async (_label, missing, [method, path, options = {}]) => {
    await kit.t.app.db
      .update(serverPermissions)
      .set({ permissions: permissionKeys.filter((key) => key !== missing) })
      .where(and(eq(serverPermissions.serverId, kit.server.id), eq(serverPermissions.userId, subuser.user.id)));
    const before = await disk();
    const res = await kit.t.app.inject({ method, url: `/api/v2/servers/${kit.server.shortId}/${path}`, ...options, headers: { ...subuser.headers, ...(options.headers ?? {}) } });
    expect({ status: res.statusCode, body: res.body }).toEqual({ status: 403, body: expect.any(String) });
    expect(await disk()).toEqual(before);
  });

  it('lets the same subuser do each with every file permission', async () => {
    await kit.t.app.db
      .update(serverPermissions)
      .set({ permissions: [...permissionKeys] })
      .where(and(eq(serverPermissions.serverId, kit.server.id), eq(serverPermissions.userId, subuser.user.id)));
    const res = await kit.t.app.inject({ method: 'POST', url: `/api/v2/servers/${kit.server.shortId}/files/write?file=/dir/new.txt`, payload: 'created', headers: { ...subuser.headers, ...text } });
    expect(res.statusCode).toBe(204);
    expect(await kit.files.text('dir/new.txt')).toBe('created');
  });
});
