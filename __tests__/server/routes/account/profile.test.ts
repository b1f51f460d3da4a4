import { createTestApp, type TestApp } from '../../helpers/testApp';
import { bearer, createAccount, send, type TestAccount } from '../../helpers/accountFixtures';

jest.setTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const patch = (account: TestAccount, payload: object) => send(t.app, 'PATCH', '/api/v2/account', payload, { headers: bearer(account.token) });
const putEmail = (account: TestAccount, payload: object) => send(t.app, 'PUT', '/api/v2/account/email', payload, { headers: bearer(account.token) });

describe('PATCH /api/v2/account', () => {
  it('updates the given fields only and answers the user', async () => {
    const account = await createAccount(t.app);
    const res = await patch(account, { name_first: '  Ada ', language: 'de', time_format: 12 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ name_first: 'Ada', name_last: null, language: 'de', time_format: 12, restart_confirmation: true });
    const next = await patch(account, { restart_confirmation: false, name_first: null, name_last: 'Lovelace' });
    expect(next.json().data.user).toMatchObject({ name_first: null, name_last: 'Lovelace', language: 'de', time_format: 12, restart_confirmation: false });
    const current = await send(t.app, 'GET', '/api/v2/auth/current', undefined, { headers: bearer(account.token) });
    expect(current.json().data.user).toMatchObject({ name_last: 'Lovelace', restart_confirmation: false });
    expect(new Date(current.json().data.user.updated_at).getTime()).toBeGreaterThan(new Date(current.json().data.user.created_at).getTime());
  });

  it('answers 422 for every bad field at once', async () => {
    const account = await createAccount(t.app);
    const res = await patch(account, { name_first: 'x'.repeat(192), language: '../etc', time_format: 13, restart_confirmation: 'maybe', role: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name_first: ['Must be at most 191 characters'],
      language: ['Invalid format'],
      time_format: ['Choose one of the allowed values'],
      restart_confirmation: ['Invalid format'],
      role: ['This field is not allowed'],
    });
  });

  it('needs a token', async () => {
    const res = await send(t.app, 'PATCH', '/api/v2/account', { language: 'de' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });
});

describe('PUT /api/v2/account/email', () => {
  it('changes the email with the right password (stored lower-cased)', async () => {
    const account = await createAccount(t.app);
    const res = await putEmail(account, { email: 'New.Address@Example.org', password: account.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.email).toBe('new.address@example.org');
    expect(res.json().data.user.gravatar).not.toBe((await createAccount(t.app)).email);
    const login = await send(t.app, 'POST', '/api/v2/auth/login', { login: 'NEW.address@example.org', password: account.password });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a wrong password and a taken email (any case) in one answer', async () => {
    const account = await createAccount(t.app);
    const other = await createAccount(t.app);
    const res = await putEmail(account, { email: other.email.toUpperCase(), password: 'wrong password' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['This email address is already in use'], password: ['The password is incorrect'] });
  });

  it('refuses an invalid email and a missing password', async () => {
    const account = await createAccount(t.app);
    const res = await putEmail(account, { email: 'nope' });
    expect(res.json().errors).toEqual({ email: ['Please enter a valid email'], password: ['This field is required'] });
  });
});
