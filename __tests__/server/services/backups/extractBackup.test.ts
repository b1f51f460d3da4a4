import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { Header, Pax } from 'tar';
import { backupChecker, extractBackup } from '../../../../server/src/services/backups/restoreSwap';
import { storedMember } from '../../../../server/src/runtime/files/archive/gzipMembers';
import { RootedServerFiles } from '../../../../server/src/runtime/files/rooted/RootedServerFiles';
import { treeOf, writeTree } from './backupsTestKit';

/** A tar stream of hand-made entries (name, type, content), as an attacker could write one. */
function tarOf(entries: Array<{ name: string; type?: 'File' | 'Directory' | 'SymbolicLink'; body?: Buffer; linkpath?: string }>): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const body = entry.body ?? Buffer.alloc(0);
    const header = new Header({ path: entry.name, type: entry.type ?? 'File', size: body.length, mode: 0o644, mtime: new Date(0), linkpath: entry.linkpath });
    header.encode();
    // A name past ustar's fields travels in a pax header before the entry.
    if (header.needPax) blocks.push(new Pax({ path: entry.name }).encode());
    blocks.push(header.block!, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

/** Our stored-only gzip member around `bytes`. */
function storedGzip(bytes: Buffer): Buffer {
  const out: Buffer[] = [];
  const member = storedMember((chunk) => out.push(Buffer.from(chunk)));
  member.write(bytes, () => undefined);
  void member.end();
  return Buffer.concat(out);
}

/** Feeds `archive` in pieces of `size` bytes, each piece overwritten once the next is asked for (as the storage does). */
async function* inReusedPieces(archive: Buffer, size: number): AsyncGenerator<Buffer> {
  const piece = Buffer.alloc(size);
  for (let at = 0; at < archive.length; at += size) {
    const length = archive.copy(piece, 0, at, at + size);
    yield piece.subarray(0, length);
    piece.fill(0xee);
  }
}

const unlimited = () => backupChecker(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);

describe('extracting a backup archive', () => {
  let work: string;
  let destination: string;
  beforeAll(() => (work = mkdtempSync(join(tmpdir(), 'extract-backup-'))));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  beforeEach(() => {
    destination = join(work, `into-${Math.random().toString(36).slice(2)}`);
    mkdirSync(destination);
  });

  it('reads archives made by GNU tar and gzip: long names, several members, pieces of any size, files with their archived times', async () => {
    const source = join(work, 'gnu-source');
    const long = `${'a-rather-long-folder-name/'.repeat(6)}level.dat`;
    const files = { 'server.properties': 'motd=hello\n'.repeat(300), [long]: randomBytes(70_000), 'empty.txt': '' };
    writeTree(source, files);
    // Years old, in whole seconds as tar keeps them: a restore that leaves the time of the write shows.
    const archived = new Date('2011-03-04T05:06:07Z');
    for (const path of Object.keys(files)) utimesSync(join(source, path), archived, archived);
    const tarBytes = execFileSync('tar', ['-C', source, '-cf', '-', '.']);
    // Two gzip members, cut in the middle of the tar stream: a reader must go on after the first.
    const archive = Buffer.concat([gzipSync(tarBytes.subarray(0, 40_000)), gzipSync(tarBytes.subarray(40_000))]);
    await extractBackup(inReusedPieces(archive, 777), new RootedServerFiles(destination), '', unlimited(), () => undefined);
    expect(treeOf(destination)).toEqual(treeOf(source));
    for (const path of Object.keys(files)) expect(statSync(join(destination, path)).mtimeMs).toBe(archived.getTime());
  });

  it('passes a stored member through, and refuses one whose block lengths do not match', async () => {
    const files = tarOf([{ name: 'world/region/r.0.0.mca', body: randomBytes(200_000) }]);
    await extractBackup(inReusedPieces(storedGzip(files), 4096), new RootedServerFiles(destination), '', unlimited(), () => undefined);
    expect(readFileSync(join(destination, 'world/region/r.0.0.mca'))).toEqual(files.subarray(512, 512 + 200_000));

    const damaged = storedGzip(files);
    damaged[17] ^= 0xff; // the first stored block's length
    await expect(extractBackup(inReusedPieces(damaged, 4096), new RootedServerFiles(join(work, 'never')), '', unlimited(), () => undefined)).rejects.toThrow(/damaged stored block/);
  });

  it.each([
    ['a name climbing out of the folder', [{ name: '../escaped.txt', body: Buffer.from('x') }], /outside the folder/],
    ['an absolute name', [{ name: '/etc/escaped.txt', body: Buffer.from('x') }], /absolute name/],
    ['a symbolic link', [{ name: 'link', type: 'SymbolicLink' as const, linkpath: '/etc/passwd' }], /is a link/],
    ['a file 300 folders deep', [{ name: `${'d/'.repeat(300)}deep.txt`, body: Buffer.from('x') }], /more than 256 folders deep/],
  ])('refuses %s and writes nothing of it', async (_what, entries, reason) => {
    const archive = gzipSync(tarOf([{ name: 'first.txt', body: Buffer.from('ok') }, ...entries]));
    await expect(extractBackup(inReusedPieces(archive, 1000), new RootedServerFiles(destination), '', unlimited(), () => undefined)).rejects.toThrow(reason);
    expect(readdirSync(destination)).toEqual(['first.txt']);
    expect(existsSync(join(work, 'escaped.txt'))).toBe(false);
  });

  it('never writes through a link already in the destination: the file port refuses it', async () => {
    const outside = join(work, 'outside.txt');
    symlinkSync(outside, join(destination, 'target.txt'));
    const archive = Readable.from([gzipSync(tarOf([{ name: 'target.txt', body: Buffer.from('replaced') }]))]);
    await expect(extractBackup(archive, new RootedServerFiles(destination), '', unlimited(), () => undefined)).rejects.toThrow(/outside the server's files/);
    expect(existsSync(outside)).toBe(false);
  });

  it('refuses an archive that ends in the middle of a file or of its gzip stream', async () => {
    const files = tarOf([{ name: 'big.bin', body: randomBytes(50_000) }]);
    await expect(extractBackup(inReusedPieces(gzipSync(files.subarray(0, 20_000)), 1000), new RootedServerFiles(destination), '', unlimited(), () => undefined)).rejects.toThrow(/ends in the middle/);
    const whole = gzipSync(files);
    const cut = join(work, 'cut');
    mkdirSync(cut);
    await expect(extractBackup(inReusedPieces(whole.subarray(0, whole.length - 30), 1000), new RootedServerFiles(cut), '', unlimited(), () => undefined)).rejects.toThrow(
      /could not be decompressed|ends early/,
    );
  });
});
