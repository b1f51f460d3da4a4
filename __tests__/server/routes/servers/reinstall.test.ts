import { and, eq } from 'drizzle-orm';
import { auditLogs, serverPermissions, servers } from '../../../../server/src/db/schema';
import { permissionKeys } from '../../../../server/src/schemas/permissions';
import { createAdminKey } from '../../../../server/src/services/admin/adminKeys';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import type { TestApp } from '../../helpers/testApp';
import { waitFor } from '../../helpers/waitFor';

jest.setTimeout(120_000);

let t: TestApp;
let owner: TestUser;
let helper: TestUser;
beforeAll(async () => {
  t = await createRuntimeTestApp();
  owner = await createTestUser(t.app);
  helper = await createTestUser(t.app);
});
afterAll(() => t.close());

const reinstall = (user: TestUser, id: string) => t.app.inject({ method: 'POST', url: `/api/v2/servers/${id}/reinstall`, headers: user.headers });
const row = async (id: number) => (await t.app.db.select().from(servers).where(eq(servers.id, id)))[0];

describe('POST /servers/{id}/reinstall', () => {
  it('runs a failed install again for the owner, with an audit entry; a subuser holding every key gets 403', async () => {
    const server = await createTestServer(t.app, owner.user, { template: 'test-unreachable' });
    expect(server.installStatus).toBe('install_failed');
    await t.app.db.insert(serverPermissions).values({ serverId: server.id, userId: helper.user.id, permissions: [...permissionKeys] });

    const refused = await reinstall(helper, server.shortId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only the owner of the server can reinstall it.');

    const seen: string[] = [];
    const stop = t.app.runtime.events.subscribe(server.uuid, (event) => event.type === 'install' && seen.push(event.status));
    const res = await reinstall(owner, server.shortId);
    expect(res.statusCode).toBe(202);
    await t.app.runtime.waitForInstall(server.uuid);
    stop();
    // It really ran again (installing, then the same real failure: this machine has no internet).
    expect(seen).toEqual(['installing', 'install_failed']);
    expect((await row(server.id)).installError).toMatch(/downloads\.invalid/);
    const audit = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.serverUuid, server.uuid), eq(auditLogs.event, 'server.reinstall')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: owner.user.id, properties: { previous: 'install_failed' } });
    const refusal = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.serverUuid, server.uuid), eq(auditLogs.event, 'server.action-refused')));
    expect(refusal.map((e) => e.properties)).toEqual([{ permission: 'owner', action: 'POST /api/v2/servers/:id/reinstall' }]);

    const stranger = await createTestUser(t.app);
    expect((await reinstall(stranger, server.shortId)).statusCode).toBe(404);
  });

  it('answers 409 while the server runs, and reinstalls it once stopped', async () => {
    const server = await createTestServer(t.app, owner.user);
    expect(server.installStatus).toBe('installed');
    await t.app.runtime.power(server, 'start');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'running');
    const running = await reinstall(owner, server.shortId);
    expect(running.statusCode).toBe(409);
    expect(running.json().message).toBe('Stop the server before reinstalling it.');
    await t.app.runtime.power(await row(server.id), 'stop');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'offline');
    expect((await reinstall(owner, server.shortId)).statusCode).toBe(202);
    await t.app.runtime.waitForInstall(server.uuid);
    expect((await row(server.id)).installStatus).toBe('installed');
  });

  it('makes a backup first where the plan includes backups, installs once it has finished, and refuses when none can be made', async () => {
    const server = await createTestServer(t.app, owner.user, { plan: 'minecraft-budget' });
    const limit = await t.app.backups.limitOf(server);
    expect(limit).toBeGreaterThan(0);
    for (let made = 1; made <= limit; made += 1) {
      expect((await reinstall(owner, server.shortId)).statusCode).toBe(202);
      await t.app.runtime.waitForInstall(server.uuid);
      const list = await t.app.backups.list(await row(server.id));
      expect(list).toHaveLength(made);
      expect(list[0]).toMatchObject({ name: 'Before reinstalling', state: 'completed' });
      // The install ran after the backup had its copy.
      expect((await row(server.id)).installedAt!.getTime()).toBeGreaterThanOrEqual(list[0].completedAt!.getTime());
    }
    const audit = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.serverUuid, server.uuid), eq(auditLogs.event, 'server.reinstall')));
    expect(audit.map((entry) => (entry.properties as { backup: string }).backup).sort()).toEqual((await t.app.backups.list(server)).map((b) => b.uuid).sort());
    const full = await reinstall(owner, server.shortId);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toMatch(/reached its plan's limit/);
    expect((await row(server.id)).installStatus).toBe('installed');
  });

  it('through the admin API also makes the backup first', async () => {
    const server = await createTestServer(t.app, owner.user, { plan: 'minecraft-budget' });
    const { key } = await createAdminKey(t.app.db, 'reinstall');
    const res = await t.app.inject({ method: 'POST', url: `/api/v2/admin/servers/${server.uuid}/reinstall`, headers: { authorization: `Bearer ${key}` } });
    expect(res.statusCode).toBe(202);
    await t.app.runtime.waitForInstall(server.uuid);
    const [backup] = await t.app.backups.list(await row(server.id));
    expect(backup).toMatchObject({ name: 'Before reinstalling', state: 'completed' });
    expect((await row(server.id)).installedAt!.getTime()).toBeGreaterThanOrEqual(backup.completedAt!.getTime());
    const [audit] = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.serverUuid, server.uuid), eq(auditLogs.event, 'server.reinstall')));
    expect(audit).toMatchObject({ actorId: null, properties: { backup: backup.uuid } });
  });
});
