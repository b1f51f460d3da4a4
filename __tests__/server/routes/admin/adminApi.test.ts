import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { allocations, servers } from '../../../../server/src/db/schema';
import { createAdminKey, revokeAdminKey } from '../../../../server/src/services/admin/adminKeys';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser } from '../../helpers/createTestUser';
import { waitFor } from '../../helpers/waitFor';
import type { TestApp } from '../../helpers/testApp';

jest.setTimeout(90_000);

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createRuntimeTestApp();
  key = (await createAdminKey(t.app.db, 'billing')).key;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const admin = (method: Method, url: string, payload?: object, withKey = key) =>
  t.app.inject({ method, url: `/api/v2/admin${url}`, headers: withKey ? { authorization: `Bearer ${withKey}` } : {}, ...(payload ? { payload } : {}) });

describe('admin API authentication', () => {
  it('needs a valid, unrevoked admin key; a user session without two-factor does not count', async () => {
    expect((await admin('GET', '/plans', undefined, '')).statusCode).toBe(401);
    expect((await admin('GET', '/plans', undefined, 'padm_wrong')).statusCode).toBe(401);
    const user = await createTestUser(t.app, { rootAdmin: true });
    expect((await admin('GET', '/plans', undefined, user.token)).statusCode).toBe(403);
    const revoked = await createAdminKey(t.app.db, 'old');
    expect((await admin('GET', '/plans', undefined, revoked.key)).statusCode).toBe(200);
    await revokeAdminKey(t.app.db, revoked.row.identifier);
    expect((await admin('GET', '/plans', undefined, revoked.key)).statusCode).toBe(401);
    expect((await admin('POST', '/users', { username: 'x' }, '')).statusCode).toBe(401); // 401 before validation
  });

  it('answers 429 after too many wrong keys from one address', async () => {
    const attempt = () => t.app.inject({ method: 'GET', url: '/api/v2/admin/plans', remoteAddress: '10.9.9.9', headers: { authorization: 'Bearer padm_guess' } });
    for (let i = 0; i < 20; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('lists plans and templates for the billing system', async () => {
    const plans = (await admin('GET', '/plans')).json().data;
    expect(plans).toEqual(expect.arrayContaining([expect.objectContaining({ slug: 'minecraft-budget', game: 'minecraft', tier: 'budget', memory_mb: 2048 })]));
    expect(plans.filter((p: { game: string }) => p.game === 'palworld').map((p: { slug: string; tier: string }) => `${p.slug}:${p.tier}`)).toEqual([
      'palworld-starter:budget',
      'palworld-budget:budget',
      'palworld-premium:premium',
      'palworld-premium-xl:premium',
    ]);
    const templates = (await admin('GET', '/templates')).json().data.map((x: { slug: string }) => x.slug);
    expect(templates).toEqual(expect.arrayContaining(['minecraft-flying-squid', 'minecraft-java', 'rust', 'terraria', 'ark', 'palworld']));
  });
});

describe('users and servers through the admin API', () => {
  it('creates a user, refuses a duplicate, suspends (ending sessions) and unsuspends', async () => {
    const created = await admin('POST', '/users', { username: 'Customer1', email: 'Customer1@Example.com', password: 'a-good-password', name_first: 'Cus' });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.user).toMatchObject({ username: 'customer1', email: 'customer1@example.com', name_first: 'Cus', suspended: false, root_admin: false });
    const duplicate = await admin('POST', '/users', { username: 'customer1', email: 'other@example.com' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors.username).toBeDefined();

    const session = await createTestUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/servers', headers: session.headers })).statusCode).toBe(200);
    const suspended = await admin('POST', `/users/${session.user.uuid}/suspend`);
    expect(suspended.json().data.user.suspended).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/servers', headers: session.headers })).statusCode).toBe(401);
    expect((await admin('POST', `/users/${session.user.username}/unsuspend`)).json().data.user.suspended).toBe(false);
    expect((await admin('GET', '/users/nobody-here')).statusCode).toBe(404);
  });

  it('creates a running server, suspends it (stopped, cannot start), changes its plan, deletes it', async () => {
    const owner = await createTestUser(t.app);
    const created = await admin('POST', '/servers', {
      name: 'Billing server',
      owner: owner.user.email,
      template: 'minecraft-flying-squid',
      plan: 'minecraft-budget',
      external_id: 'whmcs-1001',
      start_on_completion: true,
    });
    expect(created.statusCode).toBe(201);
    const server = created.json().data.server;
    expect(server).toMatchObject({ name: 'Billing server', external_id: 'whmcs-1001', template: 'minecraft-flying-squid', plan: 'minecraft-budget', owner: { uuid: owner.user.uuid } });
    await waitFor(() => t.app.runtime.state(server.uuid) === 'running', { what: 'running', timeoutMs: 60_000 });
    expect((await admin('GET', '/servers/whmcs-1001')).json().data.server).toMatchObject({ uuid: server.uuid, install_status: 'installed', state: 'running' });

    const suspended = await admin('POST', `/servers/${server.identifier}/suspend`);
    expect(suspended.json().data.server.suspended).toBe(true);
    await waitFor(() => t.app.runtime.state(server.uuid) === 'offline', { what: 'stopped by suspension' });
    const start = await t.app.inject({ method: 'POST', url: `/api/v2/servers/${server.identifier}/power`, headers: owner.headers, payload: { signal: 'start' } });
    expect(start.statusCode).toBe(409);
    expect((await admin('POST', `/servers/${server.uuid}/unsuspend`)).json().data.server.suspended).toBe(false);

    const moved = await admin('PUT', `/servers/${server.identifier}/plan`, { plan: 'minecraft-premium' });
    expect(moved.json().data.server.plan).toBe('minecraft-premium');
    const wrongGame = await admin('PUT', `/servers/${server.identifier}/plan`, { plan: 'rust-premium' });
    expect(wrongGame.statusCode).toBe(422);
    expect(wrongGame.json().errors.plan).toEqual(['This plan is for another game']);

    expect((await admin('DELETE', `/users/${owner.user.uuid}`)).statusCode).toBe(409);
    const [row] = await t.app.db.select().from(servers).where(eq(servers.uuid, server.uuid));
    expect((await admin('DELETE', `/servers/${server.identifier}`)).statusCode).toBe(204);
    expect(existsSync(join(t.config.dataDir, 'servers', server.uuid))).toBe(false);
    expect(await t.app.db.select().from(allocations).where(eq(allocations.serverId, row.id))).toEqual([]);
    expect((await admin('GET', `/servers/${server.identifier}`)).statusCode).toBe(404);
    expect((await admin('DELETE', `/users/${owner.user.uuid}`)).statusCode).toBe(204);
  });

  it('validates server creation per field', async () => {
    const res = await admin('POST', '/servers', { name: 'x', owner: 'ghost', template: 'nope', plan: 'minecraft-budget' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ owner: ['Unknown user'] });
    const owner = await createTestUser(t.app);
    const bad = await admin('POST', '/servers', { name: 'x', owner: owner.user.uuid, template: 'nope', plan: 'rust-budget' });
    expect(bad.json().errors).toEqual({ template: ['Unknown template'] });
    const badVar = await admin('POST', '/servers', { name: 'x', owner: owner.user.uuid, template: 'rust', plan: 'rust-budget', variables: { WORLD_SIZE: '99999', NOPE: '1' } });
    expect(badVar.json().errors).toEqual({ 'variables.WORLD_SIZE': ['Invalid format'], 'variables.NOPE': ['This template has no such variable'] });
  });
});
