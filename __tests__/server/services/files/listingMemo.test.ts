import { promises as fsPromises, appendFileSync, chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sortEntries } from '../../../../server/src/services/files/entryOrder';
import { listDirectory, listDirectoryJson } from '../../../../server/src/services/files/listDirectory';
import { ListingMemo, type ListedEntry } from '../../../../server/src/services/files/ListingMemo';
import { isSettled, SETTLED_MS } from '../../../../server/src/runtime/files/rooted/listRooted';
import { RootedServerFiles } from '../../../../server/src/runtime/files/rooted/RootedServerFiles';
import { toFileEntry } from '../../../../server/src/services/files/toFileEntry';

let root: string;
let files: RootedServerFiles;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'panel-listing-memo-'));
  files = new RootedServerFiles(root);
  mkdirSync(join(root, 'dir', 'plugins'), { recursive: true });
  for (let i = 0; i < 300; i += 1) writeFileSync(join(root, 'dir', `file-${i}.txt`), `entry ${i}\n`);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** The listing made afresh from lstat, without the memo (symlinks aside). */
function freshListing(folder: string) {
  return sortEntries(readdirSync(folder).map((name) => toFileEntry(name, lstatSync(join(folder, name)))));
}

const find = async (name: string) => (await listDirectory(files, '/dir', root)).find((entry) => entry.name === name);

describe('listing a folder again', () => {
  it('answers exactly what a fresh listing answers after every kind of change', async () => {
    const dir = join(root, 'dir');
    expect(await listDirectory(files, '/dir', root)).toEqual(freshListing(dir));
    appendFileSync(join(dir, 'file-1.txt'), 'more');
    chmodSync(join(dir, 'file-2.txt'), 0o600);
    utimesSync(join(dir, 'file-3.txt'), new Date('2001-02-03T04:05:06.789Z'), new Date('2001-02-03T04:05:06.789Z'));
    renameSync(join(dir, 'file-4.txt'), join(dir, 'renamed.txt'));
    unlinkSync(join(dir, 'file-5.txt'));
    mkdirSync(join(dir, 'file-5.txt'));
    writeFileSync(join(dir, 'new.properties'), 'motd=hi\n');
    const again = await listDirectory(files, '/dir', root);
    expect(again).toEqual(freshListing(dir));
    expect(again.find((entry) => entry.name === 'file-1.txt')).toMatchObject({ size: 'entry 1\nmore'.length });
    expect(again.find((entry) => entry.name === 'file-2.txt')).toMatchObject({ mode: '-rw-------', mode_bits: '600' });
    expect(again.find((entry) => entry.name === 'file-3.txt')).toMatchObject({ modified_at: '2001-02-03T04:05:06.789Z' });
    expect(again.find((entry) => entry.name === 'file-5.txt')).toMatchObject({ is_directory: true, mime: 'inode/directory' });
    expect(again.map((entry) => entry.name)).not.toContain('file-4.txt');
    expect(again.slice(0, 2).map((entry) => entry.name)).toEqual(['file-5.txt', 'plugins']);
  });

  it('follows a symlink that points somewhere else now', async () => {
    symlinkSync('plugins', join(root, 'dir', 'link'));
    expect(await find('link')).toMatchObject({ is_symlink: true, is_directory: true });
    unlinkSync(join(root, 'dir', 'link'));
    symlinkSync('file-0.txt', join(root, 'dir', 'link'));
    expect(await find('link')).toMatchObject({ is_symlink: true, is_directory: false, is_file: true });
    // The target changes, the link does not.
    rmSync(join(root, 'dir', 'file-0.txt'));
    mkdirSync(join(root, 'dir', 'file-0.txt'));
    expect(await find('link')).toMatchObject({ is_symlink: true, is_directory: true });
  });
});

describe('the names of a folder that has not changed for a while', () => {
  const realNow = Date.now.bind(Date);
  let readdir: jest.SpyInstance;
  beforeEach(() => {
    readdir = jest.spyOn(fsPromises, 'readdir');
  });
  afterEach(() => jest.restoreAllMocks());
  /** From now on the clock says the folder's last change was longer ago than SETTLED_MS. */
  const settle = () => jest.spyOn(Date, 'now').mockImplementation(() => realNow() + SETTLED_MS + 1_000);
  const dir = () => join(root, 'dir');
  const expectFresh = async () => expect(await listDirectory(files, '/dir', root)).toEqual(freshListing(dir()));

  it('are read once while the folder stays as it was, and again after any change, however soon', async () => {
    settle();
    await expectFresh();
    await expectFresh();
    await listDirectoryJson(files, '/dir', root);
    expect(readdir).toHaveBeenCalledTimes(1);

    writeFileSync(join(dir(), 'added.txt'), 'new');
    await expectFresh();
    unlinkSync(join(dir(), 'file-7.txt'));
    await expectFresh();
    renameSync(join(dir(), 'file-8.txt'), join(dir(), 'file-8.old'));
    await expectFresh();
    mkdirSync(join(dir(), 'world'));
    await expectFresh();
    expect(readdir).toHaveBeenCalledTimes(5);
    expect((await listDirectory(files, '/dir', root)).map((entry) => entry.name)).toEqual(expect.arrayContaining(['added.txt', 'file-8.old', 'world']));
  });

  it('are not kept by a walk (a backup reads every folder once; the memo is for the file manager)', async () => {
    settle();
    for await (const entry of files.walk('')) void entry;
    expect(readdir).toHaveBeenCalledTimes(3);
    // Listed afterwards, the folder is read: the walk left no names behind.
    await expectFresh();
    expect(readdir).toHaveBeenCalledTimes(4);
    await expectFresh();
    expect(readdir).toHaveBeenCalledTimes(4);
  });

  it('are read again when the folder is another one at the same path, or its times were set back', async () => {
    settle();
    await expectFresh();
    const { mtimeNs } = lstatSync(dir(), { bigint: true });
    writeFileSync(join(dir(), 'sneaky.txt'), '');
    // The very same mtime, to the nanosecond (which utimes' seconds as a double cannot carry); the ctime moves on.
    execFileSync('touch', ['-m', '-d', `@${mtimeNs / 1_000_000_000n}.${String(mtimeNs % 1_000_000_000n).padStart(9, '0')}`, dir()]);
    expect(lstatSync(dir(), { bigint: true }).mtimeNs).toBe(mtimeNs);
    expect((await listDirectory(files, '/dir', root)).map((entry) => entry.name)).toContain('sneaky.txt');

    mkdirSync(join(root, 'other'));
    writeFileSync(join(root, 'other', 'only-here.txt'), '');
    renameSync(dir(), join(root, 'old-dir'));
    renameSync(join(root, 'other'), dir());
    expect((await listDirectory(files, '/dir', root)).map((entry) => entry.name)).toEqual(['only-here.txt']);
  });

  it('are not trusted when read within SETTLED_MS of the last change', async () => {
    const stamp = { mtimeMs: 10_000, ctimeMs: 10_000 };
    expect(isSettled(stamp, 10_000 + SETTLED_MS)).toBe(false);
    expect(isSettled({ ...stamp, mtimeMs: 5_000 }, 10_000 + SETTLED_MS)).toBe(false);
    expect(isSettled(stamp, 10_001 + SETTLED_MS)).toBe(true);
    // The folder was just made: every listing reads its names.
    await listDirectory(files, '/dir', root);
    await listDirectory(files, '/dir', root);
    expect(readdir).toHaveBeenCalledTimes(2);
  });

  it('give back the very answer sent before while every entry is unchanged, and a fresh one after a change', async () => {
    settle();
    const first = await listDirectoryJson(files, '/dir', root);
    const again = await listDirectoryJson(files, '/dir', root);
    expect(again).toBe(first);
    appendFileSync(join(dir(), 'file-3.txt'), 'grown'); // only the file changes, not the folder
    const changed = await listDirectoryJson(files, '/dir', root);
    expect(changed).not.toBe(first);
    expect(changed.equals(Buffer.from(JSON.stringify({ data: freshListing(dir()) })))).toBe(true);
    expect(readdir).toHaveBeenCalledTimes(1);
  });
});

describe('ListingMemo', () => {
  const listing = (count: number) => ({ entries: new Map(Array.from({ length: count }, (_, i) => [`f${i}`, { key: `1f${i}` } as ListedEntry])) });

  it('keeps the most recently listed folders up to its entry limit, and no folder larger than it', () => {
    const memo = new ListingMemo(100);
    memo.remember('/a', listing(40));
    memo.remember('/b', listing(40));
    memo.remember('/a', listing(30)); // listed again: now the most recent, with its new entries
    expect(memo.size).toBe(70);
    memo.remember('/c', listing(50)); // over the limit: /b, the oldest, goes
    expect([memo.get('/a')?.entries.size, memo.get('/b'), memo.get('/c')?.entries.size]).toEqual([30, undefined, 50]);
    expect(memo.size).toBe(80);
    memo.remember('/huge', listing(101));
    expect(memo.get('/huge')).toBeUndefined();
    expect(memo.size).toBe(80);
    memo.remember('/a', listing(101)); // grew past the limit: forgotten, not kept stale
    expect([memo.get('/a'), memo.size]).toEqual([undefined, 50]);
  });
});
