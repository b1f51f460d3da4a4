import { accountApi } from '../../../../src/api/account';
import { authApi } from '../../../../src/api/auth';
import { makeStore, type AppStore } from '../../../../src/app/store';
import { loggedOut, selectCurrentUser, selectSessionStatus, tokenReceived } from '../../../../src/core/session/sessionSlice';
import { jsonResponse, mockFetch, type FetchMock } from '../../helpers/mockFetch';
import { makeUser } from '../../helpers/fixtures';

let fetchMock: FetchMock;
afterEach(() => {
  fetchMock?.restore();
  localStorage.clear();
});

const user = makeUser();
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const loggedIn = () => makeStore({ session: { user, status: 'authenticated' } });
const complete = { complete: true, token: 'tok-new', expires_at: '2030-01-01T00:00:00.000Z', user };

describe('session side effects', () => {
  it('stores a received token under exactly access_token', () => {
    makeStore().dispatch(tokenReceived('tok-abc'));
    expect(localStorage.getItem('access_token')).toBe('tok-abc');
    expect(Object.keys(localStorage)).toEqual(['access_token']);
  });

  it('never keeps the token in the store', () => {
    const store = makeStore();
    store.dispatch(tokenReceived('tok-abc'));
    expect(JSON.stringify(store.getState())).not.toContain('tok-abc');
  });

  it('logout deletes the stored token, marks the session anonymous and forgets cached answers', async () => {
    localStorage.setItem('access_token', 'tok-abc');
    fetchMock = mockFetch(() => jsonResponse(200, { data: [] }));
    const store = loggedIn();
    await store.dispatch(accountApi.endpoints.listAccountSessions.initiate());
    expect(Object.keys(store.getState().api.queries)).toHaveLength(1);

    store.dispatch(loggedOut());

    expect(localStorage.getItem('access_token')).toBeNull();
    expect(selectSessionStatus(store.getState())).toBe('anonymous');
    expect(selectCurrentUser(store.getState())).toBeNull();
    expect(store.getState().api.queries).toEqual({});
  });

  it('logs out here once the server has revoked the token', async () => {
    localStorage.setItem('access_token', 'tok-abc');
    fetchMock = mockFetch(() => jsonResponse(204));
    const store = loggedIn();
    await store.dispatch(authApi.endpoints.logout.initiate());
    expect(fetchMock.requests[0]).toMatchObject({ method: 'POST', url: '/api/v2/auth/logout' });
    expect(selectSessionStatus(store.getState())).toBe('anonymous');
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it.each([
    ['login', (store: AppStore) => store.dispatch(authApi.endpoints.login.initiate({ body: { login: 'steve', password: 'password123' } }))],
    [
      'register',
      (store: AppStore) =>
        store.dispatch(authApi.endpoints.register.initiate({ body: { username: 'steve', email: 'steve@example.com', password: 'password123', password_confirmation: 'password123' } })),
    ],
    ['login checkpoint', (store: AppStore) => store.dispatch(authApi.endpoints.loginCheckpoint.initiate({ body: { token: 'confirm', authentication_code: '123456' } }))],
  ])('a complete %s stores the token and authenticates with the answer', async (_name, request) => {
    fetchMock = mockFetch(() => jsonResponse(200, { data: complete }));
    const store = makeStore();
    await request(store);
    expect(localStorage.getItem('access_token')).toBe('tok-new');
    expect(selectSessionStatus(store.getState())).toBe('authenticated');
    expect(selectCurrentUser(store.getState())).toEqual(user);
  });

  it('a login that needs the two-factor step changes nothing yet', async () => {
    fetchMock = mockFetch(() => jsonResponse(200, { data: { complete: false, confirmation_token: 'confirm' } }));
    const store = makeStore();
    await store.dispatch(authApi.endpoints.login.initiate({ body: { login: 'steve', password: 'password123' } }));
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(selectSessionStatus(store.getState())).toBe('unknown');
  });

  it('a 401 while logged in ends the session (token revoked elsewhere)', async () => {
    localStorage.setItem('access_token', 'tok-revoked');
    fetchMock = mockFetch(() => jsonResponse(401, { message: 'Unauthenticated.' }));
    const store = loggedIn();
    await store.dispatch(accountApi.endpoints.listAccountSessions.initiate());
    expect(selectSessionStatus(store.getState())).toBe('anonymous');
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('account answers update the user in the session', async () => {
    const renamed = makeUser({ name_first: 'Alex', time_format: 12 });
    fetchMock = mockFetch(() => jsonResponse(200, { data: { user: renamed } }));
    const store = loggedIn();
    await store.dispatch(accountApi.endpoints.updateAccount.initiate({ body: { name_first: 'Alex', time_format: 12 } }));
    expect(selectCurrentUser(store.getState())).toEqual(renamed);
  });

  it('enabling two-factor reloads the current user', async () => {
    const withTotp = makeUser({ use_totp: true });
    fetchMock = mockFetch((request) => (request.url.endsWith('/two-factor') ? jsonResponse(200, { data: { recovery_codes: ['a'] } }) : jsonResponse(200, { data: { user: withTotp } })));
    const store = loggedIn();
    await store.dispatch(accountApi.endpoints.enableTwoFactor.initiate({ body: { code: '123456', password: 'password123' } }));
    await settle();
    await settle();
    expect(fetchMock.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/v2/account/two-factor', 'GET /api/v2/auth/current']);
    expect(selectCurrentUser(store.getState())?.use_totp).toBe(true);
  });

  it('ignores user answers while nobody is logged in', async () => {
    fetchMock = mockFetch(() => jsonResponse(200, { data: { user } }));
    const store = makeStore({ session: { user: null, status: 'anonymous' } });
    await store.dispatch(authApi.endpoints.getCurrentUser.initiate());
    expect(selectCurrentUser(store.getState())).toBeNull();
    expect(selectSessionStatus(store.getState())).toBe('anonymous');
  });
});
