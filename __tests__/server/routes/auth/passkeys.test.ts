import { and, desc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../helpers/testApp';
import { auditLogs } from '../../../../server/src/db/schema';
import { createLoginConfirmation } from '../../../../server/src/services/auth/loginConfirmations';
import { bearer, createAccount, enableTwoFactorFor, freshIp, send, type TestAccount } from '../../helpers/accountFixtures';
import { SoftwareAuthenticator, type CeremonyTweaks } from '../../helpers/softwareAuthenticator';

jest.setTimeout(60_000);

// The test app listens nowhere: its address is HOST and PORT (127.0.0.1:8080), which browsers reach as localhost for passkeys.
const ORIGIN = 'http://localhost:8080';
const RP_ID = 'localhost';

let t: TestApp;
let alice: TestAccount;
let bob: TestAccount;
let aliceKey: SoftwareAuthenticator;
let bobKey: SoftwareAuthenticator;
let recoveryCodes: string[];
beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = await Promise.all([createAccount(t.app), createAccount(t.app)]);
  ({ recoveryCodes } = await enableTwoFactorFor(t.app, alice));
  aliceKey = new SoftwareAuthenticator(ORIGIN, RP_ID);
  bobKey = new SoftwareAuthenticator(ORIGIN, RP_ID);
});
afterAll(() => t.close());

const lastAudit = async (userId: number | null, event: string) => {
  const [row] = await t.app.db
    .select()
    .from(auditLogs)
    .where(and(userId === null ? undefined : eq(auditLogs.actorId, userId), eq(auditLogs.event, event)))
    .orderBy(desc(auditLogs.id))
    .limit(1);
  return row?.properties;
};

async function register(account: TestAccount, key: SoftwareAuthenticator, name: string, tweaks: CeremonyTweaks = {}) {
  const options = await send(t.app, 'POST', '/api/v2/account/passkeys/registration-options', undefined, { headers: bearer(account.token) });
  expect(options.statusCode).toBe(200);
  const { ceremony_id, options: creation } = options.json().data;
  expect(creation).toMatchObject({ rp: { id: RP_ID }, authenticatorSelection: { residentKey: 'required', userVerification: 'required' }, attestation: 'none' });
  return send(t.app, 'POST', '/api/v2/account/passkeys', { ceremony_id, name, credential: key.create(creation, tweaks) }, { headers: bearer(account.token) });
}

async function loginOptions() {
  const res = await send(t.app, 'POST', '/api/v2/auth/passkey/login-options');
  expect(res.statusCode).toBe(200);
  return res.json().data as { ceremony_id: string; options: { challenge: string; rpId: string; allowCredentials?: unknown[] } };
}

const login = (ceremony_id: string, credential: object) => send(t.app, 'POST', '/api/v2/auth/passkey/login', { ceremony_id, credential });

describe('passkeys', () => {
  it('registers several named passkeys; a wrong origin or no user verification is refused', async () => {
    expect((await register(alice, new SoftwareAuthenticator('http://evil.example:8080', RP_ID), 'Phished')).statusCode).toBe(422);
    expect((await register(alice, new SoftwareAuthenticator(ORIGIN, 'evil.example'), 'Other RP')).statusCode).toBe(422);
    expect((await register(alice, new SoftwareAuthenticator(ORIGIN, RP_ID), 'No PIN', { userVerified: false })).statusCode).toBe(422);

    const res = await register(alice, aliceKey, 'Laptop');
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({ uuid: expect.any(String), name: 'Laptop', created_at: expect.any(String), last_used_at: null, synced: false });
    expect(await lastAudit(alice.id, 'account.passkey-added')).toEqual({ uuid: res.json().data.uuid, name: 'Laptop' });
    expect((await register(bob, bobKey, 'Phone')).statusCode).toBe(201);
    // The same credential cannot be registered twice (the browser excludes it too).
    expect((await register(alice, aliceKey, 'Again')).statusCode).toBe(422);

    const list = await send(t.app, 'GET', '/api/v2/account/passkeys', undefined, { headers: bearer(alice.token) });
    expect(list.json().data.map((p: { name: string }) => p.name)).toEqual(['Laptop']);
  });

  it('a registration answer counts once, and only for the account that asked', async () => {
    const options = await send(t.app, 'POST', '/api/v2/account/passkeys/registration-options', undefined, { headers: bearer(alice.token) });
    const { ceremony_id, options: creation } = options.json().data;
    const credential = new SoftwareAuthenticator(ORIGIN, RP_ID).create(creation);
    expect((await send(t.app, 'POST', '/api/v2/account/passkeys', { ceremony_id, name: 'Stolen', credential }, { headers: bearer(bob.token) })).statusCode).toBe(422);
  });

  it('logs in with a passkey alone (no username, no code even with two-factor on), once per challenge and counter', async () => {
    const { ceremony_id, options } = await loginOptions();
    // No account's credentials are listed: the browser offers its discoverable ones.
    expect(options).toMatchObject({ rpId: RP_ID, userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const assertion = aliceKey.get(options);
    const res = await login(ceremony_id, assertion);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ complete: true, user: { username: alice.username, has_passkeys: true, passkey_session: true } });
    const current = await send(t.app, 'GET', '/api/v2/auth/current', undefined, { headers: bearer(res.json().data.token) });
    expect(current.json().data.user).toMatchObject({ has_passkeys: true, passkey_session: true });
    expect(await lastAudit(alice.id, 'auth.success')).toMatchObject({ method: 'passkey' });

    // The same assertion again: its challenge is spent.
    const replayed = await login(ceremony_id, assertion);
    expect(replayed.statusCode).toBe(422);
    expect(await lastAudit(alice.id, 'auth.passkey-failed')).toEqual({ reason: 'challenge', purpose: 'login' });
    // A fresh challenge signed with the counter not moved on (a cloned authenticator).
    const next = await loginOptions();
    expect((await login(next.ceremony_id, aliceKey.get(next.options, { keepCounter: true }))).statusCode).toBe(422);
    expect(await lastAudit(alice.id, 'auth.passkey-failed')).toEqual({ reason: 'counter', purpose: 'login' });
    // A password session of an account with passkeys says so, but is no passkey session.
    const bobCurrent = await send(t.app, 'GET', '/api/v2/auth/current', undefined, { headers: bearer(bob.token) });
    expect(bobCurrent.json().data.user).toMatchObject({ has_passkeys: true, passkey_session: false });
  });

  it('refuses an assertion from another origin, for another RP ID, without user verification or of an unknown credential', async () => {
    for (const tweaks of [{ origin: 'http://evil.example:8080' }, { rpId: 'evil.example' }, { userVerified: false }]) {
      const { ceremony_id, options } = await loginOptions();
      const res = await login(ceremony_id, aliceKey.get(options, tweaks));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.credential).toEqual(['This passkey could not be verified.']);
    }
    const { ceremony_id, options } = await loginOptions();
    expect((await login(ceremony_id, new SoftwareAuthenticator(ORIGIN, RP_ID).get(options))).statusCode).toBe(422);
    expect(await lastAudit(null, 'auth.passkey-failed')).toEqual({ reason: 'unknown_credential', purpose: 'login' });
  });

  it('takes a passkey as the second factor instead of a code, never another account’s; recovery codes still work', async () => {
    const token = await createLoginConfirmation(t.app.db, { userId: alice.id, remember: false });
    const checkpointOptions = async () => {
      const res = await send(t.app, 'POST', '/api/v2/auth/passkey/checkpoint-options', { token });
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    const first = await checkpointOptions();
    expect(first.options.allowCredentials).toEqual([expect.objectContaining({ id: aliceKey.id })]);
    // Bob's own, valid passkey does not finish Alice's login.
    const bobs = await send(t.app, 'POST', '/api/v2/auth/passkey/checkpoint', { token, ceremony_id: first.ceremony_id, credential: bobKey.get(first.options) });
    expect(bobs.statusCode).toBe(422);
    expect(await lastAudit(alice.id, 'auth.passkey-failed')).toEqual({ reason: 'other_account', purpose: 'second-factor' });
    // A username-less login ceremony is no second-factor ceremony.
    const loginCeremony = await loginOptions();
    expect((await send(t.app, 'POST', '/api/v2/auth/passkey/checkpoint', { token, ceremony_id: loginCeremony.ceremony_id, credential: aliceKey.get(loginCeremony.options) })).statusCode).toBe(422);

    const second = await checkpointOptions();
    const res = await send(t.app, 'POST', '/api/v2/auth/passkey/checkpoint', { token, ceremony_id: second.ceremony_id, credential: aliceKey.get(second.options) }, { remoteAddress: freshIp() });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ complete: true, user: { username: alice.username, passkey_session: true } });
    expect(await lastAudit(alice.id, 'auth.checkpoint')).toEqual({ method: 'passkey' });
    // The confirmation is spent with the login.
    expect((await send(t.app, 'POST', '/api/v2/auth/passkey/checkpoint-options', { token })).statusCode).toBe(422);

    const another = await createLoginConfirmation(t.app.db, { userId: alice.id, remember: false });
    const withCode = await send(t.app, 'POST', '/api/v2/auth/login-checkpoint', { token: another, authentication_code: recoveryCodes[0] });
    expect(withCode.statusCode).toBe(200);
  });

  it('renames, and removes only with the password and only the account’s own passkey', async () => {
    const [mine] = (await send(t.app, 'GET', '/api/v2/account/passkeys', undefined, { headers: bearer(alice.token) })).json().data;
    expect(mine.last_used_at).not.toBeNull();
    const renamed = await send(t.app, 'PATCH', `/api/v2/account/passkeys/${mine.uuid}`, { name: 'Work laptop' }, { headers: bearer(alice.token) });
    expect(renamed.json().data.name).toBe('Work laptop');
    expect((await send(t.app, 'PATCH', `/api/v2/account/passkeys/${mine.uuid}`, { name: '' }, { headers: bearer(alice.token) })).statusCode).toBe(422);

    const remove = (account: TestAccount, password?: string) =>
      send(t.app, 'DELETE', `/api/v2/account/passkeys/${mine.uuid}`, password === undefined ? {} : { password }, { headers: bearer(account.token) });
    expect((await remove(alice)).statusCode).toBe(422);
    expect((await remove(alice, 'wrong password')).json().errors).toEqual({ password: ['The password is incorrect'] });
    expect((await remove(bob, bob.password)).statusCode).toBe(404);
    expect((await remove(alice, alice.password)).statusCode).toBe(204);
    expect(await lastAudit(alice.id, 'account.passkey-removed')).toEqual({ uuid: mine.uuid, name: 'Work laptop' });
    expect((await send(t.app, 'GET', '/api/v2/account/passkeys', undefined, { headers: bearer(alice.token) })).json().data).toEqual([]);

    // A removed passkey logs nobody in.
    const { ceremony_id, options } = await loginOptions();
    expect((await login(ceremony_id, aliceKey.get(options))).statusCode).toBe(422);
  });
});
