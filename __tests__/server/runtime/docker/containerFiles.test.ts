import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type Docker from 'dockerode';
import { volumeName } from '../../../../server/src/runtime/docker/containerConfig';
import { containerFiles, removeServerFiles } from '../../../../server/src/runtime/docker/files/containerFiles';
import { ensureFilesImage, filesHelperName } from '../../../../server/src/runtime/docker/files/helperContainer';
import { PathEscapeError } from '../../../../server/src/runtime/files/PathEscapeError';
import type { ServerFiles } from '../../../../server/src/runtime/files/ServerFiles';
import { waitFor } from '../../helpers/waitFor';
import { openTestEngine } from './dockerTestDriver';
import { asGame, makeVolume, PLANT_LINK, removeVolume } from './filesTestVolume';

jest.setTimeout(180_000);

let docker: Docker;
const made: string[] = [];

beforeAll(async () => {
  ({ docker } = await openTestEngine());
  await ensureFilesImage(docker);
}, 300_000);

afterAll(async () => {
  for (const uuid of made) {
    await removeServerFiles(docker, uuid);
    await removeVolume(docker, uuid);
  }
});

async function server(options: { idleMs?: number } = {}): Promise<{ uuid: string; files: ServerFiles }> {
  const uuid = randomUUID();
  made.push(uuid);
  await makeVolume(docker, uuid);
  return { uuid, files: containerFiles(docker, options)(uuid) };
}

const helperState = (uuid: string) =>
  docker
    .getContainer(filesHelperName(uuid))
    .inspect()
    .then(
      (info) => info,
      () => null,
    );
const sha256 = async (chunks: AsyncIterable<Buffer | string> | Iterable<Buffer>) => {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of chunks) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { digest: hash.digest('hex'), bytes };
};
const isEscape = (promise: Promise<unknown>) =>
  promise.then(
    () => false,
    (error) => error instanceof PathEscapeError,
  );

/** A modification time years back, as an archive carries it (whole seconds). */
const ARCHIVED_MS = Date.UTC(2011, 2, 4, 5, 6, 7);

describe("a container's files through the file helper", () => {
  it('runs the helper locked down: only the server volume, the game user, no network, no capabilities', async () => {
    const { uuid, files } = await server();
    await files.writeFile('hello.txt', 'hi');
    const info = (await helperState(uuid))!;
    expect(info.Config.User).toBe('1000:1000');
    expect(info.HostConfig.ReadonlyRootfs).toBe(true);
    expect(info.HostConfig.CapDrop).toEqual(['ALL']);
    expect(info.HostConfig.SecurityOpt).toEqual(['no-new-privileges']);
    expect(info.HostConfig.NetworkMode).toBe('none');
    expect(info.Mounts.map((mount) => mount.Name)).toEqual([volumeName(uuid)]);
    // What the panel writes belongs to the game's user, as what the game writes does.
    expect(await asGame(docker, uuid, "const s = require('fs').statSync('hello.txt'); process.stdout.write(s.uid + ':' + s.gid)")).toBe('1000:1000');
  });

  it('never follows a link the game plants to lead outside its volume; a tree write sets the time of the file it wrote', async () => {
    const { uuid, files } = await server();
    await files.mkdir('stage');
    await asGame(docker, uuid, `${PLANT_LINK}; require('fs').symlinkSync('/etc', 'etc-link'); require('fs').symlinkSync('../..', 'stage/up')`, ['/etc/passwd', 'passwd']);
    expect(await isEscape(files.readFile('passwd'))).toBe(true);
    expect(await isEscape(files.writeFile('passwd', 'x'))).toBe(true);
    expect(await isEscape(files.list('etc-link'))).toBe(true);
    expect(await isEscape(files.readFile('stage/up/etc/passwd'))).toBe(true);
    const walked: string[] = [];
    for await (const entry of files.walk('')) walked.push(`${entry.kind}:${entry.path}`);
    expect(walked).toEqual(['symlink:etc-link', 'symlink:passwd', 'directory:stage', 'symlink:stage/up']);
    const tree = await files.openTree('stage');
    try {
      await expect(tree.writeStream('up/escaped.txt', [Buffer.from('x')])).rejects.toThrow(/outside the server's files|not a directory/i);
      // A restored file keeps the time it was archived with.
      await tree.writeStream('restored.txt', [Buffer.from('x')], { mtimeMs: ARCHIVED_MS });
    } finally {
      await tree.close();
    }
    expect((await files.stat('stage/restored.txt'))?.mtimeMs).toBe(ARCHIVED_MS);
    expect(await asGame(docker, uuid, "process.stdout.write(String(require('fs').existsSync('/escaped.txt')))")).toBe('false');
  });

  it('streams a large file both ways intact, and the game sees the same bytes', async () => {
    const { uuid, files } = await server();
    const size = 96 * 1024 * 1024;
    const piece = randomBytes(1024 * 1024);
    async function* content() {
      for (let sent = 0; sent < size; sent += piece.length) yield Buffer.concat([piece, Buffer.from(String(sent))]).subarray(0, piece.length);
    }
    const expected = await sha256(content());
    let started = Date.now();
    await files.writeStream('big/world.bin', content());
    const writeSeconds = (Date.now() - started) / 1000;
    started = Date.now();
    const { stream, info } = await files.readStream('big/world.bin');
    const read = await sha256(stream);
    const readSeconds = (Date.now() - started) / 1000;
    expect(info.size).toBe(size);
    expect(read).toEqual(expected);
    const seenByGame = await asGame(docker, uuid, "const h = require('crypto').createHash('sha256'); h.update(require('fs').readFileSync('big/world.bin')); process.stdout.write(h.digest('hex'))");
    expect(seenByGame).toBe(expected.digest);
    console.log(`96 MiB through the file helper: written at ${(96 / writeSeconds).toFixed(0)} MiB/s, read at ${(96 / readSeconds).toFixed(0)} MiB/s`);
  });

  it('fails the calls of a helper that dies with a clear error, and the next call starts a new one', async () => {
    const { uuid, files } = await server();
    await files.writeFile('data.bin', randomBytes(32 * 1024 * 1024));
    const { stream } = await files.readStream('data.bin');
    const first = (await helperState(uuid))!.Id;
    // Reading slowly: most of the file is still to come when the helper is killed.
    const reading = (async () => {
      for await (const _chunk of stream) await new Promise((resolve) => setTimeout(resolve, 20));
    })();
    await docker.getContainer(first).kill();
    await expect(reading).rejects.toThrow(/file helper of server .* stopped/);
    expect((await files.stat('data.bin'))?.size).toBe(32 * 1024 * 1024);
    expect((await helperState(uuid))!.Id).not.toBe(first);
  });

  it('closes an idle helper and starts it again on the next call; concurrent calls share one', async () => {
    const { uuid, files } = await server({ idleMs: 1000 });
    const folders = await Promise.all(Array.from({ length: 8 }, (_, i) => files.mkdir(`f${i}`)));
    expect(folders.flat().sort()).toEqual(Array.from({ length: 8 }, (_, i) => `f${i}`).sort());
    const helpers = await docker.listContainers({ all: true, filters: { name: [filesHelperName(uuid)] } });
    expect(helpers).toHaveLength(1);
    await waitFor(async () => (await helperState(uuid)) === null, { what: 'the idle helper to go', timeoutMs: 30_000 });
    expect((await files.list('')).length).toBe(8);
  });

  it('stops a copy refused halfway and leaves nothing; a walk or a read left early frees the helper, a held tree keeps it', async () => {
    const { uuid, files } = await server({ idleMs: 1000 });
    await asGame(docker, uuid, "const fs = require('fs'); fs.mkdirSync('world'); for (let i = 0; i < 200; i++) fs.writeFileSync('world/r' + i + '.mca', 'x'.repeat(1000))");
    let seen = 0;
    const overQuota = () => {
      seen += 1;
      if (seen === 20) throw new Error('over quota');
    };
    await expect(files.copy('world', 'world-copy', { onFile: overQuota })).rejects.toThrow('over quota');
    expect((await files.list('')).map((entry) => entry.name)).toEqual(['world']);

    for await (const _entry of files.walk('')) break;
    const { stream } = await files.readStream('world/r1.mca', { start: 0, end: 9 });
    stream.destroy();

    // A tree reader and writer held past the idle time keep their helper (a long backup or restore goes on to its end).
    const helper = (await helperState(uuid))!.Id;
    const [reader, writer] = await Promise.all([files.openTreeReader('world'), files.openTree('world')]);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const file = await reader.open('r1.mca');
    const read = Buffer.alloc(2000);
    expect(await file.read(read, 0, read.length, 0)).toBe(1000);
    await file.close();
    await writer.writeStream('held.txt', [Buffer.from('written late')]);
    await Promise.all([reader.close(), writer.close()]);
    expect((await helperState(uuid))?.Id).toBe(helper);
    expect((await files.readFile('world/held.txt')).toString()).toBe('written late');
    // Nothing left open: the idle helper goes.
    await waitFor(async () => (await helperState(uuid)) === null, { what: 'the idle helper to go', timeoutMs: 30_000 });
  });

  it('lists a folder of 10,000 entries and walks it (timings printed; the figures are the benchmark’s)', async () => {
    const { uuid, files } = await server();
    await asGame(docker, uuid, "const fs = require('fs'); fs.mkdirSync('many'); for (let i = 0; i < 10000; i++) fs.writeFileSync('many/f' + i + '.txt', 'x')");
    await files.stat('many');
    const timings: string[] = [];
    for (const round of ['first', 'second']) {
      const started = process.hrtime.bigint();
      const listed = await files.list('many');
      timings.push(`${round} listing ${Number(process.hrtime.bigint() - started) / 1e6} ms`);
      expect(listed).toHaveLength(10_000);
    }
    // Listed again unchanged, the helper answers the listing it sent; a change made by the game shows at once.
    await asGame(docker, uuid, "require('fs').writeFileSync('many/f7.txt', 'grown')");
    expect((await files.list('many')).find((entry) => entry.name === 'f7.txt')?.size).toBe(5);
    const started = process.hrtime.bigint();
    let walked = 0;
    for await (const _entry of files.walk('many')) walked += 1;
    timings.push(`walk ${Number(process.hrtime.bigint() - started) / 1e6} ms`);
    expect(walked).toBe(10_000);
    console.log(`10,000 entries through the file helper: ${timings.join(', ')}`);
  });
});
