import { and, eq } from 'drizzle-orm';
import { auditLogs, serverPermissions, type ServerRow } from '../../../../server/src/db/schema';
import { REFUSED_EVENT, REFUSAL_WINDOW_MS } from '../../../../server/src/services/permissions/refusedActions';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import type { TestApp } from '../../helpers/testApp';
import { openConsole } from '../../routes/sharing/consoleSocket';
import { waitFor } from '../../helpers/waitFor';

jest.setTimeout(120_000);

let t: TestApp;
let server: ServerRow;
let owner: TestUser;
let viewer: TestUser;
let clock = Date.now();

beforeAll(async () => {
  t = await createRuntimeTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await createTestUser(t.app);
  viewer = await createTestUser(t.app);
  server = await createTestServer(t.app, owner.user, { name: 'Guarded' });
  // The viewer may open the console and read files, nothing else.
  await t.app.db.insert(serverPermissions).values({ serverId: server.id, userId: viewer.user.id, permissions: ['websocket.connect', 'file.read'] });
  t.app.refusedActions.now = () => clock;
});
afterAll(() => t.close());

const refusals = () =>
  t.app.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.serverUuid, server.uuid), eq(auditLogs.event, REFUSED_EVENT)))
    .orderBy(auditLogs.id);

const createFolder = (user: TestUser, ip = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: `/api/v2/servers/${server.shortId}/files/create-folder`, payload: { root: '/', name: 'new' }, headers: user.headers, remoteAddress: ip });

describe('refused actions in the audit log', () => {
  it('50 refused requests within a minute leave one entry with actor, IP, permission and route', async () => {
    const before = (await refusals()).length;
    const answers = await Promise.all(Array.from({ length: 50 }, () => createFolder(viewer)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(403));
    const entries = (await refusals()).slice(before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: viewer.user.id,
      ip: '203.0.113.7',
      properties: { permission: 'file.create', action: 'POST /api/v2/servers/:id/files/create-folder' },
    });
    // The same refusal later in the same minute still adds nothing.
    clock += REFUSAL_WINDOW_MS - 1_000;
    expect((await createFolder(viewer)).statusCode).toBe(403);
    expect((await refusals()).length).toBe(before + 1);
  });

  it('another action, another minute or another person gets its own entry; allowed requests none', async () => {
    const before = (await refusals()).length;
    const del = await t.app.inject({ method: 'POST', url: `/api/v2/servers/${server.shortId}/files/delete`, payload: { root: '/', files: ['x.txt'] }, headers: viewer.headers });
    expect(del.statusCode).toBe(403);
    let entries = (await refusals()).slice(before);
    expect(entries.map((e) => e.properties)).toEqual([{ permission: 'file.delete', action: 'POST /api/v2/servers/:id/files/delete' }]);

    clock += REFUSAL_WINDOW_MS;
    expect((await createFolder(viewer)).statusCode).toBe(403);
    entries = (await refusals()).slice(before);
    expect(entries.map((e) => e.properties)).toEqual([
      { permission: 'file.delete', action: 'POST /api/v2/servers/:id/files/delete' },
      { permission: 'file.create', action: 'POST /api/v2/servers/:id/files/create-folder' },
    ]);

    // Allowed, and not found (another person's server stays a 404 with no trace here).
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/servers/${server.shortId}/files/list`, query: { directory: '/' }, headers: viewer.headers })).statusCode).toBe(200);
    const stranger = await createTestUser(t.app);
    expect((await createFolder(stranger)).statusCode).toBe(404);
    expect((await refusals()).length).toBe(before + 2);
  });

  it('power actions refused over HTTP name the permission of the action', async () => {
    const before = (await refusals()).length;
    const res = await t.app.inject({ method: 'POST', url: `/api/v2/servers/${server.shortId}/power`, payload: { signal: 'kill' }, headers: viewer.headers });
    expect(res.statusCode).toBe(403);
    const entries = (await refusals()).slice(before);
    expect(entries).toHaveLength(1);
    expect(entries[0].properties).toEqual({ permission: 'control.stop', action: 'POST /api/v2/servers/:id/power' });
  });

  it('console commands and power actions refused on the websocket are recorded once a minute each', async () => {
    const before = (await refusals()).length;
    const client = await openConsole(t.app, server.shortId, viewer);
    try {
      for (let i = 0; i < 5; i++) client.send('send command', 'say hi');
      for (let i = 0; i < 5; i++) client.send('set state', 'start');
      await waitFor(() => client.frames.filter((f) => f.event === 'daemon error').length >= 10 || undefined, { what: 'ten refusals' });
      const entries = (await refusals()).slice(before);
      expect(entries.map((e) => [e.actorId, e.properties])).toEqual([
        [viewer.user.id, { permission: 'control.console', action: 'websocket: send command' }],
        [viewer.user.id, { permission: 'control.start', action: 'websocket: set state start' }],
      ]);
      expect(entries[0].ip).toBe('127.0.0.1');
    } finally {
      client.ws.close();
    }
  });
});
