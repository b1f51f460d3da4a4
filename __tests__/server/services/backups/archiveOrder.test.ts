import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { archiveOrderOf, compressedAlreadyLast } from '../../../../server/src/runtime/files/archive/archiveOrder';
import { LocalBackupStorage } from '../../../../server/src/services/backups/LocalBackupStorage';
import { extractBackup, backupChecker } from '../../../../server/src/services/backups/restoreSwap';
import { walkForBackup } from '../../../../server/src/services/backups/walkForBackup';
import { writeArchive } from '../../../../server/src/services/backups/writeArchive';
import { RootedServerFiles } from '../../../../server/src/runtime/files/rooted/RootedServerFiles';
import type { ServerFiles } from '../../../../server/src/runtime/files/ServerFiles';
import { treeOf, writeTree } from './backupsTestKit';

/** How many gzip members the archive holds: a member starts where a gzip header begins and the rest reads as gzip. */
function gzipMembers(archive: Buffer): number {
  let members = 0;
  for (let at = archive.indexOf(MAGIC); at !== -1; at = archive.indexOf(MAGIC, at + 1)) {
    try {
      gunzipSync(archive.subarray(at));
      members += 1;
    } catch {
      /* three bytes of stored data that look like a header */
    }
  }
  return members;
}
const MAGIC = Buffer.from([0x1f, 0x8b, 0x08]);

/** The file port of a folder on this machine, as the local driver gives it. */
const filesOf = (root: string) => new RootedServerFiles(root);

describe('backup compression', () => {
  let work: string;
  beforeAll(() => (work = mkdtempSync(join(tmpdir(), 'backup-compression-'))));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('puts the files that are compressed already last, folders and the plan order kept', () => {
    // As a plan holds them (a folder's path ends in `/`), by index: the order writeArchive follows.
    expect(Array.from(archiveOrderOf(['world/', 'world/region.mca/', 'world/region.mca/r.0.0.mca', 'server.properties', 'plugins/a.jar', 'logs/']))).toEqual([0, 1, 3, 5, 2, 4]);
    expect(compressedAlreadyLast(['world', 'world/region', 'world/region/r.0.0.mca', 'server.properties', 'plugins', 'plugins/a.jar', 'logs/latest.log', 'world/level.dat'])).toEqual([
      'world',
      'world/region',
      'server.properties',
      'plugins',
      'logs/latest.log',
      'world/level.dat',
      'world/region/r.0.0.mca',
      'plugins/a.jar',
    ]);
  });

  it('deflates text, stores region files and jars in a second gzip member, and restores every file', async () => {
    const source = join(work, 'source');
    const longFolder = `world/${'deep-folder-name/'.repeat(8)}region`;
    const files: Record<string, string | Buffer> = {
      'server.properties': 'motd=A Minecraft Server\n'.repeat(2000),
      'logs/latest.log': 'player joined the game\n'.repeat(5000),
      'world/region/r.0.0.mca': randomBytes(600_000),
      // Past tar's 100-character names: its path travels in a pax header.
      [`${longFolder}/r.1.0.mca`]: randomBytes(300_000),
      'plugins/a.jar': randomBytes(200_000),
    };
    writeTree(source, files);
    const storage = new LocalBackupStorage(join(work, 'store'));
    const [serverUuid, backupUuid] = [randomUUID(), randomUUID()];
    const result = await writeArchive(filesOf(source), await walkForBackup(filesOf(source), ''), await storage.create(serverUuid, backupUuid), () => undefined);
    const archive = readFileSync(storage.pathOf(serverUuid, backupUuid));
    expect(archive.length).toBe(result.bytes);

    expect(gzipMembers(archive)).toBe(2);
    // The random content is stored, not searched: the archive is about its size, the text shrinks to almost nothing.
    expect(archive.length).toBeGreaterThan(1_100_000);
    expect(archive.length).toBeLessThan(1_100_000 + 60_000);

    // GNU tar reads the two members as one archive, names intact.
    const listed = execFileSync('tar', ['-tzf', storage.pathOf(serverUuid, backupUuid)], { encoding: 'utf8' }).split('\n');
    expect(listed).toEqual(expect.arrayContaining(['server.properties', 'world/region/r.0.0.mca', `${longFolder}/r.1.0.mca`, 'plugins/a.jar']));

    const restored = join(work, 'restored');
    mkdirSync(restored);
    await extractBackup(await storage.read(serverUuid, backupUuid), filesOf(restored), '', backupChecker(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER), () => undefined);
    expect(treeOf(restored)).toEqual(treeOf(source));
  });

  it('never reads through a folder swapped for a link after the walk: the host’s files stay out of the archive', async () => {
    const source = join(work, 'swapped');
    const outside = join(work, 'host-secrets');
    writeTree(source, { 'world/level.dat': 'the world', 'server.properties': 'motd=hi\n' });
    writeTree(outside, { 'level.dat': 'a file of the host' });
    const plan = await walkForBackup(filesOf(source), '');
    // The game's code replaces its folder with a link to the host between the walk and the read.
    renameSync(join(source, 'world'), join(work, 'world-moved'));
    symlinkSync(outside, join(source, 'world'));
    const storage = new LocalBackupStorage(join(work, 'store'));
    const [serverUuid, backupUuid] = [randomUUID(), randomUUID()];
    await writeArchive(filesOf(source), plan, await storage.create(serverUuid, backupUuid), () => undefined);
    const listed = execFileSync('tar', ['-tzf', storage.pathOf(serverUuid, backupUuid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    expect(listed).toEqual(['server.properties']);
    expect(gunzipSync(readFileSync(storage.pathOf(serverUuid, backupUuid))).includes('a file of the host')).toBe(false);
  });

  it('never reads through a folder it already holds that was swapped for a link during the backup', async () => {
    const source = join(work, 'swapped-during');
    const outside = join(work, 'host-secrets-during');
    writeTree(source, { 'world/a.txt': 'first of the world', 'world/b.txt': 'second of the world', 'server.properties': 'motd=hi\n' });
    writeTree(outside, { 'b.txt': 'a file of the host' });
    const local = filesOf(source);
    const plan = await walkForBackup(local, '');
    // Once world/a.txt is open (its folder held by the reader), the game moves the folder out of
    // the root and links the host's folder in its place; world/b.txt is opened only after that.
    let swapped: () => void = () => undefined;
    const swap = new Promise<void>((resolve) => (swapped = resolve));
    const racing: ServerFiles = Object.create(local, {
      openTreeReader: {
        value: async (path: string) => {
          const tree = await local.openTreeReader(path);
          return {
            lstat: (inner: string) => tree.lstat(inner),
            close: () => tree.close(),
            open: async (inner: string) => {
              if (inner === 'world/b.txt') await swap;
              const file = await tree.open(inner);
              if (inner === 'world/a.txt') {
                renameSync(join(source, 'world'), join(work, 'world-moved-during'));
                symlinkSync(outside, join(source, 'world'));
                swapped();
              }
              return file;
            },
          };
        },
      },
    });
    const storage = new LocalBackupStorage(join(work, 'store'));
    const [serverUuid, backupUuid] = [randomUUID(), randomUUID()];
    await writeArchive(racing, plan, await storage.create(serverUuid, backupUuid), () => undefined);
    const listed = execFileSync('tar', ['-tzf', storage.pathOf(serverUuid, backupUuid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    expect(listed).toEqual(['server.properties', 'world/', 'world/a.txt']);
    const content = gunzipSync(readFileSync(storage.pathOf(serverUuid, backupUuid)));
    expect(content.includes('first of the world')).toBe(true);
    expect(content.includes('a file of the host')).toBe(false);
  });

  it('fails rather than leaving out a file it could not read for another reason than its being gone (a file helper that went away)', async () => {
    const source = join(work, 'port-lost');
    writeTree(source, { 'world/a.txt': 'first of the world', 'world/b.txt': 'second of the world' });
    const local = filesOf(source);
    const plan = await walkForBackup(local, '');
    const lost: ServerFiles = Object.create(local, {
      openTreeReader: {
        value: async (path: string) => {
          const tree = await local.openTreeReader(path);
          return {
            lstat: (inner: string) => tree.lstat(inner),
            close: () => tree.close(),
            open: async (inner: string) => {
              if (inner === 'world/b.txt') throw new Error('The file helper of server x stopped (it was closed).');
              return tree.open(inner);
            },
          };
        },
      },
    });
    const storage = new LocalBackupStorage(join(work, 'store'));
    await expect(writeArchive(lost, plan, await storage.create(randomUUID(), randomUUID()), () => undefined)).rejects.toThrow(/file helper .* stopped/);
  });
});
