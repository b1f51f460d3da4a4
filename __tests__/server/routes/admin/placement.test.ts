import { eq, inArray } from 'drizzle-orm';
import { allocations, nodes, servers } from '../../../../server/src/db/schema';
import { createAdminKey } from '../../../../server/src/services/admin/adminKeys';
import { runCliCommand } from '../../../../server/src/cli/controlSocket';
import { provisioningOf } from '../../../../server/src/plugins/provisioning';
import { createTestApp, type TestApp } from '../../helpers/testApp';
import { createTestUser } from '../../helpers/createTestUser';
import { inMemoryNodes } from '../../helpers/memoryRuntime/inMemoryNodes';
import { waitFor } from '../../helpers/waitFor';
import '../../helpers/testTemplates';

jest.setTimeout(60_000);

const { down, openNode } = inMemoryNodes();

let t: TestApp;
let key: string;
let owner: Awaited<ReturnType<typeof createTestUser>>;

beforeAll(async () => {
  t = await createTestApp({ runtimeTuning: { nodeCheckIntervalMs: 200 } }, { openNode });
  key = (await createAdminKey(t.app.db, 'billing')).key;
  owner = await createTestUser(t.app);
});
afterAll(() => t.close());

const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v2/admin${url}`, headers: { authorization: `Bearer ${key}` }, ...(payload ? { payload } : {}) });

let hostByte = 10;
/** A docker node of `location`; the budget plan takes 2048 MiB, so `memory_mb: 4096` holds two servers. */
const addNode = async (name: string, location: string, extra: object = {}) => {
  const answer = await admin('POST', '/nodes', {
    name,
    location,
    driver: 'docker',
    docker_host: 'unix:///run/test-docker.sock',
    public_host: `10.90.0.${hostByte++}`,
    port_range: '31000-31009',
    ...extra,
  });
  expect(answer.statusCode).toBe(201);
};

/** Creates a server without naming a node: the panel places it. */
const place = (location: string | undefined, name = 'placed') =>
  admin('POST', '/servers', { name, owner: owner.user.uuid, template: 'test-fixture', plan: 'minecraft-budget', ...(location ? { location } : {}) });

const nodeOf = async (uuid: string) => {
  const [row] = await t.app.db.select({ name: nodes.name }).from(servers).innerJoin(nodes, eq(nodes.id, servers.nodeId)).where(eq(servers.uuid, uuid));
  return row.name;
};

describe('placement of a server created without a node', () => {
  it('spreads servers over the online nodes of the location, least used first, and skips maintenance and offline nodes', async () => {
    await addNode('eu-1', 'eu', { memory_mb: 8192 });
    await addNode('eu-2', 'eu', { memory_mb: 8192 });
    await addNode('eu-3', 'eu', { memory_mb: 8192, maintenance: true });
    await addNode('us-1', 'us', { memory_mb: 8192 });
    await waitFor(async () => (await admin('GET', '/nodes/eu-2')).json().data.node.state === 'online', { what: 'eu-2 online' });

    const placed: string[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await place('eu', `eu server ${i}`);
      expect(answer.statusCode).toBe(201);
      expect(answer.json().data.server.node).toMatch(/^eu-[12]$/);
      placed.push(answer.json().data.server.node);
    }
    // Least used first: two on each, none on the node in maintenance nor in another location.
    expect(placed.filter((name) => name === 'eu-1')).toHaveLength(2);
    expect(placed.filter((name) => name === 'eu-2')).toHaveLength(2);

    down.add('eu-2');
    await waitFor(async () => (await admin('GET', '/nodes/eu-2')).json().data.node.state === 'offline', { what: 'eu-2 offline' });
    const whileOffline = await place('eu', 'while eu-2 is offline');
    expect(whileOffline.json().data.server.node).toBe('eu-1');
    down.delete('eu-2');
  });

  it('answers 409 with the reason when no node has room, and stores nothing', async () => {
    await addNode('tiny-1', 'tiny', { memory_mb: 2048 });
    expect((await place('tiny', 'fits')).statusCode).toBe(201);
    const before = await t.app.db.select({ id: servers.id }).from(servers);
    const full = await place('tiny', 'does not fit');
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toContain('No node in location "tiny" has room for this server');
    expect(full.json().message).toContain('2048 MiB of memory');
    expect(await t.app.db.select({ id: servers.id }).from(servers)).toHaveLength(before.length);
    expect((await place('nowhere', 'no such location')).statusCode).toBe(409);
  });

  it('never overfills a node or hands out one port twice when placements race', async () => {
    await addNode('race-1', 'race', { memory_mb: 6144, port_range: '31100-31103' });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => place('race', `racer ${i}`)));
    const created = answers.filter((answer) => answer.statusCode === 201).map((answer) => answer.json().data.server);
    expect(created).toHaveLength(3);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(3);
    const ports = await t.app.db
      .select({ port: allocations.port })
      .from(allocations)
      .innerJoin(servers, eq(servers.id, allocations.serverId))
      .where(
        inArray(
          servers.uuid,
          created.map((server: { uuid: string }) => server.uuid),
        ),
      );
    expect(new Set(ports.map((row) => row.port)).size).toBe(ports.length);
  });

  it('counts the panel’s own machine as a node, and places through the CLI too', async () => {
    await admin('PATCH', '/nodes/local', { location: 'home' });
    const local = await place('home', 'at home');
    expect(local.statusCode).toBe(201);
    expect(local.json().data.server.node).toBe('local');

    await addNode('cli-1', 'cli', { memory_mb: 4096 });
    const answer = await runCliCommand(provisioningOf(t.app), [
      'servers:create',
      '--owner',
      owner.user.uuid,
      '--template',
      'test-fixture',
      '--plan',
      'minecraft-budget',
      '--name',
      'from the cli',
      '--location',
      'cli',
    ]);
    expect(answer).toMatchObject({ ok: true });
    const uuid = (answer as { result: { uuid: string } }).result.uuid;
    expect(await nodeOf(uuid)).toBe('cli-1');
  });
});
