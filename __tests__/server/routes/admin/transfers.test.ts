import { and, eq, inArray } from 'drizzle-orm';
import { allocations, auditLogs, nodes, servers, users } from '../../../../server/src/db/schema';
import { createAdminKey } from '../../../../server/src/services/admin/adminKeys';
import { runCliCommand } from '../../../../server/src/cli/controlSocket';
import { provisioningOf } from '../../../../server/src/plugins/provisioning';
import type { ServerSpec } from '../../../../server/src/runtime/types';
import { createTestApp, type TestApp } from '../../helpers/testApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { MemoryDriver } from '../../helpers/memoryRuntime/MemoryDriver';
import { inMemoryNodes } from '../../helpers/memoryRuntime/inMemoryNodes';
import { waitFor } from '../../helpers/waitFor';
import '../../helpers/testTemplates';

jest.setTimeout(60_000);

/** An in-memory node's engine that counts starts; `failCreate` makes the next server made there fail once `gate` opens. */
class EngineNode extends MemoryDriver {
  readonly starts = new Map<string, number>();
  gate: Promise<void> | null = null;
  failCreate = false;
  async start(spec: ServerSpec): Promise<void> {
    this.starts.set(spec.uuid, (this.starts.get(spec.uuid) ?? 0) + 1);
    await super.start(spec);
  }
  async create(spec: ServerSpec): Promise<void> {
    await this.gate;
    if (this.failCreate) throw new Error('The node’s disk is full.');
    await super.create(spec);
  }
}

const { drivers: engines, down, openNode } = inMemoryNodes(() => new EngineNode());

let t: TestApp;
let key: string;
let keyIdentifier: string;
let owner: TestUser;
// A root admin with two-factor: the admin area's session.
let rootAdmin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ runtimeTuning: { nodeCheckIntervalMs: 200 } }, { openNode });
  ({
    key,
    row: { identifier: keyIdentifier },
  } = await createAdminKey(t.app.db, 'transfers'));
  owner = await createTestUser(t.app);
  rootAdmin = await createTestUser(t.app, { username: 'transferadmin', rootAdmin: true });
  await t.app.db.update(users).set({ useTotp: true }).where(eq(users.id, rootAdmin.user.id));
  for (const [name, byte] of [
    ['t-a', 1],
    ['t-b', 2],
    ['t-c', 3],
  ] as const) {
    const added = await admin('POST', '/nodes', { name, driver: 'docker', docker_host: 'unix:///run/test-docker.sock', public_host: `10.92.0.${byte}`, port_range: '31300-31309' });
    expect(added.statusCode).toBe(201);
  }
});
afterAll(() => t.close());

const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v2/admin${url}`, headers: { authorization: `Bearer ${key}` }, ...(payload ? { payload } : {}) });
const customer = async (identifier: string) => (await t.app.inject({ method: 'GET', url: `/api/v2/servers/${identifier}`, headers: owner.headers })).json().data;
const finished = async (uuid: string) => {
  await waitFor(async () => (await admin('GET', `/servers/${uuid}/transfer`)).json().data.transfer.state !== 'running', { what: 'the transfer to finish' });
  return (await admin('GET', `/servers/${uuid}/transfer`)).json().data.transfer;
};
const nodeOf = async (uuid: string) => (await t.app.db.select({ name: nodes.name }).from(servers).innerJoin(nodes, eq(nodes.id, servers.nodeId)).where(eq(servers.uuid, uuid)))[0].name;
const portsOf = async (uuid: string) =>
  t.app.db
    .select({ node: nodes.name, port: allocations.port })
    .from(allocations)
    .innerJoin(servers, eq(servers.id, allocations.serverId))
    .innerJoin(nodes, eq(nodes.id, allocations.nodeId))
    .where(eq(servers.uuid, uuid));

async function runningServer(name: string): Promise<{ uuid: string; identifier: string }> {
  const created = await admin('POST', '/servers', { name, owner: owner.user.uuid, template: 'test-fixture', plan: 'minecraft-budget', node: 't-a', start_on_completion: true });
  expect(created.statusCode).toBe(201);
  const server = created.json().data.server;
  await waitFor(async () => (await customer(server.identifier)).state === 'running', { what: `${name} running` });
  return server;
}

describe('moving a server to another node', () => {
  it('stops it, copies its files, switches its ports and address and starts it on the target', async () => {
    const server = await runningServer('moves');
    await t.app.runtime.files(server.uuid).writeFile('world/level.dat', Buffer.alloc(3 * 1024 * 1024 + 17, 7));
    const [oldPort] = await portsOf(server.uuid);

    const started = await admin('POST', `/servers/${server.uuid}/transfer`, { node: 't-b' });
    expect(started.statusCode).toBe(202);
    // The same port number: nobody holds it on the target.
    expect(started.json().data.transfer).toMatchObject({ from: 't-a', to: 't-b', state: 'running', address: `10.92.0.2:${oldPort.port}` });
    const transfer = await finished(server.uuid);
    expect(transfer).toMatchObject({ state: 'completed', step: 'done', error: null });
    expect(transfer.bytes_copied).toBeGreaterThanOrEqual(3 * 1024 * 1024 + 17);

    expect(await nodeOf(server.uuid)).toBe('t-b');
    expect(await portsOf(server.uuid)).toEqual([{ node: 't-b', port: oldPort.port }]);
    await waitFor(async () => (await customer(server.identifier)).state === 'running', { what: 'running on the target' });
    expect((await customer(server.identifier)).allocation).toMatchObject({ port: oldPort.port });
    expect(engines.get('t-b')!.starts.get(server.uuid)).toBe(1);
    expect(engines.get('t-a')!.state(server.uuid)).toBe('offline');
    expect((await engines.get('t-b')!.files(server.uuid).readFile('world/level.dat')).length).toBe(3 * 1024 * 1024 + 17);
    expect(await engines.get('t-a')!.files(server.uuid).lstat('world/level.dat')).toBeNull();
    const events = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.serverUuid, server.uuid), inArray(auditLogs.event, ['server.transfer.started', 'server.transfer.completed'])));
    expect(events.map((row) => row.event).sort()).toEqual(['server.transfer.completed', 'server.transfer.started']);
    expect(events.find((row) => row.event === 'server.transfer.started')).toMatchObject({ actorId: null, properties: expect.objectContaining({ via: `admin-key:${keyIdentifier}` }) });
  });

  it('shows "transferring" meanwhile, and a failure leaves the server whole and running on its node with the target cleaned', async () => {
    const server = await runningServer('stays');
    const target = engines.get('t-c')!;
    let open!: () => void;
    target.gate = new Promise((resolve) => (open = resolve));
    target.failCreate = true;
    // Started from the admin area: the audit names that admin.
    const bySession = await t.app.inject({ method: 'POST', url: `/api/v2/admin/servers/${server.uuid}/transfer`, headers: rootAdmin.headers, payload: { node: 't-c' } });
    expect(bySession.statusCode).toBe(202);
    expect((await customer(server.identifier)).state).toBe('transferring');
    const again = await admin('POST', `/servers/${server.uuid}/transfer`, { node: 't-b' });
    expect(again.statusCode).toBe(409);
    const start = await t.app.inject({ method: 'POST', url: `/api/v2/servers/${server.identifier}/power`, headers: owner.headers, payload: { signal: 'start' } });
    expect(start.statusCode).toBe(409);
    open();

    const transfer = await finished(server.uuid);
    expect(transfer).toMatchObject({ state: 'failed', error: 'The node’s disk is full.' });
    expect(await nodeOf(server.uuid)).toBe('t-a');
    expect((await portsOf(server.uuid)).map((row) => row.node)).toEqual(['t-a']);
    await waitFor(async () => (await customer(server.identifier)).state === 'running', { what: 'running again on its node' });
    expect(engines.get('t-a')!.starts.get(server.uuid)).toBe(2);
    const [failed] = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.serverUuid, server.uuid), eq(auditLogs.event, 'server.transfer.failed')));
    expect(failed).toMatchObject({ actorId: rootAdmin.user.id, properties: expect.objectContaining({ from: 't-a', to: 't-c', error: 'The node’s disk is full.' }) });
    const [started] = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.serverUuid, server.uuid), eq(auditLogs.event, 'server.transfer.started')));
    expect(started).toMatchObject({ actorId: rootAdmin.user.id, properties: expect.objectContaining({ via: 'admin-session' }) });
    target.failCreate = false;
    target.gate = null;
  });

  it('refuses an unknown node, the node it is on and an offline node; moves through the CLI', async () => {
    const server = await runningServer('cli');
    expect((await admin('POST', `/servers/${server.uuid}/transfer`, { node: 'nowhere' })).json().errors).toEqual({ node: ['Unknown node'] });
    expect((await admin('POST', `/servers/${server.uuid}/transfer`, { node: 't-a' })).statusCode).toBe(422);
    down.add('t-c');
    await waitFor(async () => (await admin('GET', '/nodes/t-c')).json().data.node.state === 'offline', { what: 't-c offline' });
    const offline = await admin('POST', `/servers/${server.uuid}/transfer`, { node: 't-c' });
    expect(offline.statusCode).toBe(409);
    expect(offline.json().message).toContain('The node "t-c" is offline');
    down.delete('t-c');

    const answer = await runCliCommand(provisioningOf(t.app), ['servers:transfer', server.uuid, '--node', 't-b']);
    expect(answer).toMatchObject({ ok: true, result: { state: 'completed', to: 't-b' } });
    expect(await nodeOf(server.uuid)).toBe('t-b');
  });
});
