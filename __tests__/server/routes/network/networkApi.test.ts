import { execFileSync } from 'node:child_process';
import { Resolver } from 'node:dns/promises';
import { and, eq } from 'drizzle-orm';
import { allocations, auditLogs, serverPermissions, servers, serverSubdomains, type ServerRow } from '../../../../server/src/db/schema';
import { deleteServer } from '../../../../server/src/services/servers/serverOperations';
import { provisioningOf } from '../../../../server/src/plugins/provisioning';
import { loadServerContext, specOf } from '../../../../server/src/services/servers/loadServerContext';
import { parseDnsConfig } from '../../../../server/src/services/network/dns/dnsConfig';
import { uniqueViolation } from '../../../../server/src/lib/uniqueViolation';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import { startTestBind, type TestBind } from '../../helpers/testBind';
import type { TestApp } from '../../helpers/testApp';
import { waitFor } from '../../helpers/waitFor';
import { FIREWALL_TABLE } from '../../../../server/src/runtime/local/sandbox/hostFirewall';
import { HOLD_WAIT_MS, holdHostFirewall } from '../../helpers/hostFirewallLock';

jest.setTimeout(120_000);

let bind: TestBind;
let t: TestApp;
let owner: TestUser;
let reader: TestUser;
let stranger: TestUser;
let server: ServerRow;
let other: ServerRow;
let resolver: Resolver;

// Other files remove the panel's nftables table while they run; this one reads it (see the host firewall below).
let letGoOfFirewall: (() => void) | undefined;
beforeAll(async () => {
  letGoOfFirewall = await holdHostFirewall();
  bind = await startTestBind('play.test');
  resolver = new Resolver();
  resolver.setServers([`127.0.0.1:${bind.port}`]);
  t = await createRuntimeTestApp({ dns: parseDnsConfig({ ...bind.env, PANEL_DNS_ZONES: 'play.test,other.test' }) });
  [owner, reader, stranger] = await Promise.all([createTestUser(t.app), createTestUser(t.app), createTestUser(t.app)]);
  // Premium: 3 extra ports.
  server = await createTestServer(t.app, owner.user, { name: 'Network', plan: 'minecraft-premium' });
  other = await createTestServer(t.app, stranger.user, { name: 'Other' });
  await t.app.db.insert(serverPermissions).values({ serverId: server.id, userId: reader.user.id, permissions: ['allocation.read'] });
}, HOLD_WAIT_MS);
afterAll(async () => {
  await t?.close();
  await bind?.stop();
});
afterAll(() => letGoOfFirewall?.());

const url = (s: ServerRow, path = '') => `/api/v2/servers/${s.shortId}/network${path}`;
const call = (user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path = '', payload?: object, s: ServerRow = server) =>
  t.app.inject({ method, url: url(s, path), headers: user.headers, ...(payload ? { payload } : {}) });
const network = async () => (await call(owner, 'GET')).json().data;
const srv = (name: string) => resolver.resolveSrv(`_minecraft._tcp.${name}`).catch((error: NodeJS.ErrnoException) => error.code);
const a = (name: string) => resolver.resolve4(name).catch((error: NodeJS.ErrnoException) => error.code);
const audits = async (event: string) =>
  (
    await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.serverUuid, server.uuid), eq(auditLogs.event, event)))
  ).length;

describe('ports', () => {
  it('lists the primary port, the plan’s limit and the zones', async () => {
    const res = await call(owner, 'GET');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.ports).toHaveLength(1);
    expect(data.ports[0]).toMatchObject({ primary: true, purpose: null, host: '127.0.0.1' });
    expect(data.extra_ports).toEqual({ limit: 3, used: 0 });
    expect(data.zones).toEqual(['play.test', 'other.test']);
    expect(data.subdomain).toBeNull();
  });

  it('gives exactly the plan’s number of extra ports to 20 parallel adds', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(owner, 'POST', '/allocations')));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(17);
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toMatch(/limit of 3 extra ports/);
    const held = await t.app.db.select().from(allocations).where(eq(allocations.serverId, server.id));
    expect(held).toHaveLength(4);
    expect(new Set(held.map((r) => r.port)).size).toBe(4);
    for (const row of held) expect(row.port).toBeGreaterThanOrEqual(41000);
    expect((await network()).extra_ports).toEqual({ limit: 3, used: 3 });
    expect(await audits('server.allocation.create')).toBe(3);
  });

  it('never lets two servers hold one port: the database refuses it', async () => {
    const [mine] = await t.app.db.select().from(allocations).where(eq(allocations.id, server.allocationId!));
    // Same node and port under another address, held by another server.
    const error = await t.app.db
      .insert(allocations)
      .values({ nodeId: mine.nodeId, ip: '127.0.0.2', port: mine.port, serverId: other.id })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(uniqueViolation(error)).toMatch(/allocations_node_port_taken_unique|node_id/);
  });

  it('hands the game its extra ports (SERVER_EXTRA_PORTS, EXTRA_PORT_n) and lets its sandbox reach them', async () => {
    const [row] = await t.app.db.select().from(servers).where(eq(servers.id, server.id));
    const context = await loadServerContext(t.app.db, row);
    const spec = specOf(context, t.app.runtime.driver.gamePaths(row.uuid));
    const extras = context.allocations
      .filter((p) => p.id !== row.allocationId)
      .sort((x, y) => x.id - y.id)
      .map((p) => p.port);
    expect(spec.env.SERVER_EXTRA_PORTS).toBe(extras.join(','));
    expect(spec.env.EXTRA_PORT_1).toBe(String(extras[0]));
    expect(spec.env.EXTRA_PORT_3).toBe(String(extras[2]));
    // The host firewall allows the primary port and every extra port.
    expect([spec.allocation.port, ...Object.values(spec.extraPorts)].sort()).toEqual(context.allocations.map((p) => p.port).sort());
  });

  it('changes a note; 422 per field for a bad note or port id; 404 for another server’s port', async () => {
    const { ports } = await network();
    const extra = ports.find((p: { primary: boolean }) => !p.primary);
    const ok = await call(owner, 'PATCH', `/allocations/${extra.id}`, { notes: 'Dynmap web' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.notes).toBe('Dynmap web');
    const long = await call(owner, 'PATCH', `/allocations/${extra.id}`, { notes: 'x'.repeat(256) });
    expect(long.statusCode).toBe(422);
    expect(Object.keys(long.json().errors)).toEqual(['notes']);
    const badId = await call(owner, 'PATCH', '/allocations/abc', { notes: 'x' });
    expect(badId.statusCode).toBe(422);
    expect(badId.json().errors.allocation).toBeDefined();
    const otherPort = other.allocationId!;
    for (const [method, path, body] of [
      ['PATCH', `/allocations/${otherPort}`, { notes: 'mine' }],
      ['POST', `/allocations/${otherPort}/primary`, undefined],
      ['DELETE', `/allocations/${otherPort}`, undefined],
    ] as const) {
      expect((await call(owner, method, path, body)).statusCode).toBe(404);
    }
    // Another customer's server: 404 whatever the route.
    expect((await call(owner, 'GET', '', undefined, other)).statusCode).toBe(404);
    expect((await call(reader, 'POST', '/allocations')).statusCode).toBe(403);
    expect((await call(reader, 'GET')).statusCode).toBe(200);
  });

  it('never removes the primary port; removes an extra one', async () => {
    const { ports } = await network();
    const primary = ports.find((p: { primary: boolean }) => p.primary);
    const extra = ports.find((p: { primary: boolean }) => !p.primary);
    const refused = await call(owner, 'DELETE', `/allocations/${primary.id}`);
    expect(refused.statusCode).toBe(409);
    expect((await call(owner, 'DELETE', `/allocations/${extra.id}`)).statusCode).toBe(204);
    const [row] = await t.app.db.select().from(allocations).where(eq(allocations.id, extra.id));
    expect(row.serverId).toBeNull();
    expect((await network()).extra_ports.used).toBe(2);
    expect(await audits('server.allocation.delete')).toBe(1);
  });
});

describe('the host firewall of a running server', () => {
  const ownPorts = () => execFileSync('nft', ['list', 'set', 'inet', FIREWALL_TABLE, 'own_ports'], { encoding: 'utf8' });

  it('follows its ports: an added port is allowed at once, a removed one taken away', async () => {
    expect((await t.app.inject({ method: 'POST', url: `/api/v2/servers/${server.shortId}/power`, headers: owner.headers, payload: { signal: 'start' } })).statusCode).toBe(204);
    // As the other start-ups in the tests: beside the end-to-end tests (CI's run on PostgreSQL) the
    // game took over 20 s to start.
    await waitFor(() => t.app.runtime.state(server.uuid) === 'running', { what: 'running', timeoutMs: 60_000 });
    try {
      const report = t.app.runtime.driver.isolation(server.uuid);
      if (!report.hostNetworkBlocked) {
        // No nftables rule on this machine (not root, or no netfilter): nothing to follow.
        console.warn('host firewall not active here; the allowance check is skipped');
        return;
      }
      const added = await call(owner, 'POST', '/allocations');
      expect(added.statusCode).toBe(201);
      const port = added.json().data.port;
      await waitFor(() => ownPorts().includes(`. ${port}`), { what: `port ${port} allowed` });
      expect((await call(owner, 'DELETE', `/allocations/${added.json().data.id}`)).statusCode).toBe(204);
      await waitFor(() => !ownPorts().includes(`. ${port}`), { what: `port ${port} taken away` });
    } finally {
      await t.app.inject({ method: 'POST', url: `/api/v2/servers/${server.shortId}/power`, headers: owner.headers, payload: { signal: 'kill' } });
      await waitFor(() => t.app.runtime.state(server.uuid) === 'offline', { what: 'offline' });
    }
  });
});

describe('subdomain', () => {
  it('refuses bad, reserved and unknown names with 422 per field', async () => {
    const cases: [object, string[]][] = [
      [{ label: '-bad-', zone: 'play.test' }, ['label']],
      [{ label: 'under_score', zone: 'play.test' }, ['label']],
      [{ label: 'a'.repeat(64), zone: 'play.test' }, ['label']],
      [{ label: 'www', zone: 'play.test' }, ['label']],
      [{ label: 'panel', zone: 'play.test' }, ['label']],
      [{ label: 'survival', zone: 'evil.example' }, ['zone']],
      [{ label: 'Bad Name', zone: 'nowhere.test' }, ['label', 'zone']],
      [{}, ['label', 'zone']],
    ];
    for (const [body, fields] of cases) {
      const res = await call(owner, 'PUT', '/subdomain', body);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors).sort()).toEqual(fields);
    }
    expect(await t.app.db.select().from(serverSubdomains)).toHaveLength(0);
    expect((await call(reader, 'PUT', '/subdomain', { label: 'survival', zone: 'play.test' })).statusCode).toBe(403);
  });

  it('writes the SRV and A records a Minecraft client needs, unique per zone', async () => {
    const res = await call(owner, 'PUT', '/subdomain', { label: 'Survival', zone: 'play.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ label: 'survival', zone: 'play.test', address: 'survival.play.test', srv_record: '_minecraft._tcp.survival.play.test' });
    const { ports } = await network();
    const primary = ports.find((p: { primary: boolean }) => p.primary);
    expect(await srv('survival.play.test')).toEqual([{ name: 'survival.play.test', port: primary.port, priority: 0, weight: 5 }]);
    expect(await a('survival.play.test')).toEqual(['127.0.0.1']);
    // Another server cannot take the name.
    await t.app.db.insert(serverPermissions).values({ serverId: other.id, userId: owner.user.id, permissions: ['allocation.subdomain'] });
    const taken = await call(owner, 'PUT', '/subdomain', { label: 'survival', zone: 'play.test' }, other);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.label).toEqual(['Another server already has this name']);
    expect(await audits('server.subdomain.set')).toBe(1);
  });

  it('moves the records to a new name and follows the primary port', async () => {
    // other.test is not served by this BIND: the update is refused, so nothing changed.
    const refused = await call(owner, 'PUT', '/subdomain', { label: 'creative', zone: 'other.test' });
    expect(refused.statusCode).toBe(502);
    const after = await network();
    expect(after.subdomain?.address).toBe('survival.play.test');
    expect(await srv('survival.play.test')).not.toBe('ENOTFOUND');

    expect((await call(owner, 'PUT', '/subdomain', { label: 'creative', zone: 'play.test' })).statusCode).toBe(200);
    expect(await srv('survival.play.test')).toBe('ENOTFOUND');
    const extra = after.ports.find((p: { primary: boolean }) => !p.primary);
    const made = await call(owner, 'POST', `/allocations/${extra.id}/primary`);
    expect(made.statusCode).toBe(200);
    expect(made.json().data.primary).toBe(true);
    expect(await srv('creative.play.test')).toEqual([{ name: 'creative.play.test', port: extra.port, priority: 0, weight: 5 }]);
    const [row] = await t.app.db.select().from(servers).where(eq(servers.id, server.id));
    expect(row.allocationId).toBe(extra.id);
    // The old primary stays as an extra port.
    expect((await network()).ports).toHaveLength(3);
    expect(await audits('server.allocation.primary')).toBe(1);
  });

  it('removes the records with the subdomain', async () => {
    expect((await call(owner, 'DELETE', '/subdomain')).statusCode).toBe(204);
    expect(await srv('creative.play.test')).toBe('ENOTFOUND');
    expect(await a('creative.play.test')).toBe('ENOTFOUND');
    expect((await network()).subdomain).toBeNull();
    expect((await call(owner, 'DELETE', '/subdomain')).statusCode).toBe(404);
  });

  it('removes the records when the server is deleted', async () => {
    const doomed = await createTestServer(t.app, owner.user, { name: 'Doomed' });
    expect((await call(owner, 'PUT', '/subdomain', { label: 'doomed', zone: 'play.test' }, doomed)).statusCode).toBe(200);
    expect(await srv('doomed.play.test')).not.toBe('ENOTFOUND');
    await deleteServer(provisioningOf(t.app), doomed);
    expect(await srv('doomed.play.test')).toBe('ENOTFOUND');
    expect(await t.app.db.select().from(serverSubdomains).where(eq(serverSubdomains.serverId, doomed.id))).toHaveLength(0);
  });

  it('answers a clear 502 and changes nothing when DNS is down', async () => {
    expect((await call(owner, 'PUT', '/subdomain', { label: 'survival', zone: 'play.test' })).statusCode).toBe(200);
    const before = await network();
    await bind.stop();
    const renamed = await call(owner, 'PUT', '/subdomain', { label: 'hardcore', zone: 'play.test' });
    expect(renamed.statusCode).toBe(502);
    // Neither the name server's address nor nsupdate's output reaches the customer.
    expect(renamed.json().message).toBe('The name service could not be reached or refused the change. Nothing was changed; try again later.');
    const removed = await call(owner, 'DELETE', '/subdomain');
    expect(removed.statusCode).toBe(502);
    const extra = before.ports.find((p: { primary: boolean }) => !p.primary);
    expect((await call(owner, 'POST', `/allocations/${extra.id}/primary`)).statusCode).toBe(502);
    expect(await network()).toEqual(before);
    await expect(deleteServer(provisioningOf(t.app), server)).rejects.toThrow(/name service could not be reached/);
    expect(await t.app.db.select().from(servers).where(eq(servers.id, server.id))).toHaveLength(1);
  });
});
