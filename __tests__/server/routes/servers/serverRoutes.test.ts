import { and, eq } from 'drizzle-orm';
import { auditLogs, serverPermissions, servers, type ServerRow } from '../../../../server/src/db/schema';
import { permissionKeys } from '../../../../server/src/schemas/permissions';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import { waitFor } from '../../helpers/waitFor';
import type { TestApp } from '../../helpers/testApp';

jest.setTimeout(60_000);

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let helper: TestUser;
let server: ServerRow;

beforeAll(async () => {
  t = await createRuntimeTestApp();
  owner = await createTestUser(t.app);
  stranger = await createTestUser(t.app);
  helper = await createTestUser(t.app);
  server = await createTestServer(t.app, owner.user, { name: 'Routes' });
  // Shared with `helper`, who may use the console but not the power buttons.
  await t.app.db.insert(serverPermissions).values({ serverId: server.id, userId: helper.user.id, permissions: ['websocket.connect', 'control.console'] });
});
afterAll(() => t.close());

const inject = (user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: user ? user.headers : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('GET /api/v2/servers', () => {
  it('lists the servers the caller owns, with every permission', async () => {
    const res = await inject(owner, 'GET', '/api/v2/servers');
    expect(res.statusCode).toBe(200);
    const [item] = res.json().data;
    expect(item).toMatchObject({
      uuid: server.uuid,
      identifier: server.shortId,
      name: 'Routes',
      is_owner: true,
      owner: { uuid: owner.user.uuid, username: owner.user.username },
      game: { slug: 'minecraft', name: 'Minecraft' },
      template: { slug: 'test-fixture' },
      plan: { slug: 'minecraft-budget', tier: 'budget', limits: { memory_mb: 2048, disk_mb: 10240 } },
      node: 'local',
      state: 'offline',
      status: null,
      suspended: false,
    });
    expect(item.allocation.port).toBeGreaterThanOrEqual(41000);
    expect(item.permissions).toEqual([...permissionKeys]);
  });

  it('lists shared servers with only the granted permissions, and nothing for others', async () => {
    const shared = (await inject(helper, 'GET', '/api/v2/servers')).json().data;
    expect(shared.map((s: { uuid: string }) => s.uuid)).toEqual([server.uuid]);
    expect(shared[0].is_owner).toBe(false);
    expect(shared[0].permissions).toEqual(['websocket.connect', 'control.console']);
    expect((await inject(stranger, 'GET', '/api/v2/servers')).json().data).toEqual([]);
    expect((await inject(null, 'GET', '/api/v2/servers')).statusCode).toBe(401);
  });
});

describe('GET /api/v2/servers/{id}', () => {
  it('shows the server by short id or uuid; 404 for anyone who cannot see it', async () => {
    expect((await inject(owner, 'GET', `/api/v2/servers/${server.shortId}`)).json().data.uuid).toBe(server.uuid);
    expect((await inject(owner, 'GET', `/api/v2/servers/${server.uuid}`)).statusCode).toBe(200);
    const hidden = await inject(stranger, 'GET', `/api/v2/servers/${server.shortId}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: 'Server not found.' });
    expect((await inject(owner, 'GET', '/api/v2/servers/ffffffff')).statusCode).toBe(404);
    expect((await inject(null, 'GET', `/api/v2/servers/${server.shortId}`)).statusCode).toBe(401);
  });
});

describe('power and commands', () => {
  it('answers 404 (not 403, not 422) to a stranger, 403 to a helper without the permission', async () => {
    expect((await inject(stranger, 'POST', `/api/v2/servers/${server.shortId}/power`, { signal: 'start' })).statusCode).toBe(404);
    expect((await inject(stranger, 'POST', `/api/v2/servers/${server.shortId}/power`, { signal: 'explode' })).statusCode).toBe(404);
    expect((await inject(stranger, 'POST', `/api/v2/servers/${server.shortId}/command`, { command: 'list' })).statusCode).toBe(404);
    const forbidden = await inject(helper, 'POST', `/api/v2/servers/${server.shortId}/power`, { signal: 'start' });
    expect(forbidden.statusCode).toBe(403);
    expect(t.app.runtime.state(server.uuid)).toBe('offline');
    expect((await inject(owner, 'POST', `/api/v2/servers/${server.shortId}/power`, { signal: 'explode' })).statusCode).toBe(422);
  });

  it('refuses a command to an offline server with 409', async () => {
    const res = await inject(owner, 'POST', `/api/v2/servers/${server.shortId}/command`, { command: 'list' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The server is offline.');
  });

  it('starts, takes commands from the owner and a helper, stops, and audits each action', async () => {
    const lines: string[] = [];
    const stop = t.app.runtime.events.subscribe(server.uuid, (e) => e.type === 'output' && lines.push(e.line));
    expect((await inject(owner, 'POST', `/api/v2/servers/${server.shortId}/power`, { signal: 'start' })).statusCode).toBe(204);
    await waitFor(() => t.app.runtime.state(server.uuid) === 'running');
    expect((await inject(owner, 'POST', `/api/v2/servers/${server.shortId}/power`, { signal: 'start' })).statusCode).toBe(409);
    expect((await inject(owner, 'POST', `/api/v2/servers/${server.shortId}/command`, { command: 'say hi' })).statusCode).toBe(204);
    expect((await inject(helper, 'POST', `/api/v2/servers/${server.shortId}/command`, { command: 'from helper' })).statusCode).toBe(204);
    expect((await inject(owner, 'POST', `/api/v2/servers/${server.shortId}/command`, { command: 'two\nlines' })).statusCode).toBe(422);
    await waitFor(() => lines.includes('echo: say hi') && lines.includes('echo: from helper'));

    const resources = (await inject(owner, 'GET', `/api/v2/servers/${server.shortId}/resources`)).json().data;
    expect(resources).toMatchObject({ state: 'running', memory_limit_bytes: 2048 * 1024 * 1024, disk_limit_bytes: 10240 * 1024 * 1024, cpu_limit: 100 });
    await waitFor(async () => (await inject(owner, 'GET', `/api/v2/servers/${server.shortId}/resources`)).json().data.memory_bytes > 0, { what: 'memory sample' });

    expect((await inject(owner, 'POST', `/api/v2/servers/${server.shortId}/power`, { signal: 'stop' })).statusCode).toBe(204);
    await waitFor(() => t.app.runtime.state(server.uuid) === 'offline');
    stop();

    const rows = await t.app.db.select().from(auditLogs).where(eq(auditLogs.serverUuid, server.uuid)).orderBy(auditLogs.id);
    const actions = rows.filter((r) => r.event.startsWith('server.power') || r.event === 'server.console.command');
    expect(actions.map((r) => [r.event, r.actorId, r.properties])).toEqual([
      ['server.power.start', owner.user.id, {}],
      ['server.console.command', owner.user.id, { command: 'say hi' }],
      ['server.console.command', helper.user.id, { command: 'from helper' }],
      ['server.power.stop', owner.user.id, {}],
    ]);
    expect(actions.every((r) => r.ip === '127.0.0.1')).toBe(true);
  });

  it('refuses to start a suspended server', async () => {
    await t.app.db.update(servers).set({ suspended: true }).where(eq(servers.id, server.id));
    const res = await inject(owner, 'POST', `/api/v2/servers/${server.shortId}/power`, { signal: 'start' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This server is suspended.');
    expect((await inject(owner, 'GET', `/api/v2/servers/${server.shortId}`)).json().data.status).toBe('suspended');
    await t.app.db.update(servers).set({ suspended: false }).where(eq(servers.id, server.id));
  });
});

describe('GET /api/v2/servers/{id}/websocket', () => {
  it('hands a ticket and the socket URL to callers with websocket.connect only', async () => {
    const res = await inject(owner, 'GET', `/api/v2/servers/${server.shortId}/websocket`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.socket).toBe(`ws://localhost:80/api/v2/servers/${server.shortId}/ws`);
    expect(res.json().data.token).toMatch(/^[\w-]+\.[\w-]+$/);
    await t.app.db
      .update(serverPermissions)
      .set({ permissions: ['control.console'] })
      .where(and(eq(serverPermissions.serverId, server.id), eq(serverPermissions.userId, helper.user.id)));
    expect((await inject(helper, 'GET', `/api/v2/servers/${server.shortId}/websocket`)).statusCode).toBe(403);
    expect((await inject(stranger, 'GET', `/api/v2/servers/${server.shortId}/websocket`)).statusCode).toBe(404);
  });
});

describe('the route registry', () => {
  it('knows every server-scoped route with its permission, and the OpenAPI document lists them', async () => {
    const routes = t.app.serverScopedRoutes.map((r) => `${r.method} ${r.url} ${typeof r.permission === 'function' ? 'by-request' : r.permission}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/v2/servers/:id null',
        'POST /api/v2/servers/:id/power by-request',
        'POST /api/v2/servers/:id/command control.console',
        'GET /api/v2/servers/:id/resources null',
        'GET /api/v2/servers/:id/websocket websocket.connect',
      ]),
    );
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v2/openapi.json' })).json();
    const ids = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap((p) => Object.values(p).map((o) => o.operationId));
    expect(ids).toEqual(expect.arrayContaining(['listServers', 'getServer', 'sendServerPower', 'sendServerCommand', 'getServerResources', 'getServerWebsocket', 'listPermissionKeys']));
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Server', 'ServerResources']));
  });
});
