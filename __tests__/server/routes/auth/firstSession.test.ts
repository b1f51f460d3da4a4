import { createTestApp, type TestApp } from '../../helpers/testApp';
import { bearer, send, uniqueName } from '../../helpers/accountFixtures';

jest.setTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const current = async (token: string) => (await send(t.app, 'GET', '/api/v2/auth/current', undefined, { headers: bearer(token) })).json().data.user;

describe('first_session: whether a session is the account’s first', () => {
  it('is true for the session of the sign-up, and false for every later login', async () => {
    const username = uniqueName();
    const password = 'a first password 123';
    const signUp = await send(t.app, 'POST', '/api/v2/auth/register', { username, email: `${username}@example.com`, password, password_confirmation: password });
    expect(signUp.statusCode).toBe(201);
    const first = signUp.json().data;
    expect(first.user.first_session).toBe(true);
    expect((await current(first.token)).first_session).toBe(true);

    const login = await send(t.app, 'POST', '/api/v2/auth/login', { login: username, password });
    expect(login.statusCode).toBe(200);
    const later = login.json().data;
    expect(later.user.first_session).toBe(false);
    expect((await current(later.token)).first_session).toBe(false);
    // The sign-up's own session stays the first one.
    expect((await current(first.token)).first_session).toBe(true);
  });
});
