import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import WebSocket from 'ws';
import { apiKeys, auditLogs, serverPermissions, type ServerRow } from '../../../../server/src/db/schema';
import { apiKeyRefusals } from '../../../../server/src/services/auth/apiKeyRoutePolicy';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import { freshIp } from '../../helpers/accountFixtures';
import type { TestApp } from '../../helpers/testApp';

jest.setTimeout(120_000);

let t: TestApp;
let owner: TestUser;
let server: ServerRow;
let base: string;
beforeAll(async () => {
  t = await createRuntimeTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  owner = await createTestUser(t.app);
  server = await createTestServer(t.app, owner.user);
});
afterAll(() => t.close());

type Method = InjectOptions['method'];
const call = (method: Method, url: string, { token, payload, ip = freshIp() }: { token: string; payload?: object; ip?: string }) =>
  t.app.inject({ method, url: `/api/v2${url}`, payload, remoteAddress: ip, headers: { authorization: `Bearer ${token}` } });

/** Creates a key with the session of `user`; answers the key and its identifier. */
async function newKey(user: TestUser, body: object = {}): Promise<{ token: string; identifier: string }> {
  const res = await call('POST', '/account/api-keys', { token: user.token, payload: { description: 'bot', ...body } });
  expect(res.statusCode).toBe(201);
  return { token: res.json().data.token, identifier: res.json().data.key.identifier };
}

const files = (id = server.shortId) => `/servers/${id}/files/list?directory=/`;
const power = (id = server.shortId) => `/servers/${id}/power`;

describe('managing API keys', () => {
  it('creates a key shown once, stored as its hash, listed with its settings and revocable, each audited', async () => {
    const user = await createTestUser(t.app);
    const res = await call('POST', '/account/api-keys', {
      token: user.token,
      payload: {
        description: ' Discord bot ',
        scopes: ['control.start', 'read-only', 'control.start'],
        allowed_ips: ['203.0.113.7', '10.1.2.3/8', '2001:DB8::/32'],
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(res.statusCode).toBe(201);
    const { token, key } = res.json().data;
    expect(token).toMatch(/^pck_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      identifier: token.slice(0, 12),
      description: 'Discord bot',
      scopes: ['read-only', 'control.start'],
      allowed_ips: ['203.0.113.7', '10.1.2.3/8', '2001:db8::/32'],
      expired: false,
      last_used_at: null,
    });

    const [row] = await t.app.db.select().from(apiKeys).where(eq(apiKeys.userId, user.user.id));
    expect(row.keyHash).toBe(createHash('sha256').update(token).digest('hex'));
    const list = await call('GET', '/account/api-keys', { token: user.token });
    expect(list.json().data).toEqual([key]);
    expect(list.body).not.toContain(token);

    expect((await call('DELETE', `/account/api-keys/${key.identifier}`, { token: owner.token })).statusCode).toBe(404);
    expect((await call('DELETE', `/account/api-keys/${key.identifier}`, { token: user.token })).statusCode).toBe(204);
    expect((await call('GET', '/account/api-keys', { token: user.token })).json().data).toEqual([]);
    const events = await t.app.db.select().from(auditLogs).where(eq(auditLogs.actorId, user.user.id));
    expect(events.map((e) => e.event)).toEqual(['account.api-key-created', 'account.api-key-revoked']);
    expect(JSON.stringify(events)).not.toContain(token);
  });

  it('refuses unknown scopes, bad addresses, a past expiry and an empty description with messages per field, and a 26th key', async () => {
    const user = await createTestUser(t.app);
    const bad = await call('POST', '/account/api-keys', {
      token: user.token,
      payload: { description: '  ', scopes: ['file.read', 'root'], allowed_ips: ['300.1.1.1', '10.0.0.0/33', 'example.com'], expires_at: '2020-01-01T00:00:00Z' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['allowed_ips', 'description', 'expires_at', 'scopes']);
    expect(bad.json().errors.scopes).toEqual(['Unknown scope: root.']);
    expect(bad.json().errors.allowed_ips).toHaveLength(3);
    for (let i = 0; i < 25; i += 1)
      await t.app.db.insert(apiKeys).values({ userId: user.user.id, identifier: `pck_fill${String(i).padStart(4, '0')}`, keyHash: `fill-${user.user.id}-${i}`, description: 'filler' });
    const over = await call('POST', '/account/api-keys', { token: user.token, payload: { description: 'one too many' } });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/at most 25 API keys/);
  });
});

describe('using a key', () => {
  it('works as a bearer credential on the API and records its last use (time and address)', async () => {
    const { token, identifier } = await newKey(owner);
    const ip = freshIp();
    const current = await call('GET', '/auth/current', { token, ip });
    expect(current.statusCode).toBe(200);
    expect(current.json().data.user.username).toBe(owner.user.username);
    const list = await call('GET', '/servers', { token, ip });
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain(server.uuid);
    const shown = (await call('GET', '/account/api-keys', { token: owner.token })).json().data.find((k: { identifier: string }) => k.identifier === identifier);
    expect(shown.last_used_ip).toBe(ip);
    expect(Date.now() - Date.parse(shown.last_used_at)).toBeLessThan(60_000);
  });

  it('answers a wrong, revoked or expired key 401 saying which, and counts wrong keys per address (429)', async () => {
    const ip = freshIp();
    const wrong = await call('GET', '/servers', { token: `pck_${'x'.repeat(43)}`, ip });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('This API key is not valid.');

    const revoked = await newKey(owner);
    expect((await call('GET', '/servers', { token: revoked.token, ip })).statusCode).toBe(200);
    expect((await call('DELETE', `/account/api-keys/${revoked.identifier}`, { token: owner.token })).statusCode).toBe(204);
    const afterRevoke = await call('GET', '/servers', { token: revoked.token, ip });
    expect(afterRevoke.statusCode).toBe(401);
    expect(afterRevoke.json().message).toBe('This API key has been revoked.');

    const expired = await newKey(owner, { expires_at: new Date(Date.now() + 60_000).toISOString() });
    await t.app.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.identifier, expired.identifier));
    const afterExpiry = await call('GET', '/servers', { token: expired.token, ip: freshIp() });
    expect(afterExpiry.statusCode).toBe(401);
    expect(afterExpiry.json().message).toBe('This API key has expired.');

    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) statuses.push((await call('GET', '/servers', { token: revoked.token, ip })).statusCode);
    expect(statuses.slice(0, 17)).toEqual(Array(17).fill(401));
    expect(statuses.at(-1)).toBe(429);
  });

  it('refuses a key used from an address it does not allow (403, audited), over IPv4 and IPv6', async () => {
    const { token, identifier } = await newKey(owner, { allowed_ips: ['203.0.113.0/24', '2001:db8::/32'] });
    expect((await call('GET', '/servers', { token, ip: '203.0.113.9' })).statusCode).toBe(200);
    expect((await call('GET', '/servers', { token, ip: '2001:db8:5::1' })).statusCode).toBe(200);
    expect((await call('GET', '/servers', { token, ip: '::ffff:203.0.113.10' })).statusCode).toBe(200);
    const outside = await call('GET', '/servers', { token, ip: '198.51.100.7' });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe(apiKeyRefusals.address('198.51.100.7'));
    expect((await call('GET', '/servers', { token, ip: '2001:db9::1' })).statusCode).toBe(403);
    const refused = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.event, 'auth.api-key-refused'), eq(auditLogs.actorId, owner.user.id)));
    expect(refused.map((r) => [r.ip, r.properties])).toEqual([
      ['198.51.100.7', { identifier, reason: 'address' }],
      ['2001:db9::1', { identifier, reason: 'address' }],
    ]);
  });

  it('narrows to its scopes and never widens past what the user may do', async () => {
    const fileReader = await newKey(owner, { scopes: ['file.read'] });
    expect((await call('GET', files(), { token: fileReader.token })).statusCode).toBe(200);
    const notCovered = await call('POST', power(), { token: fileReader.token, payload: { signal: 'start' } });
    expect(notCovered.statusCode).toBe(403);
    expect(notCovered.json().message).toBe(apiKeyRefusals.scope('control.start'));
    // Owner-only actions need a key without scopes.
    expect((await call('POST', `/servers/${server.shortId}/reinstall`, { token: fileReader.token })).statusCode).toBe(403);

    const readOnly = await newKey(owner, { scopes: ['read-only'] });
    expect((await call('GET', files(), { token: readOnly.token })).statusCode).toBe(200);
    expect((await call('POST', power(), { token: readOnly.token, payload: { signal: 'start' } })).statusCode).toBe(403);
    expect((await call('GET', `/servers/${server.shortId}/files/contents?file=/a.txt`, { token: readOnly.token })).json().message).toBe(apiKeyRefusals.scope('file.read-content'));

    // A subuser who may only read files gets no power from a key that names control.start.
    const helper = await createTestUser(t.app);
    await t.app.db.insert(serverPermissions).values({ serverId: server.id, userId: helper.user.id, permissions: ['file.read'] });
    const wide = await newKey(helper, { scopes: ['control.start', 'file.read'] });
    expect((await call('GET', files(), { token: wide.token })).statusCode).toBe(200);
    const widened = await call('POST', power(), { token: wide.token, payload: { signal: 'start' } });
    expect(widened.statusCode).toBe(403);
    expect(widened.json().message).toBe('This action is unauthorized.');
  });

  it('can never manage keys, the password, email, two-factor, sessions or delete the account; a scoped key changes no profile', async () => {
    const user = await createTestUser(t.app);
    const { token } = await newKey(user);
    const doors: [Method, string, object?][] = [
      ['GET', '/account/api-keys'],
      ['POST', '/account/api-keys', { description: 'another' }],
      ['DELETE', '/account/api-keys/pck_whatever'],
      ['PUT', '/account/password', { current_password: 'a', password: 'bbbbbbbbbb', password_confirmation: 'bbbbbbbbbb' }],
      ['PUT', '/account/email', { email: 'new@example.com', password: 'a' }],
      ['GET', '/account/two-factor'],
      ['POST', '/account/two-factor/disable', { password: 'a' }],
      ['GET', '/account/sessions'],
      ['DELETE', '/account/', { password: 'a' }],
      ['POST', '/auth/logout'],
    ];
    for (const [method, url, payload] of doors) {
      const res = await call(method, url, { token, payload });
      expect({ url, status: res.statusCode, message: res.json().message }).toEqual({ url, status: 403, message: apiKeyRefusals.accountDoors });
    }
    expect(await t.app.db.select().from(apiKeys).where(eq(apiKeys.userId, user.user.id))).toHaveLength(1);
    expect((await call('PATCH', '/account', { token, payload: { time_format: 12 } })).statusCode).toBe(200);
    const scoped = await newKey(user, { scopes: ['read-only'] });
    const profile = await call('PATCH', '/account', { token: scoped.token, payload: { time_format: 24 } });
    expect(profile.statusCode).toBe(403);
    expect(profile.json().message).toBe(apiKeyRefusals.scopedAccount);
  });

  it('is never an admin credential: a root admin’s key is refused on the admin API and sees only its own servers', async () => {
    const admin = await createTestUser(t.app, { rootAdmin: true });
    expect((await call('GET', `/servers/${server.shortId}`, { token: admin.token })).statusCode).toBe(200);
    const { token } = await newKey(admin);
    const users = await call('GET', `/admin/users/${owner.user.uuid}`, { token });
    expect([401, 403]).toContain(users.statusCode);
    expect((await call('GET', `/servers/${server.shortId}`, { token })).statusCode).toBe(404);
    expect((await call('GET', '/auth/current', { token })).json().data.user.root_admin).toBe(false);
  });

  it('opens the console socket within its scopes and addresses; a revoked key’s ticket no longer authenticates', async () => {
    const scoped = await newKey(owner, { scopes: ['file.read'] });
    const refused = await call('GET', `/servers/${server.shortId}/websocket`, { token: scoped.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(apiKeyRefusals.scope('websocket.connect'));

    const key = await newKey(owner);
    const ticket = async (token: string, ip?: string) => (await call('GET', `/servers/${server.shortId}/websocket`, { token, ip })).json().data.token as string;
    expect(await socketAuth(await ticket(key.token))).toEqual({ event: 'auth success', args: [] });

    // A key allowed only elsewhere: its ticket (asked from an allowed address) fails from this one.
    const elsewhere = await newKey(owner, { allowed_ips: ['203.0.113.0/24'] });
    expect((await socketAuth(await ticket(elsewhere.token, '203.0.113.5'))).args).toEqual(['The session of this ticket has ended.']);

    const issued = await ticket(key.token);
    expect((await call('DELETE', `/account/api-keys/${key.identifier}`, { token: owner.token })).statusCode).toBe(204);
    expect((await socketAuth(issued)).args).toEqual(['The session of this ticket has ended.']);
  });
});

/** Opens the server's console socket, sends the ticket and answers the first frame (auth success or the refusal). */
function socketAuth(ticket: string): Promise<{ event: string; args: unknown[] }> {
  const ws = new WebSocket(`ws://${base}/api/v2/servers/${server.shortId}/ws`, { headers: { origin: `http://${base}` } });
  return new Promise((resolve, reject) => {
    ws.once('open', () => ws.send(JSON.stringify({ event: 'auth', args: [ticket] })));
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { event: string; args: unknown[] };
      if (frame.event !== 'auth success' && frame.event !== 'daemon error') return;
      ws.terminate();
      resolve(frame);
    });
    ws.once('error', reject);
  });
}
