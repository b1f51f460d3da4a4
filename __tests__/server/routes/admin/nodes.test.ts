import { and, eq } from 'drizzle-orm';
import { auditLogs, nodes, servers } from '../../../../server/src/db/schema';
import { createAdminKey } from '../../../../server/src/services/admin/adminKeys';
import { openSecret } from '../../../../server/src/lib/secretBox';
import { NODE_TLS_PURPOSE } from '../../../../server/src/services/nodes/nodeEngines';
import { createTestApp, type TestApp } from '../../helpers/testApp';
import { createTestUser } from '../../helpers/createTestUser';
import { inMemoryNodes } from '../../helpers/memoryRuntime/inMemoryNodes';
import { makeTestTls } from '../../helpers/testCertificates';
import { waitFor } from '../../helpers/waitFor';
import '../../helpers/testTemplates';

jest.setTimeout(60_000);

const { drivers: nodeDrivers, down, openNode } = inMemoryNodes();

let t: TestApp;
let key: string;
const tls = makeTestTls();
const otherTls = makeTestTls('other');

beforeAll(async () => {
  t = await createTestApp({ runtimeTuning: { nodeCheckIntervalMs: 200 } }, { openNode });
  key = (await createAdminKey(t.app.db, 'billing')).key;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const admin = (method: Method, url: string, payload?: object, authorization = `Bearer ${key}`) =>
  t.app.inject({ method, url: `/api/v2/admin${url}`, headers: authorization ? { authorization } : {}, ...(payload ? { payload } : {}) });

const dockerNode = (name: string, extra: object = {}) => ({ name, driver: 'docker', docker_host: 'unix:///run/test-docker.sock', public_host: '10.77.0.1', port_range: '30000-30009', ...extra });

describe('nodes through the admin API', () => {
  it('needs an admin: no key is 401, a customer’s token 403', async () => {
    expect((await admin('GET', '/nodes', undefined, '')).statusCode).toBe(401);
    const customer = await createTestUser(t.app);
    expect((await admin('GET', '/nodes', undefined, `Bearer ${customer.token}`)).statusCode).toBe(403);
    expect((await admin('POST', '/nodes', dockerNode('sneaky'), `Bearer ${customer.token}`)).statusCode).toBe(403);
    expect(await t.app.db.select().from(nodes).where(eq(nodes.name, 'sneaky'))).toEqual([]);
  });

  it('names every bad field at once and stores nothing', async () => {
    const missing = await admin('POST', '/nodes', {});
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['docker_host', 'driver', 'name', 'port_range', 'public_host']);

    const bad = await admin('POST', '/nodes', { name: '12', driver: 'kubernetes', docker_host: 'http://engine', public_host: 'node.example.com', port_range: '40000-30000', memory_mb: 0 });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors;
    expect(Object.keys(errors).sort()).toEqual(['docker_host', 'driver', 'memory_mb', 'name', 'port_range', 'public_host']);
    expect(errors.docker_host[0]).toContain('tcp://HOST:PORT');

    const noTls = await admin('POST', '/nodes', dockerNode('remote', { docker_host: 'tcp://10.77.0.2:2376' }));
    expect(noTls.json().errors).toEqual({ tls: [expect.stringContaining('mutual TLS')] });
    const badPem = await admin('POST', '/nodes', dockerNode('remote', { docker_host: 'tcp://10.77.0.2:2376', tls: { ca: 'not a certificate', cert: tls.cert, key: 'nope' } }));
    expect(badPem.json().errors).toEqual({ 'tls.ca': [expect.stringContaining('PEM certificate')], 'tls.key': [expect.stringContaining('PEM private key')] });
    const wrongKey = await admin('POST', '/nodes', dockerNode('remote', { docker_host: 'tcp://10.77.0.2:2376', tls: { ...tls, key: otherTls.key } }));
    expect(wrongKey.json().errors).toEqual({ 'tls.key': ['This key does not belong to the client certificate.'] });
    expect(await t.app.db.select().from(nodes).where(eq(nodes.name, 'remote'))).toEqual([]);
  });

  it('adds a tcp node with its TLS material sealed in the database and never answered', async () => {
    down.add('remote');
    const created = await admin('POST', '/nodes', dockerNode('remote', { location: 'Frankfurt', docker_host: 'tcp://10.77.0.2:2376', tls, memory_mb: 8192, disk_mb: 40960 }));
    expect(created.statusCode).toBe(201);
    const node = created.json().data.node;
    expect(node).toMatchObject({
      name: 'remote',
      location: 'Frankfurt',
      driver: 'docker',
      docker_host: 'tcp://10.77.0.2:2376',
      tls: true,
      port_range: '30000-30009',
      memory_mb: 8192,
      state: 'offline',
      servers: 0,
    });
    for (const answer of [created.body, (await admin('GET', '/nodes')).body, (await admin('GET', '/nodes/remote')).body]) {
      expect(answer).not.toContain('BEGIN');
      expect(answer).not.toContain(tls.key.split('\n')[1]);
    }
    const [row] = await t.app.db.select().from(nodes).where(eq(nodes.name, 'remote'));
    expect(JSON.stringify(row)).not.toContain('BEGIN');
    expect(row.tlsSealed).toMatch(/^v1\./);
    expect(JSON.parse(openSecret(t.config.secret, NODE_TLS_PURPOSE, row.tlsSealed!))).toEqual(tls);

    const [audit] = await t.app.db.select().from(auditLogs).where(eq(auditLogs.event, 'node.created'));
    expect(audit.properties).toMatchObject({ node: 'remote', via: expect.stringMatching(/^admin-key:/) });
    expect(JSON.stringify(audit.properties)).not.toContain('BEGIN');

    const duplicate = await admin('POST', '/nodes', dockerNode('remote', { public_host: '10.77.0.9' }));
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors).toEqual({ name: ['A node with this name exists.'] });
  });

  it('refuses a range that overlaps another node’s on the same address, and changes to the local node’s configured fields', async () => {
    const overlap = await admin('POST', '/nodes', dockerNode('twin', { port_range: '30005-30020' }));
    expect(overlap.json().errors.port_range[0]).toContain('node "remote"');
    expect((await admin('POST', '/nodes', dockerNode('twin', { port_range: '30010-30020' }))).statusCode).toBe(201);
    const local = await admin('PATCH', '/nodes/local', { port_range: '20000-20010', location: 'Office' });
    expect(Object.keys(local.json().errors)).toEqual(['port_range']);
    expect((await admin('PATCH', '/nodes/local', { location: 'Office' })).json().data.node).toMatchObject({ location: 'Office', driver: 'local', state: 'online', tls: false });
  });

  it('shows a node offline while its engine does not answer and online once it does, without a restart', async () => {
    await waitFor(async () => (await admin('GET', '/nodes/remote')).json().data.node.state === 'offline', { what: 'offline' });
    down.delete('remote');
    await waitFor(async () => (await admin('GET', '/nodes/remote')).json().data.node.state === 'online', { what: 'online again' });
    down.add('remote');
    await waitFor(async () => (await admin('GET', '/nodes/remote')).json().data.node.state === 'offline', { what: 'offline again' });
    down.delete('remote');
    await waitFor(async () => (await admin('GET', '/nodes/remote')).json().data.node.state === 'online', { what: 'back' });
  });

  it('creates servers on nodes: ports per node, their room checked, maintenance and offline refused', async () => {
    const owner = await createTestUser(t.app);
    await admin('POST', '/nodes', dockerNode('a', { public_host: '10.78.0.1', port_range: '30500-30500' }));
    await admin('POST', '/nodes', dockerNode('b', { public_host: '10.78.0.2', port_range: '30500-30500', memory_mb: 4096 }));
    const server = (node: string, name = `on ${node}`) =>
      admin('POST', '/servers', { name, owner: owner.user.uuid, template: 'test-fixture', plan: 'minecraft-budget', node, variables: { MODE: 'echo' } });

    const onA = await server('a');
    expect(onA.statusCode).toBe(201);
    const onB = await server('b');
    expect(onB.statusCode).toBe(201);
    const [a, b] = [onA.json().data.server, onB.json().data.server];
    expect(a.allocation).toMatchObject({ port: 30500 });
    expect(b.allocation).toMatchObject({ port: 30500 });
    expect((await server('a', 'second on a')).statusCode).toBe(409);

    // Each runs on its node's driver, started through the customer's power API.
    await waitFor(async () => (await admin('GET', `/servers/${a.uuid}`)).json().data.server.install_status === 'installed', { what: 'install' });
    const power = await t.app.inject({ method: 'POST', url: `/api/v2/servers/${a.identifier}/power`, headers: owner.headers, payload: { signal: 'start' } });
    expect(power.statusCode).toBe(204);
    await waitFor(() => nodeDrivers.get('a')!.state(a.uuid) === 'running', { what: 'running on node a' });
    expect(nodeDrivers.get('b')!.state(a.uuid)).toBe('offline');

    // The plan takes 2048 MiB: b (4096 MiB) has room for one more, then none.
    expect((await server('b', 'second on b')).statusCode).toBe(409);
    await admin('PATCH', '/nodes/b', { port_range: '30500-30501' });
    expect((await server('b', 'second on b')).statusCode).toBe(201);
    const full = await server('b', 'third on b');
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toContain('no room for this plan’s memory');

    expect((await admin('PATCH', '/nodes/a', { maintenance: true })).json().data.node).toMatchObject({ state: 'maintenance', maintenance: true, servers: 1, allocated_memory_mb: 2048 });
    expect((await server('a', 'in maintenance')).json().message).toContain('maintenance');
    await admin('PATCH', '/nodes/a', { maintenance: false, port_range: '30500-30502' });

    down.add('a');
    await waitFor(async () => (await admin('GET', '/nodes/a')).json().data.node.state === 'offline', { what: 'a offline' });
    const refused = await t.app.inject({ method: 'POST', url: `/api/v2/servers/${a.identifier}/power`, headers: owner.headers, payload: { signal: 'stop' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('offline');
    expect((await server('a', 'while offline')).statusCode).toBe(409);
    down.delete('a');
    await waitFor(async () => (await admin('GET', '/nodes/a')).json().data.node.state === 'online', { what: 'a online' });

    expect((await admin('PATCH', '/nodes/a', { port_range: '30501-30502' })).json().errors.port_range[0]).toContain('port 30500');
    const kept = await admin('DELETE', '/nodes/a');
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toContain('1 server');
    expect((await admin('DELETE', `/servers/${a.uuid}`)).statusCode).toBe(204);
    expect((await admin('DELETE', '/nodes/a')).statusCode).toBe(204);
    expect((await admin('GET', '/nodes/a')).statusCode).toBe(404);
    expect(
      await t.app.db
        .select()
        .from(servers)
        .where(and(eq(servers.uuid, b.uuid))),
    ).toHaveLength(1);
    const deleted = await t.app.db.select().from(auditLogs).where(eq(auditLogs.event, 'node.deleted'));
    expect(deleted.map((row) => row.properties.node)).toEqual(['a']);
  });

  it('recovers a node’s servers when its engine answers after the panel’s start: one that should run is started there', async () => {
    const owner = await createTestUser(t.app);
    await admin('POST', '/nodes', dockerNode('late', { public_host: '10.79.0.1' }));
    const created = await admin('POST', '/servers', { name: 'late', owner: owner.user.uuid, template: 'test-fixture', plan: 'minecraft-budget', node: 'late', start_on_completion: true });
    const server = created.json().data.server;
    await waitFor(() => nodeDrivers.get('late')!.state(server.uuid) === 'running', { what: 'running on late' });
    await t.app.runtime.recoverAll();

    // Another engine address: the node's driver is opened anew, and its engine does not answer yet.
    down.add('late');
    await admin('PATCH', '/nodes/late', { docker_host: 'unix:///run/late-docker.sock' });
    const reopened = nodeDrivers.get('late')!;
    expect(reopened.state(server.uuid)).toBe('offline');
    expect(t.app.runtime.state(server.uuid)).toBe('offline');
    down.delete('late');
    await waitFor(() => reopened.state(server.uuid) === 'running', { what: 'started again on the reopened node' });
  });

  it('answers 404 for an unknown node and 422 for an unknown node on a new server', async () => {
    expect((await admin('GET', '/nodes/nowhere')).statusCode).toBe(404);
    const owner = await createTestUser(t.app);
    const res = await admin('POST', '/servers', { name: 'x', owner: owner.user.uuid, template: 'test-fixture', plan: 'minecraft-budget', node: 'nowhere' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ node: ['Unknown node'] });
  });
});
