import { eq } from 'drizzle-orm';
import { auditLogs, passkeys, users } from '../../../../server/src/db/schema';
import { createAdminKey } from '../../../../server/src/services/admin/adminKeys';
import { createTestApp, type TestApp } from '../../helpers/testApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import '../../helpers/testTemplates';

jest.setTimeout(60_000);

let t: TestApp;
let key: { key: string; identifier: string };
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  const created = await createAdminKey(t.app.db, 'billing');
  key = { key: created.key, identifier: created.row.identifier };
  admin = await createTestUser(t.app, { username: 'headadmin', rootAdmin: true });
  await t.app.db.update(users).set({ useTotp: true }).where(eq(users.id, admin.user.id));
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api/v2/admin${url}`, headers, remoteAddress: '203.0.113.7', ...(payload ? { payload } : {}) });
const audit = async (query: string) => (await call('GET', `/audit?${query}`, admin.headers)).json();

describe('who may use the admin API', () => {
  it('lets a root admin with two-factor in with their session', async () => {
    const overview = await call('GET', '/overview', admin.headers);
    expect(overview.statusCode).toBe(200);
    expect(overview.json().data).toMatchObject({ users: expect.any(Number), health: expect.arrayContaining([{ name: 'database', status: 'ok', detail: null }]) });
    expect(overview.json().data.nodes.map((n: { name: string }) => n.name)).toContain('local');

    const created = await call('POST', '/users', admin.headers, { username: 'madebyadmin', email: 'made@example.com' });
    expect(created.statusCode).toBe(201);
    const [entry] = (await audit('event=createAdminUser')).data;
    expect(entry).toMatchObject({ actor: 'headadmin', key: null, ip: '203.0.113.7', method: 'POST', path: '/api/v2/admin/users', status: 201, properties: { username: 'madebyadmin' } });
  });

  it('refuses a root admin without two-factor with a clear 403, and records it', async () => {
    const plain = await createTestUser(t.app, { username: 'no2faadmin', rootAdmin: true });
    const refused = await call('GET', '/overview', plain.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/two-factor/);
    const [entry] = (await audit('event=admin.denied&actor=no2faadmin')).data;
    expect(entry).toMatchObject({ status: 403, path: '/api/v2/admin/overview', properties: { reason: 'second_factor_required', operation: 'getAdminOverview' } });
  });

  it('lets a root admin in whose account has a passkey instead of two-factor codes', async () => {
    const passkeyAdmin = await createTestUser(t.app, { username: 'passkeyadmin', rootAdmin: true });
    expect((await call('GET', '/overview', passkeyAdmin.headers)).statusCode).toBe(403);
    await t.app.db.insert(passkeys).values({ userId: passkeyAdmin.user.id, credentialId: 'cred-admin-1', publicKey: 'pk', deviceType: 'singleDevice', name: 'Laptop' });
    expect((await call('GET', '/overview', passkeyAdmin.headers)).statusCode).toBe(200);
  });

  it('answers a customer 403 (audited) and no credential 401', async () => {
    const customer = await createTestUser(t.app, { username: 'curiouscustomer' });
    const refused = await call('DELETE', '/users/headadmin', customer.headers);
    expect(refused.statusCode).toBe(403);
    const [entry] = (await audit('event=admin.denied&actor=curiouscustomer')).data;
    expect(entry).toMatchObject({ method: 'DELETE', target_type: 'user', target: 'headadmin', properties: { reason: 'not_admin' } });
    expect((await call('GET', '/overview', {})).statusCode).toBe(401);
    expect((await call('GET', '/overview', { authorization: 'Bearer not-a-token' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/admin/users/headadmin', headers: admin.headers })).statusCode).toBe(200);
  });

  it('asks a session for the XSRF header when it carries the cookie', async () => {
    const page = await call('GET', '/overview', admin.headers);
    const cookie = page.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    const body = { username: 'xsrfvictim', email: 'xsrf@example.com' };
    expect((await call('POST', '/users', { ...admin.headers, cookie: `XSRF-TOKEN=${cookie}` }, body)).statusCode).toBe(419);
    expect((await call('POST', '/users', { ...admin.headers, cookie: `XSRF-TOKEN=${cookie}`, 'x-xsrf-token': cookie }, body)).statusCode).toBe(201);
  });
});

describe('the admin audit log', () => {
  it('filters by actor, event, target and time, pages, and exports CSV', async () => {
    const bearer = { authorization: `Bearer ${key.key}` };
    await call('POST', '/users', bearer, { username: 'keycustomer', email: 'key@example.com', password: 'never-logged-123' });
    await call('POST', '/users/keycustomer/suspend', bearer);
    await call('POST', '/users/keycustomer/unsuspend', bearer);

    const byKey = await audit(`actor=${key.identifier}`);
    expect(byKey.data.map((e: { event: string }) => e.event)).toEqual(['unsuspendAdminUser', 'suspendAdminUser', 'createAdminUser']);
    expect(JSON.stringify(byKey.data)).not.toContain('never-logged-123');
    expect((await audit(`target=keycust&event=suspendAdminUser`)).data).toHaveLength(1);
    expect((await audit(`actor=${key.identifier}&per_page=2&page=2`)).data.map((e: { event: string }) => e.event)).toEqual(['createAdminUser']);
    expect((await audit(`actor=${key.identifier}&per_page=2`)).meta).toEqual({ total: 3, page: 1, per_page: 2 });
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await audit(`actor=${key.identifier}&from=${encodeURIComponent(future)}`)).data).toEqual([]);
    expect((await audit(`actor=${key.identifier}&to=${encodeURIComponent(future)}`)).data).toHaveLength(3);
    expect((await call('GET', '/audit?from=yesterday', admin.headers)).statusCode).toBe(422);

    for (const url of [`/audit.csv?actor=${key.identifier}`, `/audit?format=csv&actor=${key.identifier}`]) {
      const csv = await call('GET', url, admin.headers);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      const lines = csv.body.trim().split('\r\n');
      expect(lines[0]).toBe('time,actor,key,ip,event,method,path,target_type,target,status,properties');
      expect(lines).toHaveLength(4);
      expect(lines[1]).toContain(`,${key.identifier},203.0.113.7,unsuspendAdminUser,POST,/api/v2/admin/users/keycustomer/unsuspend,user,keycustomer,200,`);
    }
  });
});

describe('what the admin pages use', () => {
  it('searches users and servers, edits a user, and suspends a server with a reason the customer sees', async () => {
    const owner = await createTestUser(t.app, { username: 'serverowner' });
    const server = await createTestServer(t.app, owner.user, { name: 'Reasoned world' });
    const found = (await call('GET', '/users?search=serverown', admin.headers)).json();
    expect(found.data).toEqual([expect.objectContaining({ username: 'serverowner', servers: 1, use_totp: false })]);
    const edited = await call('PATCH', '/users/serverowner', admin.headers, { name_first: 'Sam' });
    expect(edited.json().data.user.name_first).toBe('Sam');
    expect((await call('PATCH', '/users/headadmin', admin.headers, { root_admin: false })).statusCode).toBe(409);

    const listed = async (query: string) => (await call('GET', `/servers?${query}`, admin.headers)).json().data.map((s: { name: string }) => s.name);
    expect(await listed('owner=serverowner')).toEqual(['Reasoned world']);
    expect(await listed('search=reasoned&state=offline&node=local')).toEqual(['Reasoned world']);
    expect(await listed('owner=serverowner&state=suspended')).toEqual([]);

    const suspended = await call('POST', `/servers/${server.shortId}/suspend`, admin.headers, { reason: 'Unpaid invoice 42' });
    expect(suspended.json().data.server).toMatchObject({ suspended: true, suspension_reason: 'Unpaid invoice 42' });
    expect(await listed('state=suspended')).toEqual(['Reasoned world']);
    const seen = await t.app.inject({ method: 'GET', url: `/api/v2/servers/${server.shortId}`, headers: owner.headers });
    expect(seen.json().data).toMatchObject({ status: 'suspended', suspension_reason: 'Unpaid invoice 42' });
    const start = await t.app.inject({ method: 'POST', url: `/api/v2/servers/${server.shortId}/power`, headers: owner.headers, payload: { signal: 'start' } });
    expect(start.statusCode).toBe(409);
    const lifted = await call('POST', `/servers/${server.shortId}/unsuspend`, admin.headers);
    expect(lifted.json().data.server).toMatchObject({ suspended: false, suspension_reason: null });

    const opened = await call('POST', `/servers/${server.shortId}/open`, admin.headers);
    expect(opened.json().data.path).toBe(`/server/${server.shortId}`);
    expect((await audit(`event=openAdminServer&target=${server.shortId}`)).data).toHaveLength(1);
  });

  it('records a two-factor reset with the admin as the actor and the user as the target', async () => {
    const phoneless = await createTestUser(t.app, { username: 'lostphone' });
    await t.app.db.update(users).set({ useTotp: true }).where(eq(users.id, phoneless.user.id));
    const reset = await call('POST', '/users/lostphone/two-factor/reset', admin.headers);
    expect(reset.json().data.user.use_totp).toBe(false);
    const rows = await t.app.db.select().from(auditLogs).where(eq(auditLogs.event, 'account.2fa-disabled'));
    expect(rows).toEqual([expect.objectContaining({ actorId: admin.user.id, ip: '203.0.113.7', properties: { user: phoneless.user.uuid, username: 'lostphone', via: 'admin-session' } })]);

    const bearer = { authorization: `Bearer ${key.key}` };
    await call('POST', '/users/lostphone/two-factor/reset', bearer);
    const byKey = (await t.app.db.select().from(auditLogs).where(eq(auditLogs.event, 'account.2fa-disabled'))).find((row) => row.properties.via !== 'admin-session');
    expect(byKey).toMatchObject({ actorId: null, properties: { user: phoneless.user.uuid, via: `admin-key:${key.identifier}` } });
  });
});
