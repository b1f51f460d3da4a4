import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { auditLogs, plans, servers } from '../../../server/src/db/schema';
import { RootedFileSystem } from '../../../server/src/runtime/RootedFileSystem';
import { createTestPlan } from '../helpers/testTemplates';
import { createFilesKit, multipartBody, type FilesKit } from './filesTestKit';

jest.setTimeout(180_000);

const MiB = 1024 * 1024;
let kit: FilesKit;
beforeAll(async () => {
  kit = await createFilesKit({ fileLimits: { uploadFileBytes: 2 * MiB } });
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

const upload = (directory: string, files: Array<{ name: string; content: Buffer | string }>) =>
  kit.api('POST', `files/upload?directory=${encodeURIComponent(directory)}`, multipartBody(files));

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
    const rows = await kit.t.app.db.select().from(auditLogs).where(and(eq(auditLogs.serverUuid, kit.server.uuid), eq(auditLogs.event, 'server.file.upload')));
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

  it('refuses a folder part that is a file, and empty or dot parts', async () => {
    const { api, disk } = target();
    writeFileSync(join(disk, 'plain.txt'), 'plain');
    expect((await upload(api, [{ name: 'plain.txt/inner.txt', content: 'x' }])).statusCode).toBe(400);
    for (const name of ['a//b.txt', 'a/./b.txt', 'a/b/', `${'x'.repeat(256)}/b.txt`]) expect((await upload(api, [{ name, content: 'x' }])).statusCode).toBe(422);
    expect(tree(disk)).toEqual(['plain.txt']);
    expect(readFileSync(join(disk, 'plain.txt'), 'utf8')).toBe('plain');
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
    const resolveEntry = RootedFileSystem.prototype.resolveEntry;
    let calls = 0;
    jest.spyOn(RootedFileSystem.prototype, 'resolveEntry').mockImplementation(async function (this: RootedFileSystem, path: string) {
      // The second look at the last file, right before it moves in: its new folder becomes a link out.
      if (path === '/failed-swap/second/inner/b.txt' && ++calls === 2) {
        rmdirSync(join(disk, 'second', 'inner'));
        symlinkSync(kit.outside, join(disk, 'second', 'inner'));
      }
      return resolveEntry.call(this, path);
    });
    const res = await upload(api, [
      { name: 'first/a.txt', content: 'a' },
      { name: 'keep/k.txt', content: 'k' },
      { name: 'second/inner/b.txt', content: 'b' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(calls).toBe(2);
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
