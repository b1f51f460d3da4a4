import { eq } from 'drizzle-orm';
import { linkedIdentities } from '../../../../server/src/db/schema';
import { panelOrigin } from '../../../../server/src/lib/panelUrl';
import { createAdminKey } from '../../../../server/src/services/admin/adminKeys';
import { oauthMessages } from '../../../../server/src/services/auth/oauth/oauthMessages';
import { passkeyMessages } from '../../../../server/src/services/auth/passkeyMessages';
import { createTestApp, type TestApp } from '../../helpers/testApp';
import { bearer, createAccount, send, uniqueName } from '../../helpers/accountFixtures';
import { SoftwareAuthenticator } from '../../helpers/softwareAuthenticator';
import { signInAtProvider, startTestOidcProvider, TEST_OIDC_CLIENT, type ScriptedPerson, type TestOidcProvider } from '../../helpers/testOidcProvider';

// A passkey is a way in of its own: it confirms linking as the password does, and keeps an account
// without a password reachable when a provider is unlinked. A real provider, real WebAuthn checks.
jest.setTimeout(60_000);

// The test app listens nowhere: its address is HOST and PORT, which browsers reach as localhost for passkeys.
const ORIGIN = 'http://localhost:8080';
const RP_ID = 'localhost';

let provider: TestOidcProvider;
let t: TestApp;
let socialite: string;
beforeAll(async () => {
  t = await createTestApp({ signupOpen: true });
  socialite = `${panelOrigin(t.app)}/socialite`;
  provider = await startTestOidcProvider(socialite);
  const { key } = await createAdminKey(t.app.db, 'ways-in');
  for (const id of ['first', 'second']) {
    const body = { id, kind: 'oidc', client_id: TEST_OIDC_CLIENT.id, client_secret: TEST_OIDC_CLIENT.secret, issuer: provider.issuer };
    expect((await t.app.inject({ method: 'POST', url: '/api/v2/admin/oauth-providers', headers: bearer(key), payload: body })).statusCode).toBe(201);
  }
});
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});

const person = (): ScriptedPerson => {
  const subject = uniqueName('person');
  return { subject, email: `${subject}@idp.test` };
};

/** Finishes an attempt the panel started (its answer: the provider's address and the binding cookie). */
async function finish(started: Awaited<ReturnType<typeof send>>, who: ScriptedPerson, path: string, headers: Record<string, string> = {}) {
  const url = started.headers.location ?? started.json().data.url;
  const cookie = started.cookies.find((c) => c.name === 'panel_oauth')!;
  const query = await signInAtProvider(url as string, socialite, who);
  return send(t.app, 'POST', path, { state: query.get('state'), code: query.get('code'), iss: query.get('iss') }, { headers: { ...headers, cookie: `panel_oauth=${cookie.value}` } });
}

/** Signs a new person up through provider `first`: an account without a password. */
async function signUp(): Promise<{ who: ScriptedPerson; token: string }> {
  const who = person();
  const res = await finish(await send(t.app, 'GET', '/api/v2/auth/oauth/first/redirect'), who, '/api/v2/auth/oauth/callback');
  expect(res.statusCode).toBe(200);
  return { who, token: res.json().data.token as string };
}

async function addPasskey(account: { token: string }): Promise<SoftwareAuthenticator> {
  const key = new SoftwareAuthenticator(ORIGIN, RP_ID);
  const options = await send(t.app, 'POST', '/api/v2/account/passkeys/registration-options', undefined, { headers: bearer(account.token) });
  const { ceremony_id, options: creation } = options.json().data;
  expect((await send(t.app, 'POST', '/api/v2/account/passkeys', { ceremony_id, name: 'Phone', credential: key.create(creation) }, { headers: bearer(account.token) })).statusCode).toBe(201);
  return key;
}

/** Proves the passkey for linking: the options, then the authenticator's answer. */
async function passkeyProof(account: { token: string }, key: SoftwareAuthenticator) {
  const options = await send(t.app, 'POST', '/api/v2/account/linked-accounts/passkey-options', undefined, { headers: bearer(account.token) });
  expect(options.statusCode).toBe(200);
  const { ceremony_id, options: request } = options.json().data;
  return { ceremony_id, credential: key.get(request) };
}

const unlink = (account: { token: string }, id: string) => send(t.app, 'DELETE', `/api/v2/account/linked-accounts/${id}`, undefined, { headers: bearer(account.token) });

describe('passkeys as a way in for linked accounts', () => {
  it('lets an account without a password unlink its only provider once it has a passkey', async () => {
    const account = await signUp();
    const refused = await unlink(account, 'first');
    expect({ status: refused.statusCode, message: refused.json().message }).toEqual({ status: 409, message: oauthMessages.lastWayIn });
    await addPasskey(account);
    const listed = await send(t.app, 'GET', '/api/v2/account/linked-accounts', undefined, { headers: bearer(account.token) });
    expect(listed.json().data).toMatchObject({ has_password: false, has_passkeys: true });
    expect((await unlink(account, 'first')).statusCode).toBe(204);
  });

  it('confirms linking with a passkey (no password needed); a spent or another account’s ceremony is refused', async () => {
    const account = await signUp();
    const key = await addPasskey(account);
    const headers = bearer(account.token);
    // Without any proof the password is asked for.
    expect((await send(t.app, 'POST', '/api/v2/account/linked-accounts/second', {}, { headers })).json().errors).toEqual({ password: ['This field is required'] });

    const proof = await passkeyProof(account, key);
    const started = await send(t.app, 'POST', '/api/v2/account/linked-accounts/second', proof, { headers });
    expect(started.statusCode).toBe(200);
    const replayed = await send(t.app, 'POST', '/api/v2/account/linked-accounts/second', proof, { headers });
    expect({ status: replayed.statusCode, message: replayed.json().message }).toEqual({ status: 422, message: passkeyMessages.expired });

    const stranger = await createAccount(t.app);
    const theirs = await send(t.app, 'POST', '/api/v2/account/linked-accounts/second', await passkeyProof(account, key), { headers: bearer(stranger.token) });
    expect(theirs.statusCode).toBe(422);

    const linked = await finish(started, person(), '/api/v2/account/linked-accounts/callback', headers);
    expect(linked.json().data).toMatchObject({ provider: 'second', linked: true });
    // Two providers linked and a passkey: either provider can go.
    expect((await unlink(account, 'first')).statusCode).toBe(204);
  });

  it('does not count a provider the host disabled as a way in', async () => {
    const account = await signUp();
    const { key } = await createAdminKey(t.app.db, uniqueName('key'));
    const owner = (await t.app.db.select().from(linkedIdentities).where(eq(linkedIdentities.subject, account.who.subject)))[0].userId;
    await t.app.db.insert(linkedIdentities).values({ userId: owner, provider: 'second', subject: uniqueName('other'), email: null });
    const disable = (enabled: boolean) => t.app.inject({ method: 'PATCH', url: '/api/v2/admin/oauth-providers/second', headers: bearer(key), payload: { enabled } });
    expect((await disable(false)).statusCode).toBe(200);
    try {
      expect((await unlink(account, 'first')).statusCode).toBe(409);
    } finally {
      expect((await disable(true)).statusCode).toBe(200);
    }
    expect((await unlink(account, 'first')).statusCode).toBe(204);
  });
});
