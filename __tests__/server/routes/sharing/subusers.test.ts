import { eq } from 'drizzle-orm';
import { auditLogs, serverPermissions, type ServerRow } from '../../../../server/src/db/schema';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import type { TestApp } from '../../helpers/testApp';
import { callAs, readOutbox } from './sharingFixtures';
import { openConsole, type ConsoleClient } from './consoleSocket';

jest.setTimeout(90_000);

let t: TestApp;
let call: ReturnType<typeof callAs>;
let owner: TestUser;
let server: ServerRow;
let other: ServerRow;
const sockets: ConsoleClient[] = [];

beforeAll(async () => {
  t = await createRuntimeTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  call = callAs(t.app);
  owner = await createTestUser(t.app);
  server = await createTestServer(t.app, owner.user, { name: 'Shared' });
  other = await createTestServer(t.app, owner.user, { name: 'Other' });
});
afterAll(async () => {
  for (const client of sockets) client.ws.terminate();
  await t.close();
});

const base = () => `/servers/${server.shortId}`;

async function share(target: TestUser, permissions: string[], on: ServerRow = server, as: TestUser = owner) {
  const res = await call(as, 'POST', `/servers/${on.shortId}/users`, { email: target.user.email, permissions });
  expect(res.statusCode).toBe(201);
  return res.json().data as { uuid: string; status: string; permissions: string[] };
}

describe('sharing with an existing account', () => {
  it('gives access at once, lists the server for them, mails a notice and audits the change', async () => {
    const alice = await createTestUser(t.app);
    const created = await share(alice, ['websocket.connect', 'activity.read', 'control.console']);
    expect(created).toMatchObject({ status: 'active', permissions: ['websocket.connect', 'control.console', 'activity.read'] });

    const list = await call(alice, 'GET', '/servers');
    const item = list.json().data.find((s: { uuid: string }) => s.uuid === server.uuid);
    expect(item).toMatchObject({ is_owner: false, permissions: ['websocket.connect', 'control.console', 'activity.read'] });

    const users = (await call(owner, 'GET', `${base()}/users`)).json().data;
    expect(users).toContainEqual(
      expect.objectContaining({ uuid: created.uuid, email: alice.user.email, username: alice.user.username, user_uuid: alice.user.uuid, status: 'active', role: null, last_active_at: null }),
    );
    expect(readOutbox(t.config.dataDir).some((mail) => mail.to === alice.user.email && mail.text.includes('Shared'))).toBe(true);
    const [entry] = await t.app.db.select().from(auditLogs).where(eq(auditLogs.event, 'server.subuser.created'));
    expect(entry).toMatchObject({ serverUuid: server.uuid, actorId: owner.user.id, properties: expect.objectContaining({ subuser_uuid: created.uuid, email: alice.user.email }) });
  });

  it('refuses the owner, a second share of the same person and bad bodies', async () => {
    const bob = await createTestUser(t.app);
    await share(bob, []);
    expect((await call(owner, 'POST', `${base()}/users`, { email: bob.user.email, permissions: [] })).statusCode).toBe(409);
    expect((await call(owner, 'POST', `${base()}/users`, { email: owner.user.email, permissions: [] })).statusCode).toBe(409);
    const both = await call(owner, 'POST', `${base()}/users`, { email: 'x@example.com', permissions: [], role_uuid: '00000000-0000-4000-8000-000000000000' });
    expect(both.statusCode).toBe(422);
    expect(both.json().errors.role_uuid).toEqual(['Choose either a role or permissions, not both']);
    const unknown = await call(owner, 'POST', `${base()}/users`, { email: 'x@example.com', permissions: ['file.fly'] });
    expect(unknown.json()).toMatchObject({ errors: { permissions: ['Unknown permission "file.fly"'] } });
    expect((await call(owner, 'POST', `${base()}/users`, { email: 'not-an-email', permissions: [] })).statusCode).toBe(422);
  });
});

describe('grant escalation', () => {
  it('refuses keys the granter does not hold, naming the key, and changes to one’s own share', async () => {
    const manager = await createTestUser(t.app);
    const mine = await share(manager, ['user.create', 'user.update', 'user.read', 'role.create', 'control.console']);
    const carol = await createTestUser(t.app);

    const escalate = await call(manager, 'POST', `${base()}/users`, { email: carol.user.email, permissions: ['control.console', 'file.delete'] });
    expect(escalate.statusCode).toBe(403);
    expect(escalate.json().message).toBe('You cannot grant the permission "file.delete" because you do not hold it.');
    const role = await call(manager, 'POST', `${base()}/roles`, { name: 'Too much', permissions: ['backup.restore'] });
    expect(role.statusCode).toBe(403);
    expect(role.json().message).toContain('"backup.restore"');

    const carolShare = (await call(manager, 'POST', `${base()}/users`, { email: carol.user.email, permissions: ['control.console'] })).json().data;
    const widen = await call(manager, 'PATCH', `${base()}/users/${carolShare.uuid}`, { permissions: ['control.console', 'control.stop'] });
    expect(widen.json().message).toContain('"control.stop"');
    const self = await call(manager, 'PATCH', `${base()}/users/${mine.uuid}`, { permissions: ['user.create'] });
    expect(self.statusCode).toBe(403);
    // Narrowing someone is fine, also when they hold keys the manager lacks.
    await call(owner, 'PATCH', `${base()}/users/${carolShare.uuid}`, { permissions: ['control.console', 'file.read'] });
    const narrow = await call(manager, 'PATCH', `${base()}/users/${carolShare.uuid}`, { permissions: ['file.read'] });
    expect(narrow.statusCode).toBe(200);
    expect(narrow.json().data.permissions).toEqual(['file.read']);
  });
});

describe('access that changes', () => {
  it('answers 403 on the very next call after a permission is removed', async () => {
    const dana = await createTestUser(t.app);
    const danaShare = await share(dana, ['activity.read']);
    expect((await call(dana, 'GET', `${base()}/activity`)).statusCode).toBe(200);
    await call(owner, 'PATCH', `${base()}/users/${danaShare.uuid}`, { permissions: ['file.read'] });
    expect((await call(dana, 'GET', `${base()}/activity`)).statusCode).toBe(403);
  });

  it('answers 404 after removal and closes the open console within 5 seconds', async () => {
    const erin = await createTestUser(t.app);
    const erinShare = await share(erin, ['websocket.connect', 'control.console']);
    const client = await openConsole(t.app, server.shortId, erin);
    sockets.push(client);
    expect((await call(owner, 'DELETE', `${base()}/users/${erinShare.uuid}`)).statusCode).toBe(204);
    const removedAt = Date.now();
    expect((await call(erin, 'GET', base())).statusCode).toBe(404);
    expect((await call(erin, 'GET', '/servers')).json().data.map((s: { uuid: string }) => s.uuid)).not.toContain(server.uuid);
    expect(await client.closed).toEqual({ code: 4003, reason: 'Access to this server was removed.' });
    expect(Date.now() - removedAt).toBeLessThan(5000);
    const [audit] = await t.app.db.select().from(auditLogs).where(eq(auditLogs.event, 'server.subuser.deleted'));
    expect(audit.properties).toMatchObject({ subuser_uuid: erinShare.uuid, email: erin.user.email });
  });

  it('closes the console within 5 seconds when websocket.connect is taken away', async () => {
    const finn = await createTestUser(t.app);
    const finnShare = await share(finn, ['websocket.connect', 'control.console']);
    const client = await openConsole(t.app, server.shortId, finn);
    sockets.push(client);
    await call(owner, 'PATCH', `${base()}/users/${finnShare.uuid}`, { permissions: ['control.console'] });
    const reducedAt = Date.now();
    expect((await client.closed).code).toBe(4003);
    expect(Date.now() - reducedAt).toBeLessThan(5000);
  });

  it('records when a subuser last used the server', async () => {
    const gus = await createTestUser(t.app);
    const gusShare = await share(gus, ['activity.read']);
    await t.app.db.update(serverPermissions).set({ lastActiveAt: null }).where(eq(serverPermissions.uuid, gusShare.uuid));
    await call(gus, 'GET', `${base()}/activity`);
    const [row] = await t.app.db.select().from(serverPermissions).where(eq(serverPermissions.uuid, gusShare.uuid));
    expect(row.lastActiveAt!.getTime()).toBeGreaterThan(Date.now() - 10_000);
  });
});

describe('ids of another server', () => {
  it('answers 404 for a subuser of another server used through this server', async () => {
    const hank = await createTestUser(t.app);
    const elsewhere = await share(hank, ['activity.read'], other);
    expect((await call(owner, 'PATCH', `${base()}/users/${elsewhere.uuid}`, { permissions: [] })).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `${base()}/users/${elsewhere.uuid}`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `${base()}/users/not-a-uuid`)).statusCode).toBe(404);
    expect((await call(hank, 'GET', `/servers/${other.shortId}/activity`)).statusCode).toBe(200);
  });
});
