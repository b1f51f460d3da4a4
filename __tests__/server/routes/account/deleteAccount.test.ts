import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import type { TestApp } from '../../helpers/testApp';
import { createTestServer } from '../../helpers/createTestServer';
import { createTestUser } from '../../helpers/createTestUser';
import { auditLogs, serverPermissions, servers, users } from '../../../../server/src/db/schema';
import { cliCommands } from '../../../../server/src/cli/commands';
import { provisioningOf } from '../../../../server/src/plugins/provisioning';
import { bearer, createAccount, enableTwoFactorFor, reloadUser, send, totpCode, type TestAccount } from '../../helpers/accountFixtures';

jest.setTimeout(180_000);

let t: TestApp;
beforeAll(async () => {
  t = await createRuntimeTestApp();
});
afterAll(() => t.close());

const deleteAccount = (account: TestAccount, payload: object) => send(t.app, 'DELETE', '/api/v2/account', payload, { headers: bearer(account.token) });
const current = (account: TestAccount) => send(t.app, 'GET', '/api/v2/auth/current', undefined, { headers: bearer(account.token) });
const WRONG_PASSWORD = 'not the password at all';

describe('DELETE /api/v2/account', () => {
  it('says first what goes, then deletes the servers with backups and files, ends the shares and leaves a tombstone', async () => {
    const account = await createAccount(t.app);
    const { uuid } = (await reloadUser(t.app, account.id))!;
    const owned = await createTestServer(t.app, (await reloadUser(t.app, account.id))!, { name: 'My world' });
    const friend = await createTestUser(t.app);
    const friends = await createTestServer(t.app, friend.user, { name: 'Friend’s world' });
    await t.app.db.insert(serverPermissions).values({ serverId: friends.id, userId: account.id, permissions: ['control.console'] });
    const backup = await send(t.app, 'POST', `/api/v2/servers/${owned.shortId}/backups`, {}, { headers: bearer(account.token) });
    expect(backup.statusCode).toBe(202);
    await t.app.backups.waitFor(backup.json().data.uuid);
    const archives = join(t.config.dataDir, 'backups', owned.uuid);
    expect(readdirSync(archives).length).toBeGreaterThan(0);
    const root = t.app.runtime.driver.serverRoot(owned.uuid);
    expect(existsSync(root)).toBe(true);

    const preview = await send(t.app, 'GET', '/api/v2/account/deletion', undefined, { headers: bearer(account.token) });
    expect(preview.json()).toEqual({
      data: {
        owned_servers: [{ identifier: owned.shortId, name: 'My world' }],
        shared_servers: [{ identifier: friends.shortId, name: 'Friend’s world', owner: friend.user.username }],
        two_factor: false,
      },
    });

    // A wrong password changes nothing.
    const refused = await deleteAccount(account, { password: WRONG_PASSWORD });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ password: ['The password is incorrect'] });
    expect((await current(account)).statusCode).toBe(200);

    expect((await deleteAccount(account, { password: account.password })).statusCode).toBe(204);
    expect((await current(account)).statusCode).toBe(401);
    const login = await send(t.app, 'POST', '/api/v2/auth/login', { login: account.username, password: account.password });
    expect(login.statusCode).toBe(422);
    expect(await t.app.db.select().from(users).where(eq(users.id, account.id))).toEqual([]);
    expect(await t.app.db.select().from(servers).where(eq(servers.id, owned.id))).toEqual([]);
    expect(existsSync(root)).toBe(false);
    expect(existsSync(archives) ? readdirSync(archives) : []).toEqual([]);
    // The friend's server stays; the share on it ended.
    expect(await t.app.db.select().from(servers).where(eq(servers.id, friends.id))).toHaveLength(1);
    expect(await t.app.db.select().from(serverPermissions).where(eq(serverPermissions.serverId, friends.id))).toEqual([]);

    // One record for administrators, without the name or the address; the login trail is gone.
    const tombstones = await t.app.db.select().from(auditLogs).where(eq(auditLogs.event, 'account.deleted'));
    const tombstone = tombstones.find((row) => row.properties.user === uuid);
    expect(tombstone).toMatchObject({ actorId: null, ip: null, properties: { user: uuid, servers_deleted: 1, shares_ended: 1 } });
    expect(JSON.stringify(tombstones)).not.toContain(account.username);
    // Administrators list it later (npm run panel -- users:deleted).
    const listed = (await cliCommands['users:deleted'].run(provisioningOf(t.app), { positionals: [], options: {}, vars: [] })) as { user: string }[];
    expect(listed.find((record) => record.user === uuid)).toEqual({ user: uuid, deleted_at: expect.any(String), servers_deleted: 1, shares_ended: 1 });
    const trail = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(isNull(auditLogs.serverUuid), isNull(auditLogs.actorId)));
    expect(JSON.stringify(trail)).not.toContain(account.username);
  });

  it('with two-factor on, needs a code too: missing or wrong is 422 on the field and a wrong one counts', async () => {
    const account = await createAccount(t.app);
    const { secret } = await enableTwoFactorFor(t.app, account);
    const preview = await send(t.app, 'GET', '/api/v2/account/deletion', undefined, { headers: bearer(account.token) });
    expect(preview.json().data).toEqual({ owned_servers: [], shared_servers: [], two_factor: true });

    const missing = await deleteAccount(account, { password: account.password });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ code: ['This field is required'] });
    const wrong = await deleteAccount(account, { password: account.password, code: '000000' });
    expect(wrong.json().errors).toEqual({ code: ['The two-factor authentication code is invalid.'] });
    // The wrong code counted with the account's other second factors.
    const [failure] = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.actorId, account.id), eq(auditLogs.event, 'auth.fail')));
    expect(failure.properties).toEqual({ reason: 'two_factor' });

    const code = await totpCode(secret);
    expect((await deleteAccount(account, { password: account.password, code })).statusCode).toBe(204);
    expect((await current(account)).statusCode).toBe(401);
  });

  it('is refused to root administrators and rate limited per account', async () => {
    const admin = await createAccount(t.app);
    await t.app.db.update(users).set({ rootAdmin: true }).where(eq(users.id, admin.id));
    const refused = await deleteAccount(admin, { password: admin.password });
    expect(refused.statusCode).toBe(409);
    expect((await current(admin)).statusCode).toBe(200);

    const account = await createAccount(t.app);
    for (let i = 0; i < 10; i++) expect((await deleteAccount(account, { password: `${WRONG_PASSWORD} ${i}` })).statusCode).toBe(422);
    const limited = await deleteAccount(account, { password: account.password });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await current(account)).statusCode).toBe(200);
  });
});
