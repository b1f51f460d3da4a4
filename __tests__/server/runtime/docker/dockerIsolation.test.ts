import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { readFileSync, readlinkSync } from 'node:fs';
import { createServer, connect, type Server } from 'node:net';
import { networkInterfaces } from 'node:os';
import type Docker from 'dockerode';
import type { DockerDriver } from '../../../../server/src/runtime/docker/DockerDriver';
import { containerName } from '../../../../server/src/runtime/docker/containerConfig';
import type { ResourceLimits, ServerSpec } from '../../../../server/src/runtime/types';
import { DOCKER_ENV } from '../../helpers/testDockerEngine';
import { waitFor } from '../../helpers/waitFor';
import { fixtureTemplate } from '../../helpers/testTemplates';
import { collect, fixtureSpec, openDriver, openTestEngine, probeTemplate } from './dockerTestDriver';

jest.setTimeout(120_000);

let docker: Docker;
let publicHost: string;
let hostAddress: string;
let driver: DockerDriver;
const listeners: Server[] = [];
const made: string[] = [];

/** A TCP service of this machine, on `host` and a free port. */
async function listen(host: string): Promise<number> {
  const server = createServer((socket) => {
    socket.on('error', () => undefined); // a probe that resets the connection
    socket.end('hello');
  });
  listeners.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as { port: number }).port;
}

/** This machine's own address on its main network (outside the blocked list: "the internet" here). */
function outsideAddress(): string {
  for (const addresses of Object.values(networkInterfaces()))
    for (const address of addresses ?? []) if (address.family === 'IPv4' && !address.internal && !address.address.startsWith('10.213.')) return address.address;
  throw new Error('This machine has no address of its own outside the test network.');
}

beforeAll(async () => {
  ({ docker, publicHost, hostAddress } = await openTestEngine());
  // The panel's machine is out of the servers' reach; every other address is "the internet".
  driver = openDriver(docker, publicHost, { blockedDestinations: [`${hostAddress}/32`], pidsLimit: 64 });
  await driver.open();
}, 180_000);

afterAll(async () => {
  for (const uuid of made) await driver.destroy(uuid).catch(() => undefined);
  await driver.detachAll();
  for (const server of listeners) server.close();
});

async function running(template = probeTemplate, limits: Partial<ResourceLimits> = {}): Promise<{ spec: ServerSpec; seen: ReturnType<typeof collect> }> {
  const uuid = randomUUID();
  made.push(uuid);
  const spec = fixtureSpec(driver, uuid, { template, limits });
  await driver.install(spec);
  const seen = collect(driver, uuid);
  await driver.start(spec);
  await waitFor(() => driver.state(uuid) === 'running', { what: 'running' });
  return { spec, seen };
}

/** Sends a probe a command and answers the first line it prints that starts with `prefix`. */
async function ask(probe: { spec: ServerSpec; seen: ReturnType<typeof collect> }, command: string, prefix: string): Promise<string> {
  await driver.sendCommand(probe.spec.uuid, command);
  return waitFor(() => probe.seen.lines.find((l) => l.startsWith(prefix)), { what: prefix, timeoutMs: 15_000 });
}

/** CPU time (ns) the engine counted for a server's container so far. */
async function cpuNanoseconds(uuid: string): Promise<number> {
  const stats = (await docker.getContainer(containerName(uuid)).stats({ stream: false })) as { cpu_stats: { cpu_usage: { total_usage: number } } };
  return stats.cpu_stats.cpu_usage.total_usage;
}

/** Asks the probe to connect and answers what it got (`ok`, `ECONNREFUSED`, `ETIMEDOUT` …). */
async function probeConnect(probe: { spec: ServerSpec; seen: ReturnType<typeof collect> }, host: string, port: number): Promise<string> {
  const prefix = `connect ${host} ${port} `;
  await driver.sendCommand(probe.spec.uuid, `connect ${host} ${port}`);
  const line = await waitFor(() => probe.seen.lines.find((l) => l.startsWith(prefix)), { what: prefix, timeoutMs: 15_000 });
  return line.slice(prefix.length);
}

describe('a game server in a container', () => {
  let probe: Awaited<ReturnType<typeof running>>;
  beforeAll(async () => {
    probe = await running();
  }, 60_000);

  it("cannot reach the panel's machine, but reaches the internet", async () => {
    const panelPort = await listen('0.0.0.0');
    expect(await probeConnect(probe, hostAddress, panelPort)).not.toBe('ok');
    expect(await probeConnect(probe, outsideAddress(), panelPort)).toBe('ok');
  });

  it("cannot reach the host's loopback services", async () => {
    const port = await listen('127.0.0.1');
    expect(await probeConnect(probe, '127.0.0.1', port)).toBe('ECONNREFUSED');
  });

  it('cannot reach another server, neither its container nor its published port, which players reach', async () => {
    const target = await running(fixtureTemplate);
    await driver.sendCommand(target.spec.uuid, 'serve 5');
    await waitFor(() => target.seen.lines.some((l) => l.startsWith('serving')), { what: 'serving' });
    const info = await docker.getContainer(containerName(target.spec.uuid)).inspect();
    const containerAddress = Object.values(info.NetworkSettings.Networks)[0].IPAddress;
    const port = target.spec.allocation.port;
    expect(await probeConnect(probe, containerAddress, port)).not.toBe('ok');
    expect(await probeConnect(probe, publicHost, port)).not.toBe('ok');
    const fromOutside = await new Promise<string>((resolve) => {
      const socket = connect(port, publicHost, () => {
        socket.destroy();
        resolve('ok');
      });
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(fromOutside).toBe('ok');
  });

  it("has no way to the engine's socket", async () => {
    const engineSocket = (docker.modem as { socketPath?: string }).socketPath ?? '';
    for (const path of ['/var/run/docker.sock', '/run/docker.sock', engineSocket]) {
      await driver.sendCommand(probe.spec.uuid, `exists ${path}`);
      await waitFor(() => probe.seen.lines.includes(`exists ${path} no`), { what: `${path} absent` });
    }
  });

  it("has a network namespace of its own: the host's abstract unix sockets are out of its reach", async () => {
    const name = `panel-test-${randomUUID()}`;
    const hostSocket = createServer((socket) => {
      socket.on('error', () => undefined); // the check below hangs up at once
      socket.end('hello');
    });
    listeners.push(hostSocket);
    await new Promise<void>((resolve) => hostSocket.listen(`\0${name}`, resolve));
    // The socket answers on the host…
    const fromHost = await new Promise<string>((resolve) => {
      const socket = connect(`\0${name}`, () => {
        socket.destroy();
        resolve('ok');
      });
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(fromHost).toBe('ok');
    // …but the game neither sees nor reaches it.
    expect(await ask(probe, `abstract-visible ${name}`, `abstract-visible ${name} `)).toBe(`abstract-visible ${name} no`);
    expect(await ask(probe, `connect-abstract ${name}`, `abstract ${name} `)).toBe(`abstract ${name} ECONNREFUSED`);
    // Nor one of the node's own network namespace (the engine's), where a real node's services live.
    const enginePid = readFileSync(`${process.env[DOCKER_ENV.dir]}/dockerd.pid`, 'utf8').trim();
    const nodeName = `${name}-node`;
    const nodeSocket = spawn(
      'nsenter',
      [`--net=/proc/${enginePid}/ns/net`, process.execPath, '-e', `require('net').createServer((s) => s.end('hi')).listen('\\0' + process.argv[1], () => console.log('listening'))`, nodeName],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        nodeSocket.stdout.once('data', () => resolve());
        nodeSocket.once('exit', (code) => reject(new Error(`the node's socket ended (${code})`)));
      });
      expect(readFileSync(`/proc/${nodeSocket.pid}/net/unix`, 'utf8')).toContain(`@${nodeName}`);
      expect(await ask(probe, `abstract-visible ${nodeName}`, `abstract-visible ${nodeName} `)).toBe(`abstract-visible ${nodeName} no`);
      expect(await ask(probe, `connect-abstract ${nodeName}`, `abstract ${nodeName} `)).toBe(`abstract ${nodeName} ECONNREFUSED`);
    } finally {
      nodeSocket.kill();
    }
    // Its namespace is neither the host's nor the node's.
    const namespace = (await ask(probe, 'net-namespace', 'netns ')).slice('netns '.length);
    expect(namespace).toMatch(/^net:\[\d+\]$/);
    expect(namespace).not.toBe(readlinkSync('/proc/self/ns/net'));
    expect(namespace).not.toBe(readlinkSync(`/proc/${enginePid}/ns/net`));
  });

  it('is killed when it takes more memory than its plan allows, said as "out of memory"', async () => {
    const hog = await running(probeTemplate, { memoryMb: 128 });
    await driver.sendCommand(hog.spec.uuid, 'eat-memory');
    await waitFor(() => hog.seen.crashes.length === 1, { what: 'out of memory', timeoutMs: 60_000 });
    expect(hog.seen.crashes[0]).toMatchObject({ reason: 'memory', message: expect.stringContaining('out of memory') });
    expect(hog.seen.lines).toContain('[Panel] The server ran out of memory (its plan allows 128 MiB) and was killed.');
    // It got near its limit, never past it.
    const eaten = hog.seen.lines.filter((l) => l.startsWith('eaten ')).map((l) => Number(/^eaten (\d+)/.exec(l)![1]));
    expect(Math.max(...eaten)).toBeLessThanOrEqual(128);
    expect(driver.state(hog.spec.uuid)).toBe('offline');
  });

  it('gets no more CPU time than its plan allows, however many processes spin', async () => {
    const spinner = await running(probeTemplate, { cpuPercent: 50 });
    await ask(spinner, 'spin 3', 'spinning ');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const started = Date.now();
    const before = await cpuNanoseconds(spinner.spec.uuid);
    // 40 of the kernel's 100 ms quota periods: a period's overshoot is about 1 % of the share, and
    // the time counted from before the first reading only makes the share look smaller.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const used = (await cpuNanoseconds(spinner.spec.uuid)) - before;
    const share = used / ((Date.now() - started) * 1e6);
    console.info(`three spinning processes under a 50 % CPU limit: ${(share * 100).toFixed(1)} % of a core`);
    // Half a core at most (a little over for the measurement's own timing); and it did spin.
    expect(share).toBeLessThanOrEqual(0.55);
    expect(share).toBeGreaterThan(0.05);
    await driver.kill(spinner.spec.uuid);
  });

  it('holds a fork bomb to its process limit, and is still killed at once', async () => {
    const bomb = await running();
    await driver.sendCommand(bomb.spec.uuid, 'fork-bomb 300');
    const line = await waitFor(() => bomb.seen.lines.find((l) => l.startsWith('forks ')), { what: 'forks' });
    const [, ok, failed] = /^forks ok (\d+) failed (\d+)$/.exec(line)!.map(Number);
    expect(ok).toBeLessThan(64);
    expect(failed).toBeGreaterThan(200);
    const stats = (await docker.getContainer(containerName(bomb.spec.uuid)).stats({ stream: false })) as { pids_stats?: { current?: number } };
    expect(stats.pids_stats?.current).toBeLessThanOrEqual(64);
    // The other servers keep answering.
    await driver.sendCommand(probe.spec.uuid, 'exists /tmp');
    await waitFor(() => probe.seen.lines.includes('exists /tmp yes'), { what: 'probe answers' });
    const started = Date.now();
    await driver.kill(bomb.spec.uuid);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(driver.state(bomb.spec.uuid)).toBe('offline');
  });
});
