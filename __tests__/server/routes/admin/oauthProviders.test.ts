import { eq } from 'drizzle-orm';
import { adminAuditLogs, linkedIdentities, oauthProviders, users } from '../../../../server/src/db/schema';
import { openSecret } from '../../../../server/src/lib/secretBox';
import { createAdminKey } from '../../../../server/src/services/admin/adminKeys';
import { oauthMessages } from '../../../../server/src/services/auth/oauth/oauthMessages';
import { providerFieldMessages } from '../../../../server/src/services/auth/oauth/oauthProviderFields';
import { settingsProviderMessage } from '../../../../server/src/services/auth/oauth/oauthProviderAdmin';
import { createTestApp, type TestApp } from '../../helpers/testApp';
import { waitFor } from '../../helpers/waitFor';
import { bearer, createAccount, send, uniqueName } from '../../helpers/accountFixtures';
import { signInAtProvider, startTestOidcProvider, TEST_OIDC_CLIENT, type ScriptedPerson, type TestOidcProvider } from '../../helpers/testOidcProvider';

// The admin API against a real database and a real OpenID Connect provider in a child process.
jest.setTimeout(60_000);

const PANEL = 'http://panel.test';
const SOCIALITE = `${PANEL}/socialite`;

let provider: TestOidcProvider;
let t: TestApp;
let key: string;
beforeAll(async () => {
  provider = await startTestOidcProvider(SOCIALITE);
  t = await createTestApp({
    publicUrl: PANEL,
    signupOpen: true,
    oauthProviders: [{ id: 'company', kind: 'oidc', name: 'Company ID', clientId: TEST_OIDC_CLIENT.id, clientSecret: TEST_OIDC_CLIENT.secret, issuer: provider.issuer }],
  });
  key = (await createAdminKey(t.app.db, 'oauth-tests')).key;
});
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const admin = (method: Method, url: string, payload?: object, authorization = `Bearer ${key}`) =>
  t.app.inject({ method, url: `/api/v2/admin/oauth-providers${url}`, headers: authorization ? { authorization } : {}, ...(payload ? { payload } : {}) });

const staff = (extra: object = {}) => ({ id: 'staff', kind: 'oidc', name: 'Staff login', client_id: TEST_OIDC_CLIENT.id, client_secret: TEST_OIDC_CLIENT.secret, issuer: provider.issuer, ...extra });
const offered = async () => (await send(t.app, 'GET', '/api/v2/auth/oauth/providers')).json().data.map((entry: { id: string }) => entry.id);

/** A whole login through provider `id`: the redirect, the person at the provider, the callback. */
async function socialLogin(id: string, who: ScriptedPerson) {
  const started = await send(t.app, 'GET', `/api/v2/auth/oauth/${id}/redirect`);
  if (started.statusCode !== 302) return started;
  const cookie = started.cookies.find((c) => c.name === 'panel_oauth')!;
  const query = await signInAtProvider(started.headers.location as string, SOCIALITE, who);
  return send(t.app, 'POST', '/api/v2/auth/oauth/callback', { state: query.get('state'), code: query.get('code'), iss: query.get('iss') }, { headers: { cookie: `panel_oauth=${cookie.value}` } });
}
const person = (): ScriptedPerson => {
  const subject = uniqueName('person');
  return { subject, email: `${subject}@idp.test` };
};

describe('social-login providers through the admin API', () => {
  it('needs an admin: no key is 401, a customer’s session 403, and nothing is stored', async () => {
    expect((await admin('GET', '', undefined, '')).statusCode).toBe(401);
    const customer = await createAccount(t.app);
    expect((await admin('GET', '', undefined, bearer(customer.token).authorization)).statusCode).toBe(403);
    expect((await admin('POST', '', staff({ id: 'sneaky' }), bearer(customer.token).authorization)).statusCode).toBe(403);
    expect(await t.app.db.select().from(oauthProviders)).toEqual([]);
  });

  it('names every bad field at once and stores nothing', async () => {
    const missing = await admin('POST', '', {});
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['client_id', 'client_secret', 'id', 'kind']);

    const bad = await admin('POST', '', { id: 'Not an id', kind: 'saml', client_id: 'x', client_secret: 'y' });
    expect(bad.json().errors).toMatchObject({ id: [providerFieldMessages.id], kind: [expect.any(String)] });
    const cases: [object, string, string][] = [
      [staff({ id: 'callback' }), 'id', providerFieldMessages.reserved],
      [staff({ id: 'company' }), 'id', providerFieldMessages.inSettings],
      [staff({ issuer: undefined }), 'issuer', providerFieldMessages.issuerRequired],
      [staff({ issuer: 'http://idp.example.com' }), 'issuer', providerFieldMessages.issuerInvalid],
      [staff({ kind: 'google' }), 'issuer', providerFieldMessages.issuerNotAllowed],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin('POST', '', body);
      expect({ status: res.statusCode, errors: res.json().errors }).toEqual({ status: 422, errors: { [field]: [message] } });
    }
    expect(await t.app.db.select().from(oauthProviders)).toEqual([]);
  });

  it('adds a provider whose secret is stored sealed and never answered; the settings’ one is listed read-only', async () => {
    const created = await admin('POST', '', staff());
    expect(created.statusCode).toBe(201);
    expect(created.json().data.oauth_provider).toEqual({
      id: 'staff',
      kind: 'oidc',
      name: 'Staff login',
      client_id: TEST_OIDC_CLIENT.id,
      has_client_secret: true,
      issuer: provider.issuer,
      enabled: true,
      source: 'admin',
      linked_accounts: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await admin('POST', '', staff())).json().errors).toEqual({ id: [providerFieldMessages.taken] });

    const list = await admin('GET', '');
    expect(list.json().meta).toEqual({ callback_url: SOCIALITE });
    expect(list.json().data.map((entry: { id: string; source: string }) => [entry.id, entry.source])).toEqual([
      ['company', 'settings'],
      ['staff', 'admin'],
    ]);
    for (const answer of [created.body, list.body, (await admin('GET', '/staff')).body, (await admin('GET', '/company')).body]) expect(answer).not.toContain(TEST_OIDC_CLIENT.secret);
    const [row] = await t.app.db.select().from(oauthProviders).where(eq(oauthProviders.id, 'staff'));
    expect(row.clientSecretSealed).not.toContain(TEST_OIDC_CLIENT.secret);
    expect(openSecret(t.config.secret, 'oauth-client-secret:staff', row.clientSecretSealed)).toBe(TEST_OIDC_CLIENT.secret);
    // The admin audit entry is written once the answer is sent.
    const audited = await waitFor(async () => {
      const rows = await t.app.db.select().from(adminAuditLogs).where(eq(adminAuditLogs.event, 'createAdminOAuthProvider'));
      const created = rows.filter((row) => row.status === 201);
      return created.length > 0 ? created : null;
    });
    expect(audited[0].properties).toMatchObject({ id: 'staff', client_id: TEST_OIDC_CLIENT.id });
    expect(JSON.stringify(audited)).not.toContain(TEST_OIDC_CLIENT.secret);

    for (const method of ['PATCH', 'DELETE'] as const) {
      const refused = await admin(method, '/company', method === 'PATCH' ? { name: 'Renamed' } : undefined);
      expect({ status: refused.statusCode, message: refused.json().message }).toEqual({ status: 409, message: settingsProviderMessage });
    }
    expect((await admin('GET', '/company')).json().data.oauth_provider).toMatchObject({ name: 'Company ID', source: 'settings', has_client_secret: true });
    expect((await admin('PATCH', '/nope', { name: 'x' })).statusCode).toBe(404);
  });

  it('logs people in through the added provider at once, and follows a changed secret without a restart', async () => {
    expect(await offered()).toEqual(['company', 'staff']);
    const who = person();
    const login = await socialLogin('staff', who);
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toMatchObject({ complete: true, user: { email: who.email } });
    const [user] = await t.app.db.select().from(users).where(eq(users.email, who.email));
    expect(await t.app.db.select({ provider: linkedIdentities.provider }).from(linkedIdentities).where(eq(linkedIdentities.userId, user.id))).toEqual([{ provider: 'staff' }]);
    expect((await admin('GET', '/staff')).json().data.oauth_provider.linked_accounts).toBe(1);

    // The discovered configuration is dropped with the change: the wrong secret fails at the provider, the right one works again.
    expect((await admin('PATCH', '/staff', { client_secret: 'not-the-secret' })).statusCode).toBe(200);
    const failed = await socialLogin('staff', who);
    expect({ status: failed.statusCode, message: failed.json().message }).toEqual({ status: 403, message: oauthMessages.providerFailed });
    expect((await admin('PATCH', '/staff', { client_secret: TEST_OIDC_CLIENT.secret, name: '' })).json().data.oauth_provider.name).toBe('staff');
    expect((await socialLogin('staff', who)).statusCode).toBe(200);
  });

  it('stops offering a disabled or deleted provider; attempts under way are refused and linked identities stay', async () => {
    const who = person();
    const started = await send(t.app, 'GET', '/api/v2/auth/oauth/staff/redirect');
    const query = await signInAtProvider(started.headers.location as string, SOCIALITE, who);

    expect((await admin('PATCH', '/staff', { enabled: false })).json().data.oauth_provider.enabled).toBe(false);
    expect(await offered()).toEqual(['company']);
    expect((await send(t.app, 'GET', '/api/v2/auth/oauth/staff/redirect')).statusCode).toBe(404);
    const cookie = started.cookies.find((c) => c.name === 'panel_oauth')!;
    const late = await send(t.app, 'POST', '/api/v2/auth/oauth/callback', { state: query.get('state'), code: query.get('code') }, { headers: { cookie: `panel_oauth=${cookie.value}` } });
    expect({ status: late.statusCode, message: late.json().message }).toEqual({ status: 400, message: oauthMessages.invalidState });

    expect((await admin('PATCH', '/staff', { enabled: true })).statusCode).toBe(200);
    expect(await offered()).toEqual(['company', 'staff']);
    expect((await admin('DELETE', '/staff')).statusCode).toBe(204);
    expect(await offered()).toEqual(['company']);
    expect((await admin('GET', '/staff')).statusCode).toBe(404);
    expect((await send(t.app, 'GET', '/api/v2/auth/oauth/staff/redirect')).statusCode).toBe(404);
    expect((await t.app.db.select().from(linkedIdentities).where(eq(linkedIdentities.provider, 'staff'))).length).toBe(1);
  });
});
