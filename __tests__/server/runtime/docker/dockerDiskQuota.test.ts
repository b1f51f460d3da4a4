import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type Docker from 'dockerode';
import type { DockerDriver } from '../../../../server/src/runtime/docker/DockerDriver';
import { removeServerFiles } from '../../../../server/src/runtime/docker/files/containerFiles';
import { containerName, volumeName } from '../../../../server/src/runtime/docker/containerConfig';
import { parseMountInfo } from '../../../../server/src/runtime/local/disk/mountTable';
import type { ServerSpec } from '../../../../server/src/runtime/types';
import { waitFor } from '../../helpers/waitFor';
import { collect, fixtureSpec, openDriver, openTestEngine, probeTemplate } from './dockerTestDriver';

jest.setTimeout(180_000);

const MiB = 1024 * 1024;
/** What the game may write past its quota at most: 5 % or 16 MiB, whichever is larger. */
const overshoot = (quotaMb: number) => Math.max(16, quotaMb * 0.05) * MiB;

let docker: Docker;
let driver: DockerDriver;
let dataRoot: string;
const made: string[] = [];

beforeAll(async () => {
  let publicHost: string;
  ({ docker, publicHost } = await openTestEngine());
  driver = openDriver(docker, publicHost, { diskMaxAgeMs: 1000 });
  await driver.open();
  dataRoot = ((await docker.info()) as { DockerRootDir: string }).DockerRootDir;
}, 180_000);

afterAll(async () => {
  for (const uuid of made) await driver.destroy(uuid).catch(() => undefined);
  await driver.detachAll();
});

async function runningProbe(diskMb: number): Promise<{ spec: ServerSpec; seen: ReturnType<typeof collect> }> {
  const uuid = randomUUID();
  made.push(uuid);
  const spec = fixtureSpec(driver, uuid, { template: probeTemplate, limits: { diskMb } });
  await driver.install(spec);
  const seen = collect(driver, uuid);
  await driver.start(spec);
  await waitFor(() => driver.state(uuid) === 'running', { what: 'running', timeoutMs: 60_000 });
  return { spec, seen };
}

/** Asks the probe to write up to `mb` MiB as fast as it can; answers what it wrote and the error that stopped it. */
async function fill(probe: { spec: ServerSpec; seen: ReturnType<typeof collect> }, mb: number): Promise<{ wrote: number; error: string }> {
  const before = probe.seen.lines.filter((line) => line.startsWith('fill wrote ')).length;
  await driver.sendCommand(probe.spec.uuid, `fill ${mb}`);
  const line = await waitFor(() => probe.seen.lines.filter((l) => l.startsWith('fill wrote '))[before], { what: 'fill', timeoutMs: 60_000 });
  const [, wrote, error] = /^fill wrote (\d+) error (\S+)$/.exec(line)!;
  return { wrote: Number(wrote), error };
}

/**
 * Bytes the node's disk holds for the engine's data, its servers' disk images left out (du -x: one
 * file system). Other test files' containers come and go on the same engine meanwhile: du says so
 * for a folder that vanished under it (exit 1) and still sums the rest.
 */
function bytesOutsideImages(): number {
  const du = spawnSync('du', ['-sxb', '--exclude=panel-disks', dataRoot], { encoding: 'utf8' });
  const total = /^(\d+)\t/.exec(du.stdout)?.[1];
  if (total === undefined || (du.status !== 0 && !/No such file or directory/.test(du.stderr))) throw new Error(`du failed: ${du.stderr}`);
  return Number(total);
}

/**
 * Bytes the node's disk really holds for a server's image (it is sparse). The game's last writes
 * may still be in the image's own file system cache, not yet in the image file: written out first.
 */
function imageAllocated(uuid: string): number {
  execFileSync('sync');
  return statSync(join(dataRoot, 'panel-disks', `${uuid}.img`)).blocks * 512;
}

describe('the disk quota of a server in a container', () => {
  it('stops a game writing as fast as it can at its quota, says "disk full" and keeps what the panel wrote', async () => {
    const probe = await runningProbe(64);
    const outsideBefore = bytesOutsideImages();
    const { wrote, error } = await fill(probe, 1024);
    expect(error).toBe('ENOSPC');
    expect(wrote).toBeGreaterThan(56 * MiB);
    expect(wrote).toBeLessThanOrEqual(64 * MiB + overshoot(64));
    // Everything landed in the server's image, nothing on the node's disk beside it.
    expect(imageAllocated(probe.spec.uuid)).toBeGreaterThan(56 * MiB);
    expect(imageAllocated(probe.spec.uuid)).toBeLessThanOrEqual(64 * MiB + overshoot(64));
    const outside = bytesOutsideImages() - outsideBefore;
    console.info(
      `64 MiB quota: the game wrote ${(wrote / MiB).toFixed(1)} MiB before ENOSPC; the image holds ${(imageAllocated(probe.spec.uuid) / MiB).toFixed(1)} MiB, the node's disk beside it ${(outside / MiB).toFixed(1)} MiB more`,
    );
    expect(outside).toBeLessThan(16 * MiB);

    // The panel sees the full disk and stops the server, saying why.
    await waitFor(() => driver.state(probe.spec.uuid) === 'offline', { what: 'stopped for its disk', timeoutMs: 60_000 });
    expect(probe.seen.lines.some((line) => line.startsWith('[Panel] Disk full: the server used all the disk its plan allows (64 MiB)'))).toBe(true);
    expect(probe.seen.crashes).toEqual([{ exitCode: expect.anything(), signal: null, reason: 'disk', message: 'The server was stopped because its disk is full.' }]);

    // The file the panel wrote at install is whole.
    const archive = (await docker.getContainer(containerName(probe.spec.uuid)).getArchive({ path: '/home/container/probe.cjs' })) as unknown as NodeJS.ReadableStream;
    const chunks: Buffer[] = [];
    for await (const chunk of archive) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).includes(Buffer.from(readFileSync(join(__dirname, 'fixtures', 'probe.cjs'))))).toBe(true);

    // A helper writing as root is held to the quota as well.
    const rootWriter = await docker.createContainer({
      Image: probe.spec.image!,
      User: '0:0',
      Cmd: ['/usr/local/bin/node', '-e', "require('fs').writeFileSync('/data/root.bin', Buffer.alloc(8 << 20))"],
      HostConfig: { Binds: [`${volumeName(probe.spec.uuid)}:/data`] },
    });
    await rootWriter.start();
    expect(((await rootWriter.wait()) as { StatusCode: number }).StatusCode).not.toBe(0);
    await rootWriter.remove({ force: true });

    // A full disk refuses the next start with the same words.
    await expect(driver.start(probe.spec)).rejects.toThrow("The server's disk is full");
    expect(probe.seen.lines.some((line) => /^\[Panel\] Disk full: the server uses \d+ MiB, all the disk its plan allows \(64 MiB\)/.test(line))).toBe(true);
  });

  it('grows with the plan while the game runs', async () => {
    const probe = await runningProbe(64);
    expect(await fill(probe, 48)).toEqual({ wrote: 48 * MiB, error: 'none' });
    const update = await driver.updateLimits(probe.spec.uuid, { ...probe.spec.limits, diskMb: 112 });
    expect(update).toEqual({ running: true, appliedLive: ['memory', 'cpu', 'disk'], restartNeeded: false });
    expect(await fill(probe, 48)).toEqual({ wrote: 48 * MiB, error: 'none' });
    expect(driver.state(probe.spec.uuid)).toBe('running');
    const { wrote, error } = await fill(probe, 1024);
    expect(error).toBe('ENOSPC');
    expect(96 * MiB + wrote).toBeGreaterThan(104 * MiB);
    expect(96 * MiB + wrote).toBeLessThanOrEqual(112 * MiB + overshoot(112));
    await waitFor(() => driver.state(probe.spec.uuid) === 'offline', { what: 'stopped for its disk', timeoutMs: 60_000 });
  });

  it('takes a size past what it can grow to live at the next start', async () => {
    const probe = await runningProbe(32);
    const update = await driver.updateLimits(probe.spec.uuid, { ...probe.spec.limits, diskMb: 256 });
    expect(update).toEqual({ running: true, appliedLive: ['memory', 'cpu'], restartNeeded: true });
    expect(probe.seen.lines.at(-1)).toContain('Restart the server so its disk takes its new size (256 MiB).');
    await driver.stop(probe.spec.uuid);
    await driver.start({ ...probe.spec, limits: { ...probe.spec.limits, diskMb: 256 } });
    await waitFor(() => driver.state(probe.spec.uuid) === 'running', { what: 'running', timeoutMs: 60_000 });
    const { wrote, error } = await fill(probe, 1024);
    expect(error).toBe('ENOSPC');
    expect(wrote).toBeGreaterThan(240 * MiB);
    expect(wrote).toBeLessThanOrEqual(256 * MiB + overshoot(256));
  });

  it('is mounted again before a start after the node lost its mounts, and goes with the server', async () => {
    const uuid = randomUUID();
    made.push(uuid);
    const spec = fixtureSpec(driver, uuid, { template: probeTemplate, limits: { diskMb: 32 } });
    await driver.install(spec);
    const mountPoint = join(dataRoot, 'panel-disks', uuid);
    const mounted = () => parseMountInfo(readFileSync('/proc/self/mountinfo', 'utf8')).some((entry) => entry.mountPoint === mountPoint);
    expect(mounted()).toBe(true);
    // A reboot (or an administrator) drops the mount, and nothing of the panel runs on the node any
    // more (the install's file helper neither): the volume cannot be mounted then (nothing is written beside the image)…
    await removeServerFiles(docker, uuid);
    execFileSync('umount', [mountPoint]);
    const bare = await docker.createContainer({ Image: spec.image!, Cmd: ['/bin/sh', '-c', 'true'], HostConfig: { Binds: [`${volumeName(uuid)}:/data`] } });
    await expect(bare.start()).rejects.toThrow(/no such file or directory/);
    await bare.remove({ force: true });
    // …until the next start mounts it again, with the files the install wrote.
    const seen = collect(driver, uuid);
    await driver.start(spec);
    await waitFor(() => driver.state(uuid) === 'running', { what: 'running', timeoutMs: 60_000 });
    expect(mounted()).toBe(true);
    await driver.kill(uuid);
    expect(seen.crashes).toEqual([]);

    await driver.destroy(uuid);
    expect(mounted()).toBe(false);
    expect(() => statSync(join(dataRoot, 'panel-disks', `${uuid}.img`))).toThrow();
    expect(execFileSync('losetup', ['-j', join(dataRoot, 'panel-disks', `${uuid}.img`)], { encoding: 'utf8' })).toBe('');
  });
});
