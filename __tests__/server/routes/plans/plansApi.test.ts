import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { allocations, auditLogs, backups, databaseHosts, nodes, serverDatabases, serverPermissions, servers, type ServerRow } from '../../../../server/src/db/schema';
import { createPlan } from '../../../../server/src/services/plans/planAdmin';
import { prorate } from '../../../../server/src/services/plans/proration';
import { builtInRoles } from '../../../../server/src/services/sharing/builtInRoles';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestServer } from '../../helpers/createTestServer';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { waitFor } from '../../helpers/waitFor';
import type { TestApp } from '../../helpers/testApp';

jest.setTimeout(120_000);

let t: TestApp;
let owner: TestUser;
let reader: TestUser;
let admin: TestUser;
let stranger: TestUser;
let server: ServerRow;
let otherServer: ServerRow;

beforeAll(async () => {
  t = await createRuntimeTestApp();
  [owner, reader, admin, stranger] = await Promise.all([createTestUser(t.app), createTestUser(t.app), createTestUser(t.app), createTestUser(t.app)]);
  server = await createTestServer(t.app, owner.user, { plan: 'minecraft-budget', name: 'Plans' });
  otherServer = await createTestServer(t.app, stranger.user, { plan: 'minecraft-budget', name: 'Other' });
  const adminKeys = builtInRoles.find((role) => role.key === 'admin')!.permissions;
  await t.app.db.insert(serverPermissions).values([
    { serverId: server.id, userId: reader.user.id, permissions: ['plan.read'] },
    { serverId: server.id, userId: admin.user.id, permissions: adminKeys },
  ]);
  // A tiny plan of the same game, so a disk check can be crossed with a few MiB of files.
  await createPlan(t.app.db, { slug: 'minecraft-tiny', game: 'minecraft', tier: 'budget', name: 'Tiny', memory_mb: 256, cpu_percent: 50, disk_mb: 1, price_monthly: 100, display_order: 1 });
});
afterAll(async () => {
  await t.app.runtime.power(server, 'kill').catch(() => undefined);
  await t.close();
});

const get = (user: TestUser, s: ServerRow = server) => t.app.inject({ method: 'GET', url: `/api/v2/servers/${s.shortId}/plans`, headers: user.headers });
const change = (user: TestUser, plan: string, s: ServerRow = server) => t.app.inject({ method: 'POST', url: `/api/v2/servers/${s.shortId}/plan-changes`, headers: user.headers, payload: { plan } });
const fresh = async () => (await t.app.db.select().from(servers).where(eq(servers.id, server.id)))[0];
const planOf = async () => (await get(owner)).json().data.current.slug as string;

describe('the upgrade overview', () => {
  it('lists the game’s ladder in display order with prices, proration and the current plan', async () => {
    const res = await get(owner);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.current).toMatchObject({ slug: 'minecraft-budget', tier: 'budget', price_monthly: 600, currency: 'EUR' });
    expect(data.options.map((o: { plan: { slug: string } }) => o.plan.slug)).toEqual(['minecraft-tiny', 'minecraft-starter', 'minecraft-budget', 'minecraft-premium', 'minecraft-premium-xl']);
    const premium = data.options.find((o: { plan: { slug: string } }) => o.plan.slug === 'minecraft-premium');
    expect(premium).toMatchObject({ direction: 'upgrade', current: false, amount_due: prorate(600, 1800).amountDue, blockers: [] });
    expect(data.options.find((o: { current: boolean }) => o.current).plan.slug).toBe('minecraft-budget');
    expect(data.options[0].direction).toBe('downgrade');
    expect(data).toMatchObject({ provider: 'instant', can_change: true, usage: { backups: 0, extra_ports: 0, databases: 0 } });
  });

  it('is readable with plan.read (can_change false), 403 without it, 404 for another’s server', async () => {
    expect((await get(reader)).json().data.can_change).toBe(false);
    expect((await get(admin)).json().data.can_change).toBe(false);
    expect((await get(stranger)).statusCode).toBe(404);
    const nobody = await createTestUser(t.app);
    await t.app.db.insert(serverPermissions).values({ serverId: server.id, userId: nobody.user.id, permissions: ['file.read'] });
    expect((await get(nobody)).statusCode).toBe(403);
  });
});

describe('refused changes', () => {
  it('422 for an unknown plan, another game’s plan and the current plan; nothing changes', async () => {
    for (const [plan, message] of [
      ['no-such-plan', 'There is no such plan.'],
      ['rust-premium', 'This plan is for another game.'],
      ['minecraft-budget', 'The server already has this plan.'],
    ]) {
      const res = await change(owner, plan);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.plan).toEqual([message]);
    }
    expect(await planOf()).toBe('minecraft-budget');
  });

  it('403 for a subuser without plan.change, even with the built-in admin role; 404 for a stranger', async () => {
    expect((await change(reader, 'minecraft-premium')).statusCode).toBe(403);
    expect((await change(admin, 'minecraft-premium')).statusCode).toBe(403);
    expect((await change(stranger, 'minecraft-premium')).statusCode).toBe(404);
    expect((await change(owner, 'minecraft-premium', otherServer)).statusCode).toBe(404);
    expect(await planOf()).toBe('minecraft-budget');
  });

  it('409 with what to remove when real usage does not fit a downgrade: disk, backups, extra ports, databases', async () => {
    // 2 backups (the starter plan allows 1), one port added by the customer (starter: 0), one database (starter: 0), 3 MiB of files (tiny: 1 MiB).
    await t.app.db.insert(backups).values([
      { serverId: server.id, name: 'a', state: 'completed' },
      { serverId: server.id, name: 'b', state: 'completed' },
      { serverId: server.id, name: 'failed ones do not count', state: 'failed' },
    ]);
    const [node] = await t.app.db.select().from(nodes);
    const [extra] = await t.app.db.insert(allocations).values({ nodeId: node.id, ip: '127.0.0.1', port: 48_999, serverId: server.id }).returning();
    // The rows the databases area keeps (the host itself is not reached by a plan change).
    const [host] = await t.app.db.insert(databaseHosts).values({ name: 'plans-test', host: '192.0.2.1', username: 'panel', passwordSealed: 'sealed', nodeId: node.id }).returning();
    const [database] = await t.app.db
      .insert(serverDatabases)
      .values({ serverId: server.id, hostId: host.id, name: `s${server.id}_plans`, username: `u${server.id}_plans`, passwordSealed: 'sealed' })
      .returning();
    writeFileSync(join(t.app.runtime.driver.serverRoot(server.uuid), 'world.dat'), Buffer.alloc(3 * 1024 * 1024, 1));
    await new Promise((resolve) => setTimeout(resolve, 400)); // the disk figure may be 300 ms old

    let res = await change(owner, 'minecraft-starter');
    expect(res.statusCode).toBe(409);
    expect(res.json().blockers).toEqual([
      { resource: 'backups', used: 2, limit: 1, remove: 1 },
      { resource: 'extraPorts', used: 1, limit: 0, remove: 1 },
      { resource: 'databases', used: 1, limit: 0, remove: 1 },
    ]);
    res = await change(owner, 'minecraft-tiny');
    expect(res.statusCode).toBe(409);
    expect(res.json().blockers.map((b: { resource: string }) => b.resource)).toEqual(['diskMb', 'backups', 'extraPorts', 'databases']);
    expect(res.json().blockers[0]).toMatchObject({ resource: 'diskMb', limit: 1 });
    expect(res.json().blockers[0].used).toBeGreaterThanOrEqual(3);
    const overview = (await get(owner)).json().data;
    expect(overview.usage).toMatchObject({ backups: 2, extra_ports: 1, databases: 1 });
    expect(overview.options.find((o: { plan: { slug: string } }) => o.plan.slug === 'minecraft-starter').blockers).toHaveLength(3);
    expect(await planOf()).toBe('minecraft-budget');

    // Removing what was listed makes the downgrade fit.
    await t.app.db.delete(backups).where(and(eq(backups.serverId, server.id), eq(backups.name, 'b')));
    await t.app.db.update(allocations).set({ serverId: null }).where(eq(allocations.id, extra.id));
    await t.app.db.delete(serverDatabases).where(eq(serverDatabases.id, database.id));
    res = await change(owner, 'minecraft-starter');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ order: { status: 'completed', provider: 'instant', amount_due: 0, from_plan: 'minecraft-budget', to_plan: 'minecraft-starter' }, redirect_url: null });
    expect(await planOf()).toBe('minecraft-starter');
  });
});

describe('an instant upgrade of a running server', () => {
  it('applies at once: new limits live, restart needed for memory, premium tier, audited', async () => {
    await t.app.runtime.power(await fresh(), 'start');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'running', { what: 'the server runs' });
    const res = await change(owner, 'minecraft-premium');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.applied).toEqual({ running: true, applied_live: ['memory', 'cpu', 'disk'], restart_needed: true, theme_tier: 'premium' });
    expect(body.order).toMatchObject({ status: 'completed', to_plan: 'minecraft-premium' });
    expect(body.order.amount_due).toBe(prorate(300, 1800).amountDue);
    // The running server is held to the new limits now (the stats carry them).
    await waitFor(() => t.app.runtime.driver.stats(server.uuid)?.memoryLimitBytes === 6144 * 1024 * 1024, { what: 'the new memory limit in the live stats' });
    expect(t.app.runtime.driver.stats(server.uuid)?.diskLimitBytes).toBe(51_200 * 1024 * 1024);
    expect(t.app.runtime.driver.recentOutput(server.uuid).join('\n')).toContain('Restart the server so the game uses its new memory.');
    const resources = await t.app.inject({ method: 'GET', url: `/api/v2/servers/${server.shortId}/resources`, headers: owner.headers });
    expect(resources.json().data).toMatchObject({ memory_limit_bytes: 6144 * 1024 * 1024 });
    const view = await t.app.inject({ method: 'GET', url: `/api/v2/servers/${server.shortId}`, headers: owner.headers });
    expect(view.json().data.plan.tier).toBe('premium');
    const audit = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.serverUuid, server.uuid), eq(auditLogs.event, 'server.plan.changed')));
    expect(audit.at(-1)).toMatchObject({ actorId: owner.user.id, properties: { from: 'minecraft-starter', to: 'minecraft-premium', via: 'instant', restart_needed: true } });
    await t.app.runtime.power(await fresh(), 'kill');
  });
});

describe('the quiz recommendation', () => {
  const ask = (answers: object) => t.app.inject({ method: 'POST', url: `/api/v2/servers/${server.shortId}/plans/recommendation`, headers: reader.headers, payload: answers });
  it('recommends a plan of the game with reasons; bad answers are 422', async () => {
    const res = await ask({ players: 20, software: 'modpack', modpack_size: 'medium', view_distance: 10, world_size: 'medium' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ plan: { slug: 'minecraft-premium-xl' }, current: false });
    expect(res.json().data.reasons.map((r: { code: string }) => r.code)).toEqual(['memory', 'cpu', 'disk', 'cheapest']);
    const small = await ask({ players: 4, software: 'vanilla', modpack_size: 'small', view_distance: 8, world_size: 'small', budget: 500 });
    expect(small.json().data.plan.slug).toBe('minecraft-starter');
    expect((await ask({ players: 0, software: 'vanilla', modpack_size: 'small', view_distance: 8, world_size: 'small' })).statusCode).toBe(422);
  });
});
