import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import type Docker from 'dockerode';
import type { DockerDriver } from '../../../../server/src/runtime/docker/DockerDriver';
import { containerName } from '../../../../server/src/runtime/docker/containerConfig';
import { waitFor } from '../../helpers/waitFor';
import { collect, fixtureSpec, openDriver, openTestEngine } from './dockerTestDriver';

jest.setTimeout(120_000);

let docker: Docker;
let publicHost: string;
let driver: DockerDriver;
let imageSeconds: number | null;
const made: string[] = [];

beforeAll(async () => {
  ({ docker, publicHost, imageSeconds } = await openTestEngine());
  driver = openDriver(docker, publicHost);
  await driver.open();
}, 180_000);

afterAll(async () => {
  for (const uuid of made) await driver.destroy(uuid).catch(() => undefined);
  await driver.detachAll();
});

async function installed(mode?: string, limits?: { memoryMb?: number }) {
  const uuid = randomUUID();
  made.push(uuid);
  const spec = fixtureSpec(driver, uuid, { mode, limits });
  await driver.create(spec);
  await driver.install(spec);
  return spec;
}

describe('the docker driver', () => {
  it('builds the embedded Minecraft image offline in under a minute', () => {
    // Null when an earlier file of this run built it already.
    if (imageSeconds !== null) expect(imageSeconds).toBeLessThan(60);
  });

  it('runs a server in a locked-down container: starting → running on its done line, commands, stop', async () => {
    const spec = await installed();
    const seen = collect(driver, spec.uuid);
    await driver.start(spec);
    await waitFor(() => driver.state(spec.uuid) === 'running', { what: 'running' });
    expect(seen.states.slice(0, 2)).toEqual(['starting', 'running']);

    const info = await docker.getContainer(containerName(spec.uuid)).inspect();
    expect(info.HostConfig.ReadonlyRootfs).toBe(true);
    expect(info.HostConfig.CapDrop).toEqual(['ALL']);
    expect(info.HostConfig.SecurityOpt).toEqual(['no-new-privileges']);
    expect(info.Config.User).toBe('1000:1000');
    expect(info.HostConfig.Memory).toBe(256 * 1024 * 1024);
    expect(info.HostConfig.NanoCpus).toBe(1e9);
    expect(info.HostConfig.PidsLimit).toBeGreaterThan(0);
    expect(info.HostConfig.PortBindings?.[`${spec.allocation.port}/tcp`]).toEqual([{ HostIp: publicHost, HostPort: String(spec.allocation.port) }]);
    expect(info.Config.OpenStdin).toBe(true);
    // The live console does not wait for the engine's log (see containerConfig).
    expect(info.HostConfig.LogConfig).toEqual({ Type: 'json-file', Config: { mode: 'non-blocking', 'max-buffer-size': '4m', 'max-size': '8m', 'max-file': '3' } });

    await driver.sendCommand(spec.uuid, 'hello there');
    await waitFor(() => seen.lines.includes('echo: hello there'), { what: 'echo' });
    expect(driver.recentOutput(spec.uuid)).toContain('echo: hello there');

    await driver.stop(spec.uuid);
    expect(driver.state(spec.uuid)).toBe('offline');
    expect(seen.lines).toContain('Stopping');
    expect(seen.states).toEqual(['starting', 'running', 'stopping', 'offline']);
    expect(seen.crashes).toEqual([]);
  });

  it('publishes the game port on the node address', async () => {
    const spec = await installed();
    const seen = collect(driver, spec.uuid);
    await driver.start(spec);
    await waitFor(() => driver.state(spec.uuid) === 'running', { what: 'running' });
    await driver.sendCommand(spec.uuid, 'serve 5');
    await waitFor(() => seen.lines.some((l) => l.startsWith('serving')), { what: 'serving' });
    const bytes = await new Promise<number>((resolve, reject) => {
      let got = 0;
      const socket = connect(spec.allocation.port, publicHost);
      socket.on('data', (chunk) => {
        got += chunk.length;
        if (got >= 5) socket.end();
      });
      socket.on('close', () => resolve(got));
      socket.on('error', reject);
    });
    expect(bytes).toBe(5);
    await driver.kill(spec.uuid);
  });

  it('reports a crash with its exit code, and running out of memory as such', async () => {
    const spec = await installed();
    const seen = collect(driver, spec.uuid);
    await driver.start(spec);
    await waitFor(() => driver.state(spec.uuid) === 'running');
    await driver.sendCommand(spec.uuid, 'crash');
    await waitFor(() => seen.crashes.length === 1, { what: 'crash' });
    expect(seen.crashes[0]).toMatchObject({ reason: 'exit' });
    expect(seen.crashes[0].message).toContain('exit code 3');
    expect(driver.state(spec.uuid)).toBe('offline');

    const hog = await installed(undefined, { memoryMb: 96 });
    const hogSeen = collect(driver, hog.uuid);
    await driver.start(hog);
    await waitFor(() => driver.state(hog.uuid) === 'running');
    await driver.sendCommand(hog.uuid, 'hog');
    await waitFor(() => hogSeen.crashes.length === 1, { what: 'out of memory', timeoutMs: 60_000 });
    expect(hogSeen.crashes[0].reason).toBe('memory');
    expect(hogSeen.crashes[0].message).toContain('out of memory');
    expect(hogSeen.lines.some((l) => l.includes('ran out of memory'))).toBe(true);
  });

  it('changes the limits of a running container at once, and reports its figures', async () => {
    const spec = await installed();
    await driver.start(spec);
    await waitFor(() => driver.state(spec.uuid) === 'running');
    // The first sample may be read before the game has loaded: wait for one that shows it.
    const stats = await waitFor(() => [driver.stats(spec.uuid)].find((sample) => sample && sample.memoryBytes > 1024 * 1024), { what: 'stats with the game loaded' });
    expect(stats.memoryBytes).toBeGreaterThan(1024 * 1024);
    expect(stats.memoryLimitBytes).toBe(256 * 1024 * 1024);
    expect(stats.kernelLimits).toBe(true);

    const update = await driver.updateLimits(spec.uuid, { memoryMb: 384, cpuPercent: 50, diskMb: 512 });
    expect(update).toEqual({ running: true, appliedLive: ['memory', 'cpu', 'disk'], restartNeeded: true });
    const info = await docker.getContainer(containerName(spec.uuid)).inspect();
    expect(info.HostConfig.Memory).toBe(384 * 1024 * 1024);
    expect(info.HostConfig.NanoCpus).toBe(5e8);
    await waitFor(() => driver.stats(spec.uuid)?.memoryLimitBytes === 384 * 1024 * 1024, { what: 'new limit in stats' });
    await driver.kill(spec.uuid);
  });

  it('adopts a running container after a panel restart, with its history and no line twice', async () => {
    const spec = await installed();
    const first = openDriver(docker, publicHost);
    await first.open();
    await first.start(spec);
    await waitFor(() => first.state(spec.uuid) === 'running');
    await first.sendCommand(spec.uuid, 'before restart');
    await waitFor(() => first.recentOutput(spec.uuid).includes('echo: before restart'));
    await first.detachAll();

    const second = openDriver(docker, publicHost);
    await second.open();
    try {
      const seen = collect(second, spec.uuid);
      expect(await second.recover(spec)).toBe('adopted');
      expect(second.state(spec.uuid)).toBe('running');
      expect(second.recentOutput(spec.uuid)).toEqual(expect.arrayContaining(['Ready!', 'echo: before restart']));
      await second.sendCommand(spec.uuid, 'after restart');
      await waitFor(() => seen.lines.includes('echo: after restart'), { what: 'echo after adoption' });
      expect(seen.lines).not.toContain('echo: before restart');
      await second.stop(spec.uuid);
      expect(seen.states).toEqual(['running', 'stopping', 'offline']);
    } finally {
      await second.detachAll();
    }
    expect(await openDriver(docker, publicHost).recover(spec)).toBe('not-running');
  });
});
