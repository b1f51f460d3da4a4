import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { readFileSync } from 'node:fs';
import { createServer, connect, type Server } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { registerTemplate, type TemplateDefinition } from '../../../server/src/games/templates';
import { fixtureTemplate } from '../helpers/testTemplates';
import { removeHostFirewall } from '../../../server/src/runtime/local/sandbox/hostFirewall';
import { createLocalDriver } from '../../../server/src/runtime/local/createLocalDriver';
import { RuntimeManager } from '../../../server/src/services/servers/RuntimeManager';
import { crashRestartDefaults } from '../../../server/src/runtime/crashRestartPolicy';
import { Sandbox } from '../../../server/src/runtime/local/sandbox/Sandbox';
import { SandboxUsers } from '../../../server/src/runtime/local/sandbox/sandboxUsers';
import { runCommand } from '../../../server/src/runtime/install/runCommand';
import { createRuntimeTestApp } from '../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../helpers/createTestUser';
import { createTestServer } from '../helpers/createTestServer';
import { waitFor } from '../helpers/waitFor';
import { HOLD_WAIT_MS, holdHostFirewall } from '../helpers/hostFirewallLock';
import type { TestApp } from '../helpers/testApp';
import type { ServerRow } from '../../../server/src/db/schema';

/*
 * A game server's own network namespace, seen from a real game process started by the real
 * driver. That driver runs without the panel's nftables table, and the table another panel left is
 * removed once the panel is up: what is checked here holds without it (on a host without nft).
 */
jest.setTimeout(180_000);

const root = process.getuid?.() === 0;
const describeAsRoot = root ? describe : describe.skip;
// The driver installs pasta when it opens; done here first, so the panel's start-up stays short.
if (root) execFileSync('bash', [join(__dirname, '..', '..', '..', 'scripts', 'ensure-package.sh'), '/usr/bin/pasta', 'passt'], { stdio: 'inherit', timeout: 300_000 });

const customerTemplate: TemplateDefinition = {
  ...fixtureTemplate,
  slug: 'test-customer-netns',
  name: 'Customer network namespace script',
  startCommand: './customer.cjs',
  install: [],
  variables: [],
};
registerTemplate(customerTemplate);
const signalledTemplate: TemplateDefinition = { ...customerTemplate, slug: 'test-customer-netns-signal', name: 'Customer script stopped by signal', stop: { type: 'signal', value: 'SIGTERM' } };
registerTemplate(signalledTemplate);

const script = readFileSync(join(__dirname, 'fixtures', 'customerScript.cjs'), 'utf8');
/** The host's first address that is not the loopback (the panel listens there too on 0.0.0.0). */
const hostAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;

let t: TestApp;
let owner: TestUser;
/** The customer's server that tries to get out, and another customer's. */
let prober: { row: ServerRow; lines: string[] };
let neighbour: { row: ServerRow; lines: string[] };
let panelPort: number;
let loopbackService: Server;
let letGoOfFirewall: (() => void) | undefined;
let abstractService: Server;
const abstractName = `panel-test-${randomBytes(6).toString('hex')}`;
/** A machine elsewhere on the network: a namespace of the test's, reached through a veth pair. */
const outside = { netns: `panel-out-${process.pid}`, hostIf: `pvo${process.pid % 100000}a`, nsIf: `pvo${process.pid % 100000}b`, net: `198.18.${process.pid % 250}` };
let outsideListener: ChildProcess | null = null;
/** The panel run after a restart (it adopts the running servers). */
let secondRun: RuntimeManager | null = null;
const outsidePort = 40_000 + (process.pid % 900);

const api = (server: ServerRow, method: 'GET' | 'POST', path: string, payload?: string | object, contentType = 'application/json') =>
  t.app.inject({
    method,
    url: `/api/v2/servers/${server.shortId}/${path}`,
    headers: { ...owner.headers, ...(payload !== undefined ? { 'content-type': contentType } : {}) },
    payload: payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

function listenOn(target: { host: string; port: number } | { path: string }): Promise<Server> {
  return new Promise((resolve) => {
    const service = createServer((socket) => socket.on('error', () => undefined).end('host secret\n'));
    service.listen(target, () => resolve(service));
  });
}

const portOf = (service: Server) => (service.address() as { port: number }).port;

async function startCustomerServer(name: string, template = customerTemplate.slug): Promise<{ row: ServerRow; lines: string[] }> {
  const row = await createTestServer(t.app, owner.user, { template, name });
  expect((await api(row, 'POST', 'files/write?file=customer.cjs', script, 'text/plain')).statusCode).toBe(204);
  expect((await api(row, 'POST', 'files/chmod', { root: '/', files: [{ file: 'customer.cjs', mode: '755' }] })).statusCode).toBe(204);
  const lines: string[] = [];
  t.app.runtime.events.subscribe(row.uuid, (event) => event.type === 'output' && lines.push(event.line));
  await t.app.runtime.power(row, 'start');
  await waitFor(() => t.app.runtime.state(row.uuid) === 'running', { what: `${name} running` }).catch((error: Error) => {
    throw new Error(`${error.message}; its console:\n${lines.join('\n')}`);
  });
  return { row, lines };
}

async function gamePort(server: ServerRow): Promise<number> {
  const answer = await t.app.inject({ method: 'GET', url: `/api/v2/servers/${server.shortId}`, headers: owner.headers });
  return answer.json().data.allocation.port as number;
}

/** Runs a command line of the customer's game and waits for the line that says it is done. */
async function inGame(server: { row: ServerRow; lines: string[] }, command: string, done: string): Promise<void> {
  await t.app.runtime.sendCommand(server.row, command);
  await waitFor(() => server.lines.includes(done), { what: done, timeoutMs: 30_000 });
}

function readFrom(host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('end', () => resolve(text));
    socket.on('error', (error) => reject(new Error(`${host}:${port}: ${error.message}`)));
  });
}

/** Sends a datagram to a port of the host as a player would; answers the reply (or rejects after a while). */
function udpExchange(host: string, port: number, message: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error(`no UDP answer from ${host}:${port}`));
    }, 5000);
    socket.on('message', (reply) => {
      clearTimeout(timer);
      socket.close();
      resolve(reply.toString());
    });
    socket.send(message, port, host);
  });
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe' });

function makeOutside(): void {
  ip('netns', 'add', outside.netns);
  ip('link', 'add', outside.hostIf, 'type', 'veth', 'peer', 'name', outside.nsIf, 'netns', outside.netns);
  ip('addr', 'add', `${outside.net}.1/30`, 'dev', outside.hostIf);
  ip('link', 'set', outside.hostIf, 'up');
  ip('-n', outside.netns, 'addr', 'add', `${outside.net}.2/30`, 'dev', outside.nsIf);
  ip('-n', outside.netns, 'link', 'set', outside.nsIf, 'up');
  const program = `require('node:net').createServer((s) => s.end('outside\\n')).listen(${outsidePort}, '${outside.net}.2', () => console.log('up'))`;
  outsideListener = spawn('ip', ['netns', 'exec', outside.netns, process.execPath, '-e', program], { stdio: ['ignore', 'pipe', 'inherit'] });
}

function removeOutside(): void {
  if (outsideListener?.pid) outsideListener.kill('SIGKILL');
  try {
    ip('netns', 'del', outside.netns);
  } catch {
    // never made
  }
}

describeAsRoot("a game server's own network namespace (real driver, without the nftables layer)", () => {
  beforeAll(async () => {
    // This file removes the panel's table: no other file may count on it meanwhile.
    letGoOfFirewall = await holdHostFirewall();
    makeOutside();
    await new Promise<void>((resolve) => outsideListener!.stdout!.once('data', () => resolve()));
    // Its driver does not put the table back when its servers start (the others' do).
    t = await createRuntimeTestApp({}, { localDriver: (config) => createLocalDriver(config, undefined, { hostFirewall: false }) });
    await t.app.listen({ port: 0, host: '0.0.0.0' });
    panelPort = (t.app.server.address() as { port: number }).port;
    await removeHostFirewall();
    loopbackService = await listenOn({ host: '127.0.0.1', port: 0 });
    abstractService = await listenOn({ path: `\0${abstractName}` });
    owner = await createTestUser(t.app);
    prober = await startCustomerServer('prober');
    neighbour = await startCustomerServer('neighbour');
    await inGame(neighbour, 'listen', `listening on ${await gamePort(neighbour.row)}`);
  }, HOLD_WAIT_MS);
  afterAll(async () => {
    await secondRun?.shutdown();
    await t?.close();
    loopbackService?.close();
    abstractService?.close();
    removeOutside();
    // The driver may have installed nftables and its table meanwhile; the host is shared with other work.
    await removeHostFirewall();
  });
  // Apart, after the clean-up above: it is let go of even when that fails.
  afterAll(() => letGoOfFirewall?.());

  it('says in the resources API that the server is kept off the host', async () => {
    const answer = await api(prober.row, 'GET', 'resources');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.isolation).toMatchObject({ sandboxed: true, kernel_limits: true, host_network_blocked: true });
  });

  it("cannot reach the panel's port, the host's loopback services nor another customer's game, yet reaches a machine outside", async () => {
    const neighbourPort = await gamePort(neighbour.row);
    // The neighbour does answer players: what follows is the namespace, not a dead port.
    expect(await readFrom('127.0.0.1', neighbourPort)).toBe('hello from the game\n');
    expect(await readFrom('127.0.0.1', portOf(loopbackService))).toBe('host secret\n');

    const denied: [string, number][] = [
      ['127.0.0.1', panelPort],
      ['127.0.0.1', portOf(loopbackService)],
      ['127.0.0.1', neighbourPort],
    ];
    if (hostAddress) denied.push([hostAddress, panelPort]);
    const allowed: [string, number][] = [[`${outside.net}.2`, outsidePort]];
    await inGame(prober, `connect ${JSON.stringify([...denied, ...allowed])}`, 'connect done');
    for (const [host, port] of denied) expect(prober.lines).toContain(`connect ${host} ${port}: denied ECONNREFUSED`);
    for (const [host, port] of allowed) expect(prober.lines).toContain(`connect ${host} ${port}: ALLOWED`);
  });

  it("cannot reach the host's abstract unix sockets", async () => {
    const line = `abstract ${abstractName}: `;
    await t.app.runtime.sendCommand(prober.row, `abstract ${abstractName}`);
    await waitFor(() => prober.lines.some((l) => l.startsWith(line)), { what: 'abstract socket attempt', timeoutMs: 30_000 });
    expect(prober.lines).toContain(`${line}denied ECONNREFUSED`);
  });

  it('is reached by players on its own port, over TCP and UDP', async () => {
    const port = await gamePort(prober.row);
    await inGame(prober, 'listen', `listening on ${port}`);
    await inGame(prober, 'listen-udp', `listening udp on ${port}`);
    expect(await readFrom('127.0.0.1', port)).toBe('hello from the game\n');
    expect(await udpExchange('127.0.0.1', port, 'ping')).toBe('echo ping');
  });

  it('stops by signal: the signal reaches the game, not pasta or bubblewrap around it', async () => {
    const signalled = await startCustomerServer('signalled', signalledTemplate.slug);
    await t.app.runtime.power(signalled.row, 'stop');
    await waitFor(() => t.app.runtime.state(signalled.row.uuid) === 'offline', { what: 'signalled server stopped', timeoutMs: 30_000 });
    // It had the time to save: nothing around it died and took it along.
    expect(signalled.lines).toContain('stopping on SIGTERM');
    expect(signalled.lines).toContain('saved');
    expect(signalled.lines.some((line) => line.includes('killing it') || line.includes('stopped unexpectedly'))).toBe(false);
  });

  it('keeps its forwarding through a panel restart, and the forwarding goes with the server', async () => {
    const port = await gamePort(prober.row);
    // The panel goes away without stopping its servers; the next run adopts them.
    await t.app.runtime.detach();
    const driver = createLocalDriver({ ...t.config, runtimeTuning: { statsIntervalMs: 200 } }, undefined, { hostFirewall: false });
    secondRun = new RuntimeManager({ db: t.app.db, driver, log: t.app.log, crashRestart: crashRestartDefaults, playerQueryIntervalMs: 5000 });
    await secondRun.open();
    await secondRun.recoverAll();
    expect(secondRun.state(prober.row.uuid)).toBe('running');
    expect(await readFrom('127.0.0.1', port)).toBe('hello from the game\n');
    expect(await udpExchange('127.0.0.1', port, 'again')).toBe('echo again');

    await secondRun.power(prober.row, 'kill');
    await waitFor(() => secondRun!.state(prober.row.uuid) === 'offline', { what: 'prober offline' });
    // Nothing holds the port on the host any more: the forwarder died with its server.
    await expect(readFrom('127.0.0.1', port)).rejects.toThrow(/ECONNREFUSED/);
    const udp = createSocket('udp4');
    await new Promise<void>((resolve, reject) => {
      udp.once('error', reject);
      udp.bind(port, '127.0.0.1', () => resolve());
    });
    udp.close();
  });

  it('runs install commands in a network namespace of their own too', async () => {
    const dataDir = t.config.dataDir;
    const sandbox = await Sandbox.detect({ dataDir, unsafeNoSandbox: false });
    expect(sandbox.ownNetwork).toBe(true);
    const folder = join(dataDir, 'servers', prober.row.uuid);
    const uid = await new SandboxUsers(join(dataDir, 'runtime', 'sandbox-uids.json')).uidOf(prober.row.uuid);
    const targets = [
      ['127.0.0.1', portOf(loopbackService)],
      [`${outside.net}.2`, outsidePort],
    ];
    const program = `for (const [host, port] of ${JSON.stringify(targets)}) { const s = require('node:net').connect({ host, port }); s.on('connect', () => { console.log(host + ' ALLOWED'); s.destroy(); }); s.on('error', (e) => console.log(host + ' denied ' + e.code)); }`;
    const lines: string[] = [];
    await runCommand(sandbox.gamePaths(folder).node, ['-e', program], { cwd: folder, log: (line) => lines.push(line), sandbox: { wrap: (argv) => sandbox.wrap(folder, uid, [], argv) } });
    expect(lines.sort()).toEqual(['127.0.0.1 denied ECONNREFUSED', `${outside.net}.2 ALLOWED`]);
  });
});
