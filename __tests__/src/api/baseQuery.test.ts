import { authApi } from '../../../src/api/auth';
import { accountApi } from '../../../src/api/account';
import { makeStore } from '../../../src/app/store';
import { jsonResponse, mockFetch, type FetchMock } from '../helpers/mockFetch';
import { makeUser } from '../helpers/fixtures';

let fetchMock: FetchMock;
afterEach(() => {
  fetchMock?.restore();
  localStorage.clear();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

const user = makeUser();

describe('the panel API base query', () => {
  it('calls /api/v2 with credentials, JSON and the stored token as a bearer credential', async () => {
    localStorage.setItem('access_token', 'tok-123');
    fetchMock = mockFetch(() => jsonResponse(200, { data: { user } }));
    const store = makeStore();

    const result = await store.dispatch(authApi.endpoints.getCurrentUser.initiate());

    expect(result.data).toEqual({ data: { user } });
    const [request] = fetchMock.requests;
    expect(request.method).toBe('GET');
    expect(request.url).toBe('/api/v2/auth/current');
    expect(request.credentials).toBe('include');
    expect(request.headers.get('authorization')).toBe('Bearer tok-123');
    expect(request.headers.get('accept')).toBe('application/json');
  });

  it('sends no Authorization header when no token is stored', async () => {
    fetchMock = mockFetch(() => jsonResponse(401, { message: 'Unauthenticated.' }));
    await makeStore().dispatch(authApi.endpoints.getCurrentUser.initiate());
    expect(fetchMock.requests[0].headers.has('authorization')).toBe(false);
  });

  it('sends JSON bodies and echoes the decoded XSRF-TOKEN cookie in X-XSRF-TOKEN', async () => {
    document.cookie = `XSRF-TOKEN=${encodeURIComponent('abc=/+def')}; path=/`;
    fetchMock = mockFetch(() => jsonResponse(200, { data: { complete: false, confirmation_token: 'c' } }));

    await makeStore().dispatch(authApi.endpoints.login.initiate({ body: { login: 'steve', password: 'secret-password' } }));

    const [request] = fetchMock.requests;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/v2/auth/login');
    expect(request.headers.get('content-type')).toMatch(/^application\/json/);
    expect(request.headers.get('x-xsrf-token')).toBe('abc=/+def');
    expect(request.body).toEqual({ login: 'steve', password: 'secret-password' });
  });

  it('sends no X-XSRF-TOKEN header with reads, which the API does not check (the cookie is not read for them)', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    fetchMock = mockFetch(() => jsonResponse(200, { data: { user } }));
    await makeStore().dispatch(authApi.endpoints.getCurrentUser.initiate());
    expect(fetchMock.requests[0].method).toBe('GET');
    expect(fetchMock.requests[0].headers.has('x-xsrf-token')).toBe(false);
  });

  it('sends no X-XSRF-TOKEN header without the cookie', async () => {
    fetchMock = mockFetch(() => jsonResponse(204));
    await makeStore().dispatch(authApi.endpoints.logout.initiate());
    expect(fetchMock.requests[0].headers.has('x-xsrf-token')).toBe(false);
  });

  it('counts every 2xx answer as success, an empty 204 included', async () => {
    fetchMock = mockFetch(() => jsonResponse(204));
    const result = await makeStore().dispatch(accountApi.endpoints.revokeAccountSession.initiate({ id: 7 }));
    expect(result).toEqual({ data: null });
    expect(fetchMock.requests[0]).toMatchObject({ method: 'DELETE', url: '/api/v2/account/sessions/7' });
  });

  it.each([200, 201, 299])('counts %i as success', async (status) => {
    fetchMock = mockFetch(() => jsonResponse(status, { data: { user } }));
    const result = await makeStore().dispatch(authApi.endpoints.getCurrentUser.initiate());
    expect(result.data).toEqual({ data: { user } });
  });

  it.each([301, 304, 400, 401, 419, 500])('counts %i as an error', async (status) => {
    fetchMock = mockFetch(() => jsonResponse(status, { message: 'nope' }));
    const result = await makeStore().dispatch(authApi.endpoints.getCurrentUser.initiate());
    expect(result.error).toEqual({ status, data: { message: 'nope' } });
  });

  it('reports an unreachable server as a network error', async () => {
    fetchMock = mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const result = await makeStore().dispatch(authApi.endpoints.getCurrentUser.initiate());
    expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
  });
});
