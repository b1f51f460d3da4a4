import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../../server/src/app';
import { servers } from '../../../../server/src/db/schema';
import { loadConfig } from '../../../../server/src/plugins/config/loadConfig';
import { createAdminKey } from '../../../../server/src/services/admin/adminKeys';
import type { PanelEvent } from '../../../../server/src/services/events/PanelEvents';
import type { ServerEvent } from '../../../../server/src/runtime/ServerEventHub';
import type { NodeEngine } from '../../../../server/src/runtime/nodes/NodeConnection';
import type { RecoveryResult } from '../../../../server/src/runtime/RuntimeDriver';
import type { ServerSpec } from '../../../../server/src/runtime/types';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { MemoryDriver } from '../../helpers/memoryRuntime/MemoryDriver';
import { openTestDatabase } from '../../helpers/testDatabase';
import { waitFor } from '../../helpers/waitFor';
import '../../helpers/testTemplates';

jest.setTimeout(90_000);

/**
 * An in-memory node's engine: what runs there outlives the panel's connection (the panel adopts
 * it), and `died` is what stopped with the engine while the panel could not see it.
 */
class EngineNode extends MemoryDriver {
  readonly starts = new Map<string, number>();
  async start(spec: ServerSpec): Promise<void> {
    this.starts.set(spec.uuid, (this.starts.get(spec.uuid) ?? 0) + 1);
    await super.start(spec);
  }
  // Optional only to match the memory driver's signature: the runtime always passes the spec.
  async recover(spec?: ServerSpec): Promise<RecoveryResult> {
    return spec && this.state(spec.uuid) === 'running' ? 'adopted' : 'not-running';
  }
}

const down = new Set<string>();
const engines = new Map<string, EngineNode>();
const openNode = (engine: NodeEngine) => {
  // One engine per node across panel restarts: its servers run on while the panel is away.
  const driver = engines.get(engine.name) ?? new EngineNode();
  engines.set(engine.name, driver);
  const answer = async () => {
    if (down.has(engine.name)) throw new Error('connect ECONNREFUSED');
  };
  driver.open = answer;
  return { driver, ping: answer };
};

const dataDir = mkdtempSync(join(tmpdir(), 'panel-test-'));
const config = loadConfig({}, { dataDir, secret: 'test-secret-0123456789abcdef', logLevel: 'silent', demoData: false, diskImages: false, runtimeTuning: { nodeCheckIntervalMs: 200 } });
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let app: FastifyInstance;
let key: string;
let owner: TestUser;

const startPanel = async () => {
  app = await buildApp({ config, database, closeDatabase: false, runtimeDriver: new MemoryDriver(), openNode });
  await app.ready();
  await app.runtime.recoverAll();
};

beforeAll(async () => {
  database = await openTestDatabase();
  await startPanel();
  key = (await createAdminKey(app.db, 'nodes')).key;
  owner = await createTestUser(app);
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url: `/api/v2/admin${url}`, headers: { authorization: `Bearer ${key}` }, ...(payload ? { payload } : {}) });
const customerState = async (identifier: string) => (await app.inject({ method: 'GET', url: `/api/v2/servers/${identifier}`, headers: owner.headers })).json().data.state as string;
const power = (identifier: string, signal: string) => app.inject({ method: 'POST', url: `/api/v2/servers/${identifier}/power`, headers: owner.headers, payload: { signal } });

let hostByte = 1;
async function runningServerOn(node: string, name: string): Promise<{ uuid: string; identifier: string }> {
  if ((await admin('GET', `/nodes/${node}`)).statusCode === 404) {
    const added = await admin('POST', '/nodes', { name: node, driver: 'docker', docker_host: 'unix:///run/test-docker.sock', public_host: `10.91.0.${hostByte++}`, port_range: '31200-31209' });
    expect(added.statusCode).toBe(201);
  }
  const created = await admin('POST', '/servers', { name, owner: owner.user.uuid, template: 'test-fixture', plan: 'minecraft-budget', node, start_on_completion: true });
  expect(created.statusCode).toBe(201);
  const server = created.json().data.server as { uuid: string; identifier: string };
  await waitFor(async () => (await customerState(server.identifier)) === 'running', { what: `${name} running` });
  return server;
}

describe('servers of a node that stops answering', () => {
  it('answer node_offline and refuse power actions while it is away, keep everything, and run again once it is back', async () => {
    const survivor = await runningServerOn('n1', 'survives the outage');
    const victim = await runningServerOn('n1', 'dies with the engine');
    const [before] = await app.db.select().from(servers).where(eq(servers.uuid, victim.uuid));
    const heard: PanelEvent[] = [];
    app.panelEvents.subscribe((event) => heard.push(event));
    const socketStates: ServerEvent[] = [];
    const unsubscribe = app.runtime.events.subscribe(survivor.uuid, (event) => event.type === 'state' && socketStates.push(event));

    down.add('n1');
    await waitFor(async () => (await customerState(survivor.identifier)) === 'node_offline', { what: 'node_offline' });
    // The socket's event may follow the answer by a moment.
    await waitFor(() => socketStates.some((event) => event.type === 'state' && event.state === 'node_offline'), { what: 'the socket to hear node_offline' });
    const listed = (await app.inject({ method: 'GET', url: '/api/v2/servers', headers: owner.headers })).json().data as { uuid: string; state: string }[];
    expect(listed.find((server) => server.uuid === victim.uuid)?.state).toBe('node_offline');
    expect((await admin('GET', `/servers/${victim.uuid}`)).json().data.server.state).toBe('node_offline');
    const refused = await power(survivor.identifier, 'stop');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('The node "n1" is offline');
    await waitFor(() => heard.filter((event) => event.name === 'node.offline').length === 2, { what: 'node.offline for both servers' });
    expect(heard.find((event) => event.serverUuid === victim.uuid && event.name === 'node.offline')?.data).toEqual({ node: 'n1' });

    // The engine restarts without one of them; the panel does not see it while the node is away.
    await engines.get('n1')!.stop(victim.uuid);
    const [during] = await app.db.select().from(servers).where(eq(servers.uuid, victim.uuid));
    expect(during).toMatchObject({ nodeId: before.nodeId, allocationId: before.allocationId, desiredState: 'running' });

    down.delete('n1');
    await waitFor(async () => (await customerState(victim.identifier)) === 'running', { what: 'the dead one started again' });
    expect(await customerState(survivor.identifier)).toBe('running');
    // Adopted, not started twice; the one that died started once more.
    expect(engines.get('n1')!.starts.get(survivor.uuid)).toBe(1);
    expect(engines.get('n1')!.starts.get(victim.uuid)).toBe(2);
    await waitFor(() => heard.filter((event) => event.name === 'node.online').length === 2, { what: 'node.online for both servers' });
    expect(socketStates.at(-1)).toEqual({ type: 'state', state: 'running' });
    unsubscribe();
  });

  it('loses nothing when the panel restarts while the node is away: its servers start there once it answers', async () => {
    const server = await runningServerOn('n2', 'panel restarts meanwhile');
    down.add('n2');
    await waitFor(async () => (await customerState(server.identifier)) === 'node_offline', { what: 'node_offline' });
    // The node's engine loses the server while both the node and the panel are away.
    await engines.get('n2')!.stop(server.uuid);
    await app.close();

    await startPanel();
    expect(await customerState(server.identifier)).toBe('node_offline');
    const [row] = await app.db.select().from(servers).where(eq(servers.uuid, server.uuid));
    expect(row.desiredState).toBe('running');

    down.delete('n2');
    await waitFor(async () => (await customerState(server.identifier)) === 'running', { what: 'started once the node answers' });
    expect(engines.get('n2')!.starts.get(server.uuid)).toBe(2);
  });
});
