import { eq } from 'drizzle-orm';
import { verify } from 'otplib';
import { createTestApp, type TestApp } from '../../helpers/testApp';
import { recoveryCodes } from '../../../../server/src/db/schema';
import { hashToken } from '../../../../server/src/lib/tokens';
import { bearer, createAccount, enableTwoFactorFor, reloadUser, send, totpCode } from '../../helpers/accountFixtures';

jest.setTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/v2/account/two-factor', () => {
  it('answers a new secret, its otpauth URI and an SVG QR code, and keeps two-factor off', async () => {
    const account = await createAccount(t.app);
    const res = await send(t.app, 'GET', '/api/v2/account/two-factor', undefined, { headers: bearer(account.token) });
    expect(res.statusCode).toBe(200);
    const { secret, otpauth_uri: uri, qr_svg: svg } = res.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain(encodeURIComponent(account.email));
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const user = await reloadUser(t.app, account.id);
    expect(user?.totpSecret).toBe(secret);
    expect(user?.useTotp).toBe(false);
    // A code from that secret is what an authenticator app would show.
    expect((await verify({ secret, token: await totpCode(secret) })).valid).toBe(true);
  });

  it('needs a token', async () => {
    expect((await send(t.app, 'GET', '/api/v2/account/two-factor')).statusCode).toBe(401);
  });
});

describe('POST /api/v2/account/two-factor', () => {
  it('refuses a wrong code and a wrong password together, and leaves two-factor off', async () => {
    const account = await createAccount(t.app);
    const enrol = await send(t.app, 'GET', '/api/v2/account/two-factor', undefined, { headers: bearer(account.token) });
    const secret = enrol.json().data.secret;
    const wrongPassword = await send(t.app, 'POST', '/api/v2/account/two-factor', { code: await totpCode(secret), password: 'nope nope' }, { headers: bearer(account.token) });
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json().errors).toEqual({ password: ['The password is incorrect'] });
    const wrongCode = await send(t.app, 'POST', '/api/v2/account/two-factor', { code: '000000', password: account.password }, { headers: bearer(account.token) });
    expect(wrongCode.statusCode).toBe(422);
    expect(wrongCode.json().errors).toEqual({ code: ['The two-factor authentication code is invalid.'] });
    const missing = await send(t.app, 'POST', '/api/v2/account/two-factor', {}, { headers: bearer(account.token) });
    expect(missing.json().errors).toEqual({ code: ['This field is required'], password: ['This field is required'] });
    expect((await reloadUser(t.app, account.id))?.useTotp).toBe(false);
  });

  it('answers 400 before enrolment', async () => {
    const account = await createAccount(t.app);
    const res = await send(t.app, 'POST', '/api/v2/account/two-factor', { code: '123456', password: account.password }, { headers: bearer(account.token) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Start the two-factor set-up first.' });
  });

  it('turns two-factor on and answers 10 distinct recovery codes, stored only hashed', async () => {
    const account = await createAccount(t.app);
    const { recoveryCodes: codes } = await enableTwoFactorFor(t.app, account);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    const rows = await t.app.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, account.id));
    expect(rows).toHaveLength(10);
    expect(JSON.stringify(rows)).not.toContain(codes[0]);
    expect(rows.map((r) => r.codeHash).sort()).toEqual(codes.map((c) => hashToken(c.replace(/-/g, ''))).sort());
    const me = await send(t.app, 'GET', '/api/v2/auth/current', undefined, { headers: bearer(account.token) });
    expect(me.json().data.user.use_totp).toBe(true);
    // Enrolment cannot silently replace the active secret.
    const again = await send(t.app, 'GET', '/api/v2/account/two-factor', undefined, { headers: bearer(account.token) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'Two-factor authentication is already enabled.' });
  });
});

describe('POST /api/v2/account/two-factor/disable', () => {
  it('needs the password, then turns two-factor off and forgets secret and codes', async () => {
    const account = await createAccount(t.app);
    await enableTwoFactorFor(t.app, account);
    const wrong = await send(t.app, 'POST', '/api/v2/account/two-factor/disable', { password: 'wrong password' }, { headers: bearer(account.token) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ password: ['The password is incorrect'] });
    const res = await send(t.app, 'POST', '/api/v2/account/two-factor/disable', { password: account.password }, { headers: bearer(account.token) });
    expect(res.statusCode).toBe(204);
    const user = await reloadUser(t.app, account.id);
    expect(user).toMatchObject({ useTotp: false, totpSecret: null });
    expect(await t.app.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, account.id))).toHaveLength(0);
    // Login is one step again.
    const login = await send(t.app, 'POST', '/api/v2/auth/login', { login: account.username, password: account.password });
    expect(login.json().data.complete).toBe(true);
    const notOn = await send(t.app, 'POST', '/api/v2/account/two-factor/disable', { password: account.password }, { headers: bearer(account.token) });
    expect(notOn.statusCode).toBe(400);
  });
});
