import { eq } from 'drizzle-orm';
import { auditLogs, serverRoles, type ServerRow } from '../../../../server/src/db/schema';
import { foreignKeyViolation } from '../../../../server/src/lib/uniqueViolation';
import { permissionKeys } from '../../../../server/src/schemas/permissions';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import type { TestApp } from '../../helpers/testApp';
import { callAs } from './sharingFixtures';

jest.setTimeout(60_000);

let t: TestApp;
let call: ReturnType<typeof callAs>;
let owner: TestUser;
let server: ServerRow;
let other: ServerRow;

beforeAll(async () => {
  t = await createRuntimeTestApp();
  call = callAs(t.app);
  owner = await createTestUser(t.app);
  server = await createTestServer(t.app, owner.user, { name: 'Roles' });
  other = await createTestServer(t.app, owner.user, { name: 'Other' });
});
afterAll(() => t.close());

const base = () => `/servers/${server.shortId}`;

interface RoleJson {
  uuid: string | null;
  key: string | null;
  name: string;
  permissions: string[];
  built_in: boolean;
  members: number;
}

async function createRole(name: string, permissions: string[], on: ServerRow = server): Promise<RoleJson> {
  const res = await call(owner, 'POST', `/servers/${on.shortId}/roles`, { name, permissions });
  expect(res.statusCode).toBe(201);
  return res.json().data as RoleJson;
}

describe('built-in roles', () => {
  it('lists viewer, moderator and admin, which can be copied into a custom role', async () => {
    const roles = (await call(owner, 'GET', `${base()}/roles`)).json().data as RoleJson[];
    const builtIn = roles.filter((r) => r.built_in);
    expect(builtIn.map((r) => [r.key, r.uuid])).toEqual([
      ['viewer', null],
      ['moderator', null],
      ['admin', null],
    ]);
    const [viewer, moderator, admin] = builtIn;
    expect(viewer.permissions).toEqual(expect.arrayContaining(['websocket.connect', 'file.read', 'config.read', 'backup.read', 'activity.read']));
    expect(viewer.permissions).not.toContain('control.console');
    expect(moderator.permissions).toEqual(expect.arrayContaining([...viewer.permissions, 'control.console', 'control.start', 'control.stop', 'control.restart', 'players.manage']));
    expect(admin.permissions.some((k) => k.startsWith('user.') || k.startsWith('role.'))).toBe(false);
    // Plan changes cost the owner money: the admin role leaves plan.change out too.
    expect(admin.permissions).not.toContain('plan.change');
    expect(admin.permissions).toHaveLength(permissionKeys.filter((k) => !k.startsWith('user.') && !k.startsWith('role.') && k !== 'plan.change').length);

    const copy = await createRole('Moderators', moderator.permissions);
    expect(copy).toMatchObject({ built_in: false, key: null, members: 0, permissions: moderator.permissions });
  });
});

describe('custom roles', () => {
  it('apply their keys to members, and a change applies at once', async () => {
    const role = await createRole('Console only', ['websocket.connect', 'control.console', 'activity.read']);
    const member = await createTestUser(t.app);
    const created = await call(owner, 'POST', `${base()}/users`, { email: member.user.email, role_uuid: role.uuid });
    expect(created.json().data).toMatchObject({ role: { uuid: role.uuid, name: 'Console only' }, permissions: ['websocket.connect', 'control.console', 'activity.read'] });
    expect((await call(member, 'GET', `${base()}/activity`)).statusCode).toBe(200);

    const updated = await call(owner, 'PATCH', `${base()}/roles/${role.uuid}`, { permissions: ['websocket.connect', 'control.console'] });
    expect(updated.json().data).toMatchObject({ members: 1, permissions: ['websocket.connect', 'control.console'] });
    expect((await call(member, 'GET', `${base()}/activity`)).statusCode).toBe(403);
    const server1 = (await call(member, 'GET', '/servers')).json().data.find((s: { uuid: string }) => s.uuid === server.uuid);
    expect(server1.permissions).toEqual(['websocket.connect', 'control.console']);
    const [audit] = await t.app.db.select().from(auditLogs).where(eq(auditLogs.event, 'server.role.updated'));
    expect(audit.properties).toMatchObject({ role_uuid: role.uuid, removed: ['activity.read'], added: [] });
  });

  it('refuses a duplicate name and unknown keys with 422', async () => {
    await createRole('Twins', []);
    expect((await call(owner, 'POST', `${base()}/roles`, { name: 'Twins', permissions: [] })).json()).toMatchObject({ errors: { name: ['A role with this name already exists'] } });
    expect((await call(owner, 'POST', `${base()}/roles`, { name: 'Bad', permissions: ['nope'] })).statusCode).toBe(422);
  });

  it('cannot be deleted while in use without reassign_to; with it the members move', async () => {
    const from = await createRole('Old crew', ['activity.read']);
    const to = await createRole('New crew', ['activity.read', 'file.read']);
    const member = await createTestUser(t.app);
    const share = (await call(owner, 'POST', `${base()}/users`, { email: member.user.email, role_uuid: from.uuid })).json().data;

    const refused = await call(owner, 'DELETE', `${base()}/roles/${from.uuid}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('used by 1 person');
    expect((await call(owner, 'DELETE', `${base()}/roles/${from.uuid}?reassign_to=${from.uuid}`)).statusCode).toBe(422);

    expect((await call(owner, 'DELETE', `${base()}/roles/${from.uuid}?reassign_to=${to.uuid}`)).statusCode).toBe(204);
    const users = (await call(owner, 'GET', `${base()}/users`)).json().data as { uuid: string; role: { uuid: string } | null }[];
    expect(users.find((u) => u.uuid === share.uuid)?.role?.uuid).toBe(to.uuid);
    const unused = await createRole('Unused', []);
    expect((await call(owner, 'DELETE', `${base()}/roles/${unused.uuid}`)).statusCode).toBe(204);
    const events = (await t.app.db.select().from(auditLogs).where(eq(auditLogs.serverUuid, server.uuid))).map((e) => e.event);
    expect(events).toEqual(expect.arrayContaining(['server.role.created', 'server.role.updated', 'server.role.deleted']));
  });

  it('answers 404 for a role of another server, in the URL and in a body', async () => {
    const foreign = await createRole('Foreign', ['activity.read'], other);
    const local = await createRole('Local', []);
    expect((await call(owner, 'PATCH', `${base()}/roles/${foreign.uuid}`, { name: 'Stolen' })).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `${base()}/roles/${foreign.uuid}`)).statusCode).toBe(404);
    const someone = await createTestUser(t.app);
    expect((await call(owner, 'POST', `${base()}/users`, { email: someone.user.email, role_uuid: foreign.uuid })).statusCode).toBe(404);
    await call(owner, 'POST', `${base()}/users`, { email: someone.user.email, role_uuid: local.uuid });
    expect((await call(owner, 'DELETE', `${base()}/roles/${local.uuid}?reassign_to=${foreign.uuid}`)).statusCode).toBe(404);
  });

  it('recognises a role given away during its deletion, which the delete answers with 409', async () => {
    // The database refuses to delete a role someone still holds; deleteRole maps that refusal
    // (a race between its member count and the delete) to the same 409 as a role in use.
    const raced = await createRole('Raced', ['activity.read']);
    const someone = await createTestUser(t.app);
    await call(owner, 'POST', `${base()}/users`, { email: someone.user.email, role_uuid: raced.uuid });
    const error = await t.app.db
      .delete(serverRoles)
      .where(eq(serverRoles.uuid, raced.uuid!))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(foreignKeyViolation(error)).toBe(true);
    expect(foreignKeyViolation(new Error('other'))).toBe(false);
  });
});
