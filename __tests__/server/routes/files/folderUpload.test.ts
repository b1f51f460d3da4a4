import { existsSync, lstatSync, mkdirSync, promises as fsp, readdirSync, readFileSync, rmdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { auditLogs, plans, servers } from '../../../../server/src/db/schema';
import { ConfinedDir } from '../../../../server/src/runtime/confined/ConfinedDir';
import { createTestPlan } from '../../helpers/testTemplates';
import { createFilesKit, multipartBody, type FilesKit } from '../../services/files/filesTestKit';

jest.setTimeout(180_000);

const MiB = 1024 * 1024;
let kit: FilesKit;
beforeAll(async () => {
  kit = await createFilesKit({ fileLimits: { uploadFileBytes: 2 * MiB, uploadFolders: 5 } });
});
afterAll(() => kit.t.close());
afterEach(() => {
  jest.restoreAllMocks();
  kit.expectCanariesUntouched();
});

/** A fresh folder of the test's own in the server's root, as the API names it. */
function folder(name: string): { api: string; disk: string } {
  mkdirSync(join(kit.root, name));
  return { api: `/${name}`, disk: join(kit.root, name) };
}

/** Every entry below `dir` (relative, sorted), hidden staging folders included; symlinks are not followed. */
function tree(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    out.push(`${prefix}${entry.name}`);
    if (entry.isDirectory()) out.push(...tree(join(dir, entry.name), `${prefix}${entry.name}/`));
  }
  return out.sort();
}

const upload = (directory: string, files: Array<{ name: string; content: Buffer | string }>) => kit.api('POST', `files/upload?directory=${encodeURIComponent(directory)}`, multipartBody(files));

/** A multipart body with one `folders` field per folder to create, then one part per file (as the panel sends it). */
function foldersBody(folders: string[], files: Array<{ name: string; content: Buffer | string }> = []) {
  const boundary = `----panel-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = folders.map((name) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="folders"\r\n\r\n${name}\r\n`));
  for (const file of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
    chunks.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const uploadWithFolders = (directory: string, folders: string[], files: Array<{ name: string; content: Buffer | string }> = []) =>
  kit.api('POST', `files/upload?directory=${encodeURIComponent(directory)}`, foldersBody(folders, files));

describe('uploading a folder', () => {
  it('creates the subfolders of each relative path inside the target and records the paths', async () => {
    const target = folder('keep');
    writeFileSync(join(target.disk, 'top.txt'), 'old');
    const res = await upload(target.api, [
      { name: 'world/region/r.0.0.mca', content: Buffer.alloc(1000, 7) },
      { name: 'world/level.dat', content: 'level' },
      { name: 'top.txt', content: 'new' },
    ]);
    expect(res.statusCode).toBe(204);
    expect(tree(target.disk)).toEqual(['top.txt', 'world', 'world/level.dat', 'world/region', 'world/region/r.0.0.mca']);
    expect(readFileSync(join(target.disk, 'world/region/r.0.0.mca'))).toEqual(Buffer.alloc(1000, 7));
    expect(readFileSync(join(target.disk, 'top.txt'), 'utf8')).toBe('new');
    const listed = await kit.api('GET', `files/list?directory=${encodeURIComponent('/keep/world')}`);
    expect((listed.json().data as Array<{ name: string }>).map((entry) => entry.name).sort()).toEqual(['level.dat', 'region']);
    const rows = await kit.t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.serverUuid, kit.server.uuid), eq(auditLogs.event, 'server.file.upload')));
    expect(rows.at(-1)?.properties).toEqual({
      directory: '/keep',
      files: [
        { name: 'world/region/r.0.0.mca', size: 1000 },
        { name: 'world/level.dat', size: 5 },
        { name: 'top.txt', size: 3 },
      ],
    });
  });

  it('adds to folders that exist already', async () => {
    const target = folder('merge');
    mkdirSync(join(target.disk, 'plugins'));
    writeFileSync(join(target.disk, 'plugins', 'a.jar'), 'a');
    expect((await upload(target.api, [{ name: 'plugins/b.jar', content: 'b' }])).statusCode).toBe(204);
    expect(tree(target.disk)).toEqual(['plugins', 'plugins/a.jar', 'plugins/b.jar']);
  });
});

describe('empty folders of an uploaded folder', () => {
  it('creates the folders named in "folders" fields beside the files, leaves existing ones as they are and records them', async () => {
    const target = folder('empties');
    mkdirSync(join(target.disk, 'plugins', 'kept'), { recursive: true });
    writeFileSync(join(target.disk, 'plugins', 'kept', 'config.yml'), 'keep: true');
    const res = await uploadWithFolders(target.api, ['world/data', 'plugins/essentials/logs', 'plugins/kept', 'world/data'], [{ name: 'world/level.dat', content: 'level' }]);
    expect(res.statusCode).toBe(204);
    expect(tree(target.disk)).toEqual(['plugins', 'plugins/essentials', 'plugins/essentials/logs', 'plugins/kept', 'plugins/kept/config.yml', 'world', 'world/data', 'world/level.dat']);
    expect(readFileSync(join(target.disk, 'plugins', 'kept', 'config.yml'), 'utf8')).toBe('keep: true');
    const listed = await kit.api('GET', `files/list?directory=${encodeURIComponent('/empties/world')}`);
    expect((listed.json().data as Array<{ name: string; is_directory: boolean }>).map(({ name, is_directory }) => [name, is_directory]).sort()).toEqual([
      ['data', true],
      ['level.dat', false],
    ]);
    const rows = await kit.t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.serverUuid, kit.server.uuid), eq(auditLogs.event, 'server.file.upload')));
    expect(rows.at(-1)?.properties).toEqual({ directory: '/empties', files: [{ name: 'world/level.dat', size: 5 }], folders: ['world/data', 'plugins/essentials/logs', 'plugins/kept'] });
  });

  it('takes an upload of folders alone (an empty folder dropped), and still refuses one with neither files nor folders', async () => {
    const target = folder('only-folders');
    expect((await uploadWithFolders(target.api, ['logs', 'cache/a/b'])).statusCode).toBe(204);
    expect(tree(target.disk)).toEqual(['cache', 'cache/a', 'cache/a/b', 'logs']);
    expect((await uploadWithFolders(target.api, [])).statusCode).toBe(422);
    expect(tree(target.disk)).toEqual(['cache', 'cache/a', 'cache/a/b', 'logs']);
  });

  it('refuses more folders than the limit (422 saying so) and creates none of them', async () => {
    const target = folder('too-many');
    const res = await uploadWithFolders(target.api, ['a', 'b', 'c', 'd', 'e', 'f'], [{ name: 'x.txt', content: 'x' }]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: expect.stringMatching(/at most 5 folders/), errors: { folders: [expect.stringMatching(/at most 5 folders/)] } });
    // Repeating a name does not get around the limit.
    expect((await uploadWithFolders(target.api, ['a', 'a', 'a', 'a', 'a', 'a'])).statusCode).toBe(422);
    expect(tree(target.disk)).toEqual([]);
    expect((await uploadWithFolders(target.api, ['a', 'b', 'c', 'd', 'e'])).statusCode).toBe(204);
    expect(tree(target.disk)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('refuses other form fields and folder paths that clash with files', async () => {
    const target = folder('clash');
    writeFileSync(join(target.disk, 'plain.txt'), 'plain');
    const unknown = await kit.api('POST', `files/upload?directory=${encodeURIComponent(target.api)}`, {
      payload: '--b\r\nContent-Disposition: form-data; name="mode"\r\n\r\n777\r\n--b\r\nContent-Disposition: form-data; name="files"; filename="ok.txt"\r\n\r\nok\r\n--b--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toMatch(/Unknown field "mode"/);
    expect((await uploadWithFolders(target.api, ['plain.txt'])).statusCode).toBe(409);
    expect((await uploadWithFolders(target.api, ['plain.txt/inner'])).statusCode).toBe(400);
    for (const [folders, files] of [
      [['same.txt'], ['same.txt']],
      [['world/level.dat/x'], ['world/level.dat']],
    ]) {
      const res = await uploadWithFolders(
        target.api,
        [...folders, 'new-empty'],
        files.map((name) => ({ name, content: 'x' })),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.folders).toEqual([expect.stringMatching(/a file of this upload has that name/)]);
    }
    for (const name of ['a//b', 'a/./b', 'a/b/', '', `${'x'.repeat(256)}/b`, `${'d/'.repeat(40)}e`, 'x'.repeat(5000)]) {
      const res = await uploadWithFolders(target.api, ['new-empty', name]);
      expect({ name: name.slice(0, 20), status: res.statusCode }).toEqual({ name: name.slice(0, 20), status: 422 });
      expect(res.json().errors.folders).toHaveLength(1);
    }
    expect(tree(target.disk)).toEqual(['plain.txt']);
    expect(readFileSync(join(target.disk, 'plain.txt'), 'utf8')).toBe('plain');
  });
});

describe('hostile relative paths', () => {
  // Each case gets its own folder; `up` leads from it to the canaries' folder ("../../../outside").
  const target = () => folder(`attack-${Math.random().toString(36).slice(2, 8)}`);

  it.each([
    ['../', () => '../escape.txt', (up: string) => `${up}/canary.txt`],
    ['%2e%2e/', () => '%2e%2e/escape.txt', (up: string) => `${up.replace(/\.\./g, '%2e%2e')}/canary.txt`],
    ['%252e%252e/', () => '%252e%252e/escape.txt', (up: string) => `${up.replace(/\.\./g, '%252e%252e')}/canary.txt`],
    ['an absolute path', () => '/etc/escape.txt', () => join(kit.outside, 'canary.txt')],
    ['a NUL byte', () => 'dir\0/escape.txt', () => 'canary.txt\0.png'],
    ['%00', () => 'dir%00/escape.txt', () => 'canary.txt%00.png'],
    ['fullwidth dots', () => '\uff0e\uff0e/escape.txt', (up: string) => `${up.replace(/\.\./g, '\uff0e\uff0e')}/canary.txt`],
    ['backslashes', () => '..\\escape.txt', (up: string) => `${up.replace(/\//g, '\\')}\\canary.txt`],
    ['.. in the middle', () => 'a/../../escape.txt', (up: string) => `a/../${up}/canary.txt`],
  ] as Array<[string, (up: string) => string, (up: string) => string]>)('refuses a relative name with %s and keeps nothing', async (_label, short, toCanary) => {
    const { api, disk } = target();
    const up = relative(disk, kit.outside);
    for (const name of [short(up), toCanary(up)]) {
      const res = await upload(api, [
        { name: 'fine/ok.txt', content: 'fine' },
        { name, content: 'pwned' },
      ]);
      if (res.statusCode !== 400 && res.statusCode !== 422) throw new Error(`${JSON.stringify(name)}: expected 400 or 422, got ${res.statusCode} ${res.body}`);
      expect(tree(disk)).toEqual([]);
    }
    expect(existsSync(join(kit.root, 'escape.txt'))).toBe(false);
    expect(existsSync(join(kit.outside, 'escape.txt'))).toBe(false);
  });

  it('refuses paths through a symlinked folder pointing outside, relative or absolute', async () => {
    const { api, disk } = target();
    symlinkSync(kit.outside, join(disk, 'link'));
    symlinkSync(relative(disk, kit.outside), join(disk, 'relative-link'));
    symlinkSync(join(kit.outside, 'not-yet'), join(disk, 'dangling'));
    for (const name of ['link/canary.txt', 'link/nested/new.txt', 'link/fresh/deep/new.txt', 'relative-link/canary.txt', 'dangling/new.txt']) {
      const res = await upload(api, [
        { name: 'fine/ok.txt', content: 'fine' },
        { name, content: 'pwned' },
      ]);
      expect({ name, status: res.statusCode }).toEqual({ name, status: 400 });
      expect(res.json().message).toMatch(/outside the server's files/);
      expect(tree(disk)).toEqual(['dangling', 'link', 'relative-link']);
    }
    expect(existsSync(join(kit.outside, 'fresh'))).toBe(false);
  });

  it.each([
    ['../', (up: string) => ['../escape', `${up}/nested/new`, `${up}/fresh`]],
    ['%2e%2e/', (up: string) => ['%2e%2e/escape', `${up.replace(/\.\./g, '%2e%2e')}/fresh`]],
    ['%252e%252e/', (up: string) => ['%252e%252e/escape', `${up.replace(/\.\./g, '%252e%252e')}/fresh`]],
    ['an absolute path', () => ['/etc/escape', join(kit.outside, 'fresh'), join(kit.outside, 'nested', 'new')]],
    ['a NUL byte', () => ['dir\0/escape', 'fresh\0']],
    ['%00', () => ['dir%00/escape', 'fresh%00']],
    ['fullwidth dots', (up: string) => ['\uff0e\uff0e/escape', `${up.replace(/\.\./g, '\uff0e\uff0e')}/fresh`]],
    ['backslashes', (up: string) => ['..\\escape', `${up.replace(/\//g, '\\')}\\fresh`]],
    ['.. in the middle', (up: string) => ['a/../../escape', `a/../${up}/fresh`]],
  ] as Array<[string, (up: string) => string[]]>)('refuses a folder to create with %s and creates nothing, inside or out', async (_label, names) => {
    const { api, disk } = target();
    const up = relative(disk, kit.outside);
    for (const name of names(up)) {
      const res = await uploadWithFolders(api, ['fine-folder', name], [{ name: 'fine/ok.txt', content: 'fine' }]);
      if (res.statusCode !== 400 && res.statusCode !== 422) throw new Error(`${JSON.stringify(name)}: expected 400 or 422, got ${res.statusCode} ${res.body}`);
      expect(tree(disk)).toEqual([]);
    }
    for (const place of [join(kit.root, 'escape'), join(kit.outside, 'escape'), join(kit.outside, 'fresh'), join(kit.outside, 'nested', 'new'), '/etc/escape']) expect(existsSync(place)).toBe(false);
  });

  it('refuses folders through or onto a symlinked folder pointing outside, relative, absolute or dangling', async () => {
    const { api, disk } = target();
    symlinkSync(kit.outside, join(disk, 'link'));
    symlinkSync(relative(disk, kit.outside), join(disk, 'relative-link'));
    symlinkSync(join(kit.outside, 'not-yet'), join(disk, 'dangling'));
    for (const name of ['link', 'link/fresh', 'link/fresh/deep', 'link/nested/new', 'relative-link/fresh', 'dangling', 'dangling/fresh']) {
      const res = await uploadWithFolders(api, ['fine-folder', name], [{ name: 'fine/ok.txt', content: 'fine' }]);
      expect({ name, status: res.statusCode }).toEqual({ name, status: 400 });
      expect(res.json().message).toMatch(/outside the server's files/);
      expect(tree(disk)).toEqual(['dangling', 'link', 'relative-link']);
    }
    for (const place of ['fresh', 'not-yet', join('nested', 'new')]) expect(existsSync(join(kit.outside, place))).toBe(false);
  });

  it('leaves a symlinked folder inside the root as it is when a folder of that name is asked for', async () => {
    const { api, disk } = target();
    mkdirSync(join(disk, 'real'));
    symlinkSync('real', join(disk, 'alias'));
    expect((await uploadWithFolders(api, ['alias', 'alias/sub'])).statusCode).toBe(204);
    expect(lstatSync(join(disk, 'alias')).isSymbolicLink()).toBe(true);
    expect(tree(disk)).toEqual(['alias', 'real', 'real/sub']);
  });

  it('refuses a folder part that is a file, and empty or dot parts', async () => {
    const { api, disk } = target();
    writeFileSync(join(disk, 'plain.txt'), 'plain');
    expect((await upload(api, [{ name: 'plain.txt/inner.txt', content: 'x' }])).statusCode).toBe(400);
    for (const name of ['a//b.txt', 'a/./b.txt', 'a/b/', `${'x'.repeat(256)}/b.txt`]) expect((await upload(api, [{ name, content: 'x' }])).statusCode).toBe(422);
    expect(tree(disk)).toEqual(['plain.txt']);
    expect(readFileSync(join(disk, 'plain.txt'), 'utf8')).toBe('plain');
  });
});

/**
 * Another process racing an upload: right before the upload opens the folder `name` below
 * `parentPath` (or renames a file into it), the folder `onDisk` is replaced by a symlink leading
 * out of the root. Answers the count of those moments.
 */
function swapForLinkOut(method: 'openDir' | 'rename', parentPath: string, name: string, onDisk: string): { count: number } {
  const original = ConfinedDir.prototype[method] as (...args: unknown[]) => Promise<unknown>;
  const looks = { count: 0 };
  jest.spyOn(ConfinedDir.prototype, method).mockImplementation(async function (this: ConfinedDir, ...args: unknown[]) {
    const hit = method === 'openDir' ? this.path === parentPath && args[0] === name : (args[1] as ConfinedDir).path === parentPath && args[2] === name;
    if (hit && ++looks.count === 1) {
      rmdirSync(onDisk);
      symlinkSync(kit.outside, onDisk);
    }
    return original.apply(this, args);
  } as never);
  return looks;
}

describe('a failed upload with folders leaves no folder behind', () => {
  it('creates none of the folders asked for when a file is over the size limit', async () => {
    const { api, disk } = folder('failed-size-empty');
    const res = await uploadWithFolders(
      api,
      ['world/data', 'logs'],
      [
        { name: 'world/level.dat', content: 'level' },
        { name: 'world/huge.bin', content: Buffer.alloc(2 * MiB + 1) },
      ],
    );
    expect(res.statusCode).toBe(413);
    expect(tree(disk)).toEqual([]);
  });

  it('removes the files and every folder it created when a new folder is swapped for a symlink before the last check', async () => {
    const { api, disk } = folder('failed-folder-swap');
    mkdirSync(join(disk, 'keep'));
    // Right after the last folder was created: another process puts a link out in its place.
    const looks = swapForLinkOut('openDir', 'failed-folder-swap/empty', 'inner', join(disk, 'empty', 'inner'));
    const res = await uploadWithFolders(
      api,
      ['logs/old', 'keep', 'empty/inner'],
      [
        { name: 'first/a.txt', content: 'a' },
        { name: 'keep/k.txt', content: 'k' },
      ],
    );
    expect(res.statusCode).toBe(400);
    expect(looks.count).toBe(1);
    // Only the link the "other process" put there remains (and the folder that existed before).
    expect(tree(disk)).toEqual(['empty', 'empty/inner', 'keep']);
    expect(lstatSync(join(disk, 'empty', 'inner')).isSymbolicLink()).toBe(true);
  });

  it('keeps a folder another upload created at the same moment and stores its own files in it', async () => {
    const { api, disk } = folder('same-moment');
    const mkdir = fsp.mkdir.bind(fsp);
    // The other upload creates "world" between this one's look and its own mkdir.
    jest.spyOn(fsp, 'mkdir').mockImplementation(async (path, options) => {
      // The upload makes folders relative to a descriptor (/proc/self/fd/N/world).
      if (String(path).endsWith('/world') && !existsSync(join(disk, 'world'))) await mkdir(join(disk, 'world'));
      return mkdir(path, options);
    });
    const res = await uploadWithFolders(api, ['world/data'], [{ name: 'world/level.dat', content: 'level' }]);
    expect(res.statusCode).toBe(204);
    expect(tree(disk)).toEqual(['world', 'world/data', 'world/level.dat']);
  });
});

describe('a failed folder upload leaves nothing behind', () => {
  it('creates no folder when a later file is over the size limit', async () => {
    const { api, disk } = folder('failed-size');
    const res = await upload(api, [
      { name: 'new/deep/small.txt', content: 'fine' },
      { name: 'new/deep/huge.bin', content: Buffer.alloc(2 * MiB + 1) },
    ]);
    expect(res.statusCode).toBe(413);
    expect(tree(disk)).toEqual([]);
  });

  it('removes the folders and files it already placed when a folder is swapped for a symlink meanwhile', async () => {
    const { api, disk } = folder('failed-swap');
    mkdirSync(join(disk, 'keep'));
    // Right before the last file moves in: its new folder (held open) is removed and a link out put in its place.
    const looks = swapForLinkOut('rename', 'failed-swap/second/inner', 'b.txt', join(disk, 'second', 'inner'));
    const res = await upload(api, [
      { name: 'first/a.txt', content: 'a' },
      { name: 'keep/k.txt', content: 'k' },
      { name: 'second/inner/b.txt', content: 'b' },
    ]);
    // The folder it opened is gone: refused (never written through the link).
    expect([400, 404]).toContain(res.statusCode);
    expect(looks.count).toBe(1);
    // Only the link the "other process" put there remains (and the folder that existed before).
    expect(tree(disk)).toEqual(['keep', 'second', 'second/inner']);
    expect(lstatSync(join(disk, 'second', 'inner')).isSymbolicLink()).toBe(true);
  });

  it("honours the plan's disk space and keeps no folder of a refused upload (507)", async () => {
    const slug = await createTestPlan(kit.t.app, 'test-folder-disk', { memoryMb: 512, diskMb: 1 });
    const [plan] = await kit.t.app.db.select().from(plans).where(eq(plans.slug, slug));
    await kit.t.app.db.update(servers).set({ planId: plan.id }).where(eq(servers.id, kit.server.id));
    const { api, disk } = folder('failed-quota');
    const res = await upload(api, [
      { name: 'a/one.bin', content: Buffer.alloc(MiB / 2) },
      { name: 'b/two.bin', content: Buffer.alloc(MiB / 2 + 1024) },
    ]);
    expect(res.statusCode).toBe(507);
    expect(tree(disk)).toEqual([]);
  });
});

// Last: the plan's small disk stays in force for whatever would run after.
describe('the disk space of an upload with folders', () => {
  it('keeps no folder of an upload over the disk space (507)', async () => {
    const slug = await createTestPlan(kit.t.app, 'test-folder-disk-empty', { memoryMb: 512, diskMb: 1 });
    const [plan] = await kit.t.app.db.select().from(plans).where(eq(plans.slug, slug));
    await kit.t.app.db.update(servers).set({ planId: plan.id }).where(eq(servers.id, kit.server.id));
    const { api, disk } = folder('failed-quota-empty');
    const res = await uploadWithFolders(
      api,
      ['a/empty', 'b'],
      [
        { name: 'a/one.bin', content: Buffer.alloc(MiB / 2) },
        { name: 'c/two.bin', content: Buffer.alloc(MiB / 2 + 1024) },
      ],
    );
    expect(res.statusCode).toBe(507);
    expect(tree(disk)).toEqual([]);
  });
});
