import { desc, eq } from 'drizzle-orm';
import { auditLogs, loginTokens, users } from '../../../../server/src/db/schema';
import { hashToken } from '../../../../server/src/lib/tokens';
import { createAdminKey } from '../../../../server/src/services/admin/adminKeys';
import { loginLinkInvalid } from '../../../../server/src/routes/auth/login-token';
import { createTestApp, type TestApp } from '../../helpers/testApp';
import { createTestUser } from '../../helpers/createTestUser';
import { bearer, createAccount, freshIp, type TestAccount } from '../../helpers/accountFixtures';

let t: TestApp;
let key: string;
let keyIdentifier: string;
beforeAll(async () => {
  t = await createTestApp();
  const created = await createAdminKey(t.app.db, 'billing');
  key = created.key;
  keyIdentifier = created.row.identifier;
});
afterAll(() => t.close());

const issue = (user: string, payload?: object, withKey = key) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/admin/users/${encodeURIComponent(user)}/login-token`,
    headers: { ...(withKey ? bearer(withKey) : {}), host: 'panel.example.com' },
    ...(payload ? { payload } : {}),
  });

const exchange = (token: string, remoteAddress = freshIp()) => t.app.inject({ method: 'POST', url: '/api/v2/auth/login-token', payload: { token }, remoteAddress });

const auditOf = (event: string) => t.app.db.select().from(auditLogs).where(eq(auditLogs.event, event)).orderBy(desc(auditLogs.id));

let account: TestAccount;
beforeEach(async () => {
  account = await createAccount(t.app);
});

describe('POST /admin/users/{user}/login-token', () => {
  it('builds the link on PANEL_URL when it is set (behind a reverse proxy)', async () => {
    const behindProxy = await createTestApp({ publicUrl: 'https://panel.example.net' });
    try {
      const adminKey = (await createAdminKey(behindProxy.app.db, 'billing')).key;
      const customer = await createAccount(behindProxy.app);
      const answer = await behindProxy.app.inject({
        method: 'POST',
        url: `/api/v2/admin/users/${encodeURIComponent(customer.username)}/login-token`,
        headers: { ...bearer(adminKey), host: 'internal:8080' },
      });
      expect(answer.json().data.url).toMatch(/^https:\/\/panel\.example\.net\/login\?token=/);
    } finally {
      await behindProxy.close();
    }
  });

  it('needs an admin: no key is 401, a customer’s token 403', async () => {
    expect((await issue(account.username, undefined, '')).statusCode).toBe(401);
    expect((await issue(account.username, undefined, account.token)).statusCode).toBe(403);
  });

  it('issues a one-minute link, stores only its hash and audits who asked for it', async () => {
    const before = Date.now();
    const answer = await issue(account.email, { redirect: '/server/abc123/console' });
    expect(answer.statusCode).toBe(201);
    const { token, url, expires_at } = answer.json().data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The Host header names no link: the panel's own address (HOST:PORT without PANEL_URL) does.
    expect(url).toBe(`http://127.0.0.1:8080/login?token=${token}`);
    const lifetime = Date.parse(expires_at) - before;
    expect(lifetime).toBeGreaterThan(55_000);
    expect(lifetime).toBeLessThanOrEqual(61_000);

    const [row] = await t.app.db
      .select()
      .from(loginTokens)
      .where(eq(loginTokens.tokenHash, hashToken(token)));
    expect(row).toMatchObject({ userId: account.id, issuedBy: keyIdentifier, redirectTo: '/server/abc123/console', usedAt: null });
    const stored = JSON.stringify(await t.app.db.select().from(loginTokens));
    expect(stored).not.toContain(token);

    const [audit] = await auditOf('auth.login-link-issued');
    expect(audit.properties).toMatchObject({ issued_by: keyIdentifier, redirect_to: '/server/abc123/console' });
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  it('names the admin in the audit when a root admin’s session (the admin area) issues the link', async () => {
    const admin = await createTestUser(t.app, { username: 'linkadmin', rootAdmin: true });
    await t.app.db.update(users).set({ useTotp: true }).where(eq(users.id, admin.user.id));
    const answer = await issue(account.username, undefined, admin.token);
    expect(answer.statusCode).toBe(201);
    const [audit] = await auditOf('auth.login-link-issued');
    expect(audit).toMatchObject({ actorId: admin.user.id, properties: expect.objectContaining({ issued_by: null, user_uuid: expect.any(String) }) });
  });

  it('works without a body, 404s an unknown user, 422s an off-site redirect and 409s a suspended account', async () => {
    expect((await issue(account.username)).statusCode).toBe(201);
    expect((await issue('nobody-here')).statusCode).toBe(404);
    for (const redirect of ['https://evil.example/', '//evil.example/x', 'server/abc']) {
      expect((await issue(account.username, { redirect })).statusCode).toBe(422);
    }
    await t.app.db.update(users).set({ suspended: true }).where(eq(users.id, account.id));
    expect((await issue(account.username)).statusCode).toBe(409);
  });

  it('allows ten links per user and minute, then 429 with Retry-After', async () => {
    for (let i = 0; i < 10; i++) expect((await issue(account.username)).statusCode).toBe(201);
    const limited = await issue(account.username);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /auth/login-token', () => {
  it('logs the user in like a complete login, once', async () => {
    const { token } = (await issue(account.username, { redirect: '/account/edit' })).json().data;
    const first = await exchange(token);
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(data).toMatchObject({ complete: true, redirect_to: '/account/edit', user: { username: account.username } });
    const current = await t.app.inject({ method: 'GET', url: '/api/v2/auth/current', headers: bearer(data.token) });
    expect(current.statusCode).toBe(200);
    expect(current.json().data.user.username).toBe(account.username);

    const again = await exchange(token);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: loginLinkInvalid, errors: { token: [loginLinkInvalid] } });

    const [success] = await auditOf('auth.success');
    expect(success).toMatchObject({ actorId: account.id, properties: expect.objectContaining({ method: 'login_link' }) });
    const [failure] = await auditOf('auth.fail');
    expect(failure).toMatchObject({ actorId: account.id, properties: { reason: 'login_link_used' } });
  });

  it('lets only one of two simultaneous exchanges through', async () => {
    const { token } = (await issue(account.username)).json().data;
    const answers = await Promise.all([exchange(token), exchange(token), exchange(token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422, 422]);
  });

  it('refuses a link older than a minute and an unknown token alike', async () => {
    const { token } = (await issue(account.username)).json().data;
    // The clock of the database decides: move the expiry into the past instead of waiting.
    await t.app.db
      .update(loginTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginTokens.tokenHash, hashToken(token)));
    const expired = await exchange(token);
    expect(expired.statusCode).toBe(422);
    const unknown = await exchange('x'.repeat(43));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual(expired.json());
    const reasons = (await auditOf('auth.fail')).slice(0, 2).map((e) => (e.properties as { reason: string }).reason);
    expect(reasons.sort()).toEqual(['login_link_expired', 'login_link_unknown']);
  });

  it('refuses a suspended account even with a valid link', async () => {
    const { token } = (await issue(account.username)).json().data;
    await t.app.db.update(users).set({ suspended: true }).where(eq(users.id, account.id));
    const answer = await exchange(token);
    expect(answer.statusCode).toBe(403);
  });

  it('answers 422 for a missing token and 429 after ten attempts a minute from one address', async () => {
    const ip = freshIp();
    const missing = await t.app.inject({ method: 'POST', url: '/api/v2/auth/login-token', payload: {}, remoteAddress: ip });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.token).toBeDefined();
    for (let i = 0; i < 9; i++) expect((await exchange(`guess-${i}`, ip)).statusCode).toBe(422);
    const limited = await exchange('guess-last', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
