import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, connect, type Server } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { registerTemplate, type TemplateDefinition } from '../../../server/src/games/templates';
import { fixtureTemplate } from '../helpers/testTemplates';
import { FIREWALL_TABLE, HostFirewall, removeHostFirewall } from '../../../server/src/runtime/local/sandbox/hostFirewall';
import { createRuntimeTestApp } from '../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../helpers/createTestUser';
import { createTestServer } from '../helpers/createTestServer';
import { waitFor } from '../helpers/waitFor';
import { HOLD_WAIT_MS, holdHostFirewall } from '../helpers/hostFirewallLock';
import type { TestApp } from '../helpers/testApp';
import type { ServerRow } from '../../../server/src/db/schema';

jest.setTimeout(120_000);

// The rule needs nft (Debian nftables); a fresh machine gets it here, as the panel's host would.
const root = process.getuid?.() === 0;
if (root) execFileSync('bash', [join(__dirname, '..', '..', '..', 'scripts', 'ensure-package.sh'), '/usr/sbin/nft', 'nftables'], { stdio: 'inherit', timeout: 300_000 });

const customerTemplate: TemplateDefinition = {
  ...fixtureTemplate,
  slug: 'test-customer-network',
  name: 'Customer network script',
  startCommand: './customer.cjs',
  install: [],
  variables: [],
};
registerTemplate(customerTemplate);

const script = readFileSync(join(__dirname, 'fixtures', 'customerScript.cjs'), 'utf8');

let t: TestApp;
let owner: TestUser;
let server: ServerRow;
let lines: string[];
let panelPort: number;
/** A service of the host on the loopback (a database, say) and one on every address. */
let loopbackService: Server;
let letGoOfFirewall: (() => void) | undefined;
let hostService: Server;

const api = (method: 'GET' | 'POST', path: string, payload?: string | object, contentType = 'application/json') =>
  t.app.inject({
    method,
    url: `/api/v2/servers/${server.shortId}/${path}`,
    headers: { ...owner.headers, ...(payload !== undefined ? { 'content-type': contentType } : {}) },
    payload: payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

function listen(host: string): Promise<Server> {
  return new Promise((resolve) => {
    const service = createServer((socket) => socket.on('error', () => undefined).end('host secret\n'));
    service.listen(0, host, () => resolve(service));
  });
}

const portOf = (service: Server) => (service.address() as { port: number }).port;

/** What a client outside the sandbox reads from a port (the game's greeting). */
function readFrom(host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('end', () => resolve(text));
    socket.on('error', (error) => reject(new Error(`${host}:${port}: ${error.message}`)));
  });
}

/** The host's first address that is not the loopback (the panel listens there too on 0.0.0.0). */
const hostAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;

/**
 * An address of the host that is not copied into a game's network namespace (a second interface
 * of the host): only the nftables rule keeps games off it, pasta connecting from the host.
 */
const secondAddress = { link: `pvd${process.pid % 100000}`, address: `198.19.${process.pid % 250}.1` };

beforeAll(async () => {
  letGoOfFirewall = await holdHostFirewall();
  if (root) {
    // A veth pair (kernels without the dummy driver have it too); the address is on the host's end.
    execFileSync('ip', ['link', 'add', secondAddress.link, 'type', 'veth', 'peer', 'name', `${secondAddress.link}p`]);
    execFileSync('ip', ['addr', 'add', `${secondAddress.address}/32`, 'dev', secondAddress.link]);
    execFileSync('ip', ['link', 'set', secondAddress.link, 'up']);
  }
  t = await createRuntimeTestApp();
  await t.app.listen({ port: 0, host: '0.0.0.0' });
  panelPort = (t.app.server.address() as { port: number }).port;
  loopbackService = await listen('127.0.0.1');
  hostService = await listen('0.0.0.0');
  owner = await createTestUser(t.app);
  server = await createTestServer(t.app, owner.user, { template: 'test-customer-network', name: 'network' });
  expect((await api('POST', 'files/write?file=customer.cjs', script, 'text/plain')).statusCode).toBe(204);
  expect((await api('POST', 'files/chmod', { root: '/', files: [{ file: 'customer.cjs', mode: '755' }] })).statusCode).toBe(204);
  lines = [];
  t.app.runtime.events.subscribe(server.uuid, (event) => event.type === 'output' && lines.push(event.line));
  await t.app.runtime.power(server, 'start');
  await waitFor(() => t.app.runtime.state(server.uuid) === 'running', { what: 'running' });
}, HOLD_WAIT_MS);
afterAll(async () => {
  if (root) execFileSync('ip', ['link', 'del', secondAddress.link]);
  await t.close();
  loopbackService.close();
  hostService.close();
  // The host is shared with other work: the panel's table goes with the test panel.
  await removeHostFirewall();
});
// Apart, after the clean-up above: it is let go of even when that fails.
afterAll(() => letGoOfFirewall?.());

const describeAsRoot = root ? describe : describe.skip;

describeAsRoot('a sandboxed game server (panel running as root, with nftables as the second layer)', () => {
  it('reports in the resources API that it runs sandboxed, with kernel limits, kept off the host', async () => {
    const answer = await api('GET', 'resources');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.isolation).toEqual({ sandboxed: true, kernel_limits: true, host_network_blocked: true, kernel_disk_quota: false });
  });

  it("cannot connect to the panel's port nor to the host's other services, yet reaches its own port and players reach it", async () => {
    const gamePort = await serverPort();
    await t.app.runtime.sendCommand(server, 'listen');
    await waitFor(() => lines.includes(`listening on ${gamePort}`), { what: 'game listening' });

    const denied: [string, number][] = [
      ['127.0.0.1', panelPort],
      ['127.0.0.1', portOf(loopbackService)],
      ['127.0.0.1', portOf(hostService)],
      ['127.0.0.2', portOf(hostService)],
    ];
    if (hostAddress) denied.push([hostAddress, panelPort], [hostAddress, portOf(hostService)]);
    // The host's second address: refused by the rule, or never answered (pasta, as well).
    const secondTargets: [string, number][] = [
      [secondAddress.address, panelPort],
      [secondAddress.address, portOf(hostService)],
    ];
    const allowed: [string, number][] = [['127.0.0.1', gamePort]];
    await t.app.runtime.sendCommand(server, `connect ${JSON.stringify([...denied, ...secondTargets, ...allowed])}`);
    await waitFor(() => lines.includes('connect done'), { what: 'connect' });
    for (const [host, port] of denied) expect(lines).toContain(`connect ${host} ${port}: denied ECONNREFUSED`);
    for (const [host, port] of secondTargets) expect(lines.find((line) => line.startsWith(`connect ${host} ${port}: `))).toMatch(/: denied (ECONNREFUSED|ETIMEDOUT)$/);
    for (const [host, port] of allowed) expect(lines).toContain(`connect ${host} ${port}: ALLOWED`);

    // The same services answer the panel's own user: the rule holds for sandboxes only.
    expect(await readFrom('127.0.0.1', portOf(loopbackService))).toBe('host secret\n');
    expect((await fetch(`http://127.0.0.1:${panelPort}/api/v2/servers`)).status).toBe(401);
    // A player reaches the game on the server's address (the loopback here) and its answers come back.
    expect(await readFrom('127.0.0.1', gamePort)).toBe('hello from the game\n');
    // Only there: the port is forwarded into the game's namespace on its own address, not on every one.
    if (hostAddress) await expect(readFrom(hostAddress, gamePort)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('installs its own table once, and installing it again replaces it in place', async () => {
    expect((await HostFirewall.install()).report).toEqual({ active: true, problem: null });
    const listed = execFileSync('nft', ['list', 'ruleset'], { encoding: 'utf8' });
    expect(listed.split(`table inet ${FIREWALL_TABLE} {`).length - 1).toBe(1);
    expect(listed.match(/reject with tcp reset/g)?.length).toBe(1);
    // The server's own port survived the replacement.
    expect(execFileSync('nft', ['list', 'set', 'inet', FIREWALL_TABLE, 'own_ports'], { encoding: 'utf8' })).toContain(`. ${await serverPort()}`);
  });

  it('puts its table back, with the server’s port, when the server starts after the ruleset lost it', async () => {
    // As an nftables service restart or another firewall tool flushing the ruleset would.
    await removeHostFirewall();
    await t.app.runtime.power(server, 'kill');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'offline', { what: 'offline' });
    await t.app.runtime.power(server, 'start');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'running', { what: 'running again' });
    expect(execFileSync('nft', ['list', 'set', 'inet', FIREWALL_TABLE, 'own_ports'], { encoding: 'utf8' })).toContain(`. ${await serverPort()}`);
    expect(execFileSync('nft', ['list', 'table', 'inet', FIREWALL_TABLE], { encoding: 'utf8' }).match(/reject with tcp reset/g)?.length).toBe(1);
  });
});

/** The server's game port, from the API. */
async function serverPort(): Promise<number> {
  const answer = await t.app.inject({ method: 'GET', url: `/api/v2/servers/${server.shortId}`, headers: owner.headers });
  return answer.json().data.allocation.port as number;
}
