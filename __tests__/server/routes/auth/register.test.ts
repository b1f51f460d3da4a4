import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../helpers/testApp';
import { accessTokens, users } from '../../../../server/src/db/schema';
import { hashToken } from '../../../../server/src/lib/tokens';
import { bearer, freshIp, send, uniqueName } from '../../helpers/accountFixtures';

// Opening a database copy and argon2 checks can take seconds on a busy machine.
jest.setTimeout(60_000);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (payload: object, ip = freshIp()) => send(t.app, 'POST', '/api/v2/auth/register', payload, { remoteAddress: ip });

const validBody = (name = uniqueName()) => ({
  username: name,
  email: `${name}@example.com`,
  password: 'a long enough password',
  password_confirmation: 'a long enough password',
});

describe('POST /api/v2/auth/register', () => {
  it('creates the account and answers 201 with a working token and the user with every default', async () => {
    const body = validBody();
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data.complete).toBe(true);
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.user).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      username: body.username,
      email: body.email,
      name_first: null,
      name_last: null,
      language: 'en',
      root_admin: false,
      use_totp: false,
      gravatar: expect.stringMatching(/^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{64}/),
      created_at: expect.any(String),
      updated_at: expect.any(String),
      whmcs_user_token: null,
      discord_id: null,
      discord_avatar: null,
      discord_username: null,
      restart_confirmation: true,
      time_format: 24,
      role: 4,
      paid: true,
      first_session: true,
      has_passkeys: false,
      passkey_session: false,
    });
    // 24 hours without remember.
    const ttl = new Date(data.expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(23.9 * 3600_000);
    expect(ttl).toBeLessThanOrEqual(24 * 3600_000);

    const current = await send(t.app, 'GET', '/api/v2/auth/current', undefined, { headers: bearer(data.token) });
    expect(current.statusCode).toBe(200);
    expect(current.json().data.user.uuid).toBe(data.user.uuid);

    // Only the hash is stored; the password is an argon2id hash.
    const [row] = await t.app.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, hashToken(data.token)));
    expect(row).toBeDefined();
    const stored = await t.app.db.select().from(accessTokens);
    expect(JSON.stringify(stored)).not.toContain(data.token);
    const [user] = await t.app.db.select().from(users).where(eq(users.username, body.username));
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('keeps a remembered session for 30 days', async () => {
    const res = await register({ ...validBody(), remember: true });
    expect(res.statusCode).toBe(201);
    const ttl = new Date(res.json().data.expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(29.9 * 24 * 3600_000);
  });

  it('answers 422 with every missing field at once', async () => {
    const res = await register({});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The given data was invalid.',
      errors: {
        username: ['This field is required'],
        email: ['This field is required'],
        password: ['This field is required'],
        password_confirmation: ['This field is required'],
      },
    });
  });

  it('treats empty strings as missing', async () => {
    const res = await register({ username: '', email: ' ', password: '', password_confirmation: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      username: ['This field is required'],
      email: ['This field is required'],
      password: ['This field is required'],
      password_confirmation: ['This field is required'],
    });
  });

  it('names every bad field with its rule text in one answer', async () => {
    const res = await register({ username: 'ab', email: 'not-an-email', password: 'short', password_confirmation: 'different' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      username: ['Must be at least 3 characters'],
      email: ['Please enter a valid email'],
      password: ['Must be at least 8 characters'],
      password_confirmation: ['The password confirmation does not match'],
    });
  });

  it.each([
    ['too long', 'a'.repeat(33), 'Must be at most 32 characters'],
    ['spaces', 'has space', 'Invalid format'],
    ['other characters', 'name!', 'Invalid format'],
    ['non-latin letters', 'ünïcode', 'Invalid format'],
  ])('refuses a username with %s', async (_label, username, message) => {
    const res = await register({ ...validBody(), username });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ username: [message] });
  });

  it('accepts the allowed username characters and stores names and emails lower-cased', async () => {
    const name = `Ab_${uniqueName('x')}.-9`;
    const res = await register({ ...validBody(), username: name, email: `  ${name.toUpperCase()}@Example.COM ` });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user.username).toBe(name.toLowerCase());
    expect(res.json().data.user.email).toBe(`${name.toLowerCase()}@example.com`);
  });

  it('refuses a password over 128 characters and accepts exactly 128', async () => {
    const long = { ...validBody(), password: 'p'.repeat(129), password_confirmation: 'p'.repeat(129) };
    const res = await register(long);
    expect(res.json().errors).toEqual({ password: ['Must be at most 128 characters'] });
    const max = { ...validBody(), password: 'p'.repeat(128), password_confirmation: 'p'.repeat(128) };
    expect((await register(max)).statusCode).toBe(201);
  });

  it('refuses a taken username and a taken email, whatever their case', async () => {
    const first = validBody();
    expect((await register(first)).statusCode).toBe(201);
    const res = await register({ ...validBody(), username: first.username.toUpperCase(), email: first.email.toUpperCase() });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      username: ['This username is already taken'],
      email: ['This email address is already in use'],
    });
  });

  it('lets exactly one of two concurrent registrations of the same name win', async () => {
    const name = uniqueName();
    const [a, b] = await Promise.all([register({ ...validBody(name), email: `a-${name}@example.com` }), register({ ...validBody(name), email: `b-${name}@example.com` })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    const loser = a.statusCode === 422 ? a : b;
    expect(loser.json().errors).toEqual({ username: ['This username is already taken'] });
    expect(await t.app.db.select().from(users).where(eq(users.username, name))).toHaveLength(1);
  });

  it('allows 5 registrations a minute per address, then 429 with Retry-After', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await register({}, ip)).statusCode).toBe(422);
    const res = await register(validBody(), ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(res.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    // Another address is not affected.
    expect((await register(validBody())).statusCode).toBe(201);
  });
});
