import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../helpers/testApp';
import { accessTokens, auditLogs, linkedIdentities, users } from '../../../../server/src/db/schema';
import { oauthMessages } from '../../../../server/src/services/auth/oauth/oauthMessages';
import { bearer, createAccount, enableTwoFactorFor, freshIp, send, totpCode, uniqueName, type TestAccount } from '../../helpers/accountFixtures';
import { signInAtProvider, startTestOidcProvider, TEST_OIDC_CLIENT, type ScriptedPerson, type TestOidcProvider } from '../../helpers/testOidcProvider';

// A real OpenID Connect provider in a child process, and every flow over HTTP.
jest.setTimeout(60_000);

const PANEL = 'http://panel.test';
const SOCIALITE = `${PANEL}/socialite`;

let provider: TestOidcProvider;
let t: TestApp;
let account: TestAccount;
beforeAll(async () => {
  provider = await startTestOidcProvider(SOCIALITE);
  t = await createTestApp({
    publicUrl: PANEL,
    signupOpen: true,
    oauthProviders: [{ id: 'local', kind: 'oidc', name: 'Local ID', clientId: TEST_OIDC_CLIENT.id, clientSecret: TEST_OIDC_CLIENT.secret, issuer: provider.issuer }],
  });
  account = await createAccount(t.app);
});
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});

const person = (overrides: Partial<ScriptedPerson> = {}): ScriptedPerson => {
  const subject = uniqueName('person');
  return { subject, email: `${subject}@idp.test`, ...overrides };
};

/** A started attempt: the provider's address, and the browser's cookie binding it. */
async function start(url = '/api/v2/auth/oauth/local/redirect', init: { method?: 'GET' | 'POST'; payload?: object; headers?: Record<string, string> } = {}) {
  const res = await send(t.app, init.method ?? 'GET', url, init.payload, { headers: init.headers });
  const location = res.headers.location ?? res.json().data?.url;
  expect(typeof location).toBe('string');
  const cookie = res.cookies.find((c) => c.name === 'panel_oauth');
  return { url: location as string, cookie: `panel_oauth=${cookie!.value}` };
}

const callback = (query: URLSearchParams, cookie: string | undefined, path = '/api/v2/auth/oauth/callback', headers: Record<string, string> = {}) =>
  send(t.app, 'POST', path, { state: query.get('state'), code: query.get('code'), iss: query.get('iss') }, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });

/** A whole login: start, sign in at the provider, the callback. */
async function socialLogin(who: ScriptedPerson) {
  const attempt = await start();
  const query = await signInAtProvider(attempt.url, SOCIALITE, who);
  return { res: await callback(query, attempt.cookie), query, cookie: attempt.cookie };
}

/** Links `who` to the account through the account page's flow. */
async function link(owner: TestAccount, who: ScriptedPerson) {
  const attempt = await start('/api/v2/account/linked-accounts/local', { method: 'POST', payload: { password: owner.password }, headers: bearer(owner.token) });
  const query = await signInAtProvider(attempt.url, SOCIALITE, who);
  return callback(query, attempt.cookie, '/api/v2/account/linked-accounts/callback', bearer(owner.token));
}

const refusals = async () => (await t.app.db.select().from(auditLogs).where(eq(auditLogs.event, 'auth.oauth-refused'))).map((row) => (row.properties as { reason: string }).reason);
const sessionsOf = async (userId: number) => (await t.app.db.select().from(accessTokens).where(eq(accessTokens.userId, userId))).length;

describe('social login through a real OpenID Connect provider', () => {
  it('starts with PKCE (S256), a state and a nonce, and lists the provider for the login page', async () => {
    const attempt = await start();
    const url = new URL(attempt.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ client_id: 'panel', redirect_uri: SOCIALITE, response_type: 'code', code_challenge_method: 'S256', scope: 'openid email profile' });
    for (const name of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(name)).toMatch(/^[\w-]{22,}$/);
    expect((await send(t.app, 'GET', '/api/v2/auth/oauth/providers')).json()).toEqual({ data: [{ id: 'local', name: 'Local ID' }] });
    expect((await send(t.app, 'GET', '/api/v2/auth/oauth/nope/redirect')).statusCode).toBe(404);
  });

  it('links an identity from the account page (password first), then logs in with it; the code cannot be replayed', async () => {
    const who = person();
    const wrongPassword = await send(t.app, 'POST', '/api/v2/account/linked-accounts/local', { password: 'wrong password' }, { headers: bearer(account.token) });
    expect(wrongPassword.statusCode).toBe(422);
    const linked = await link(account, who);
    expect(linked.statusCode).toBe(200);
    expect(linked.json().data).toMatchObject({ provider: 'local', linked: true, email: who.email });

    const list = await send(t.app, 'GET', '/api/v2/account/linked-accounts', undefined, { headers: bearer(account.token) });
    expect(list.json().data).toMatchObject({ has_password: true, providers: [{ provider: 'local', name: 'Local ID', linked: true }] });

    const { res, query, cookie } = await socialLogin(who);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ complete: true, user: { username: account.username } });
    expect((await send(t.app, 'GET', '/api/v2/auth/current', undefined, { headers: bearer(data.token) })).statusCode).toBe(200);

    // The same answer again (a replayed code, even from the same browser) is refused.
    const before = await sessionsOf(account.id);
    const replay = await callback(query, cookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(oauthMessages.invalidState);
    expect(await sessionsOf(account.id)).toBe(before);
    const events = (await t.app.db.select().from(auditLogs).where(eq(auditLogs.actorId, account.id))).map((row) => row.event);
    expect(events).toEqual(expect.arrayContaining(['account.oauth-linked', 'auth.oauth-login', 'auth.success']));
  });

  it('refuses a state this browser was not given, or none at all', async () => {
    const who = person();
    const mine = await start();
    const theirs = await start();
    const query = await signInAtProvider(mine.url, SOCIALITE, who);
    // The attacker's browser (another attempt's cookie) and a browser without the cookie.
    expect((await callback(query, theirs.cookie)).statusCode).toBe(400);
    const unknown = new URLSearchParams(query);
    unknown.set('state', 'a-state-nobody-started-0123456789');
    expect((await callback(unknown, mine.cookie)).statusCode).toBe(400);
    expect(await refusals()).toContain('state');
  });

  it('refuses an ID token whose nonce is not the one the panel sent', async () => {
    const who = person({ email: account.email });
    const attempt = await start();
    const forged = new URL(attempt.url);
    forged.searchParams.set('nonce', 'a-nonce-the-panel-never-sent');
    const query = await signInAtProvider(forged.href, SOCIALITE, who);
    const res = await callback(query, attempt.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(oauthMessages.providerFailed);
    expect(await refusals()).toContain('provider');
  });

  it('never logs an unlinked identity into the account with its (verified) email', async () => {
    const before = await sessionsOf(account.id);
    const { res } = await socialLogin(person({ email: account.email }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(oauthMessages.emailInUse);
    expect(await sessionsOf(account.id)).toBe(before);
    expect(await refusals()).toContain('email-in-use');
  });

  it('never matches nor signs up with an unverified email', async () => {
    const matching = await socialLogin(person({ email: account.email, emailVerified: false }));
    expect(matching.res.statusCode).toBe(403);
    expect(matching.res.json().message).toBe(oauthMessages.unverifiedEmail);
    const stranger = person({ emailVerified: false });
    const fresh = await socialLogin(stranger);
    expect(fresh.res.statusCode).toBe(403);
    expect(await t.app.db.select().from(users).where(eq(users.email, stranger.email))).toEqual([]);
  });

  it('signs a new person up while sign-up is open (no password: the link stays), and refuses while it is closed', async () => {
    const newcomer = person({ subject: uniqueName('Mr.Newcomer ') });
    const { res } = await socialLogin(newcomer);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ complete: true, user: { email: newcomer.email, username: expect.stringMatching(/^mr\.newcomer[0-9a-f]{8}$/) } });
    const headers = bearer(data.token);
    expect((await send(t.app, 'GET', '/api/v2/account/linked-accounts', undefined, { headers })).json().data.has_password).toBe(false);
    const unlink = await send(t.app, 'DELETE', '/api/v2/account/linked-accounts/local', undefined, { headers });
    expect(unlink.statusCode).toBe(409);
    expect(unlink.json().message).toBe(oauthMessages.lastWayIn);
    // A password login of the new account finds no password to match.
    expect((await send(t.app, 'POST', '/api/v2/auth/login', { login: newcomer.email, password: '' })).statusCode).toBe(422);

    // The setting is read at each attempt (it can change while the panel runs).
    t.app.config.signupOpen = false;
    try {
      const stranger = person();
      const closed = await socialLogin(stranger);
      expect(closed.res.statusCode).toBe(403);
      expect(closed.res.json().message).toBe(oauthMessages.signupClosed);
      expect(await t.app.db.select().from(users).where(eq(users.email, stranger.email))).toEqual([]);
      // The sign-up form is closed as well.
      const form = await send(t.app, 'POST', '/api/v2/auth/register', {
        username: uniqueName(),
        email: stranger.email,
        password: 'long enough password',
        password_confirmation: 'long enough password',
      });
      expect(form.statusCode).toBe(403);
    } finally {
      t.app.config.signupOpen = true;
    }
  });

  it('still asks for the second factor of an account with two-factor on', async () => {
    const guarded = await createAccount(t.app);
    const { secret } = await enableTwoFactorFor(t.app, guarded);
    const who = person();
    expect((await link(guarded, who)).statusCode).toBe(200);
    const { res } = await socialLogin(who);
    expect(res.statusCode).toBe(200);
    const pending = res.json().data;
    expect(pending).toEqual({ complete: false, confirmation_token: expect.any(String) });
    const checkpoint = await send(t.app, 'POST', '/api/v2/auth/login-checkpoint', { token: pending.confirmation_token, authentication_code: await totpCode(secret) }, { remoteAddress: freshIp() });
    expect(checkpoint.statusCode).toBe(200);
    expect(checkpoint.json().data).toMatchObject({ complete: true, user: { username: guarded.username } });
  });

  it('unlinks, after which the identity no longer opens the account', async () => {
    const owner = await createAccount(t.app);
    const who = person();
    expect((await link(owner, who)).statusCode).toBe(200);
    expect((await send(t.app, 'DELETE', '/api/v2/account/linked-accounts/local', undefined, { headers: bearer(owner.token) })).statusCode).toBe(204);
    expect(
      await t.app.db
        .select()
        .from(linkedIdentities)
        .where(and(eq(linkedIdentities.userId, owner.id))),
    ).toEqual([]);
    const events = (await t.app.db.select().from(auditLogs).where(eq(auditLogs.actorId, owner.id))).map((row) => row.event);
    expect(events).toContain('account.oauth-unlinked');
  });
});
