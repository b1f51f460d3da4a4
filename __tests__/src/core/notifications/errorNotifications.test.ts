import { authApi } from '../../../../src/api/auth';
import { makeStore } from '../../../../src/app/store';
import { selectNotifications } from '../../../../src/core/notifications/notificationsSlice';
import { jsonResponse, mockFetch, type FetchMock } from '../../helpers/mockFetch';

let fetchMock: FetchMock;
afterEach(() => fetchMock?.restore());

const login = { body: { login: 'steve', password: 'wrong-password' } };

async function failLogin(status: number, body?: unknown) {
  fetchMock = mockFetch(() => jsonResponse(status, body));
  const store = makeStore();
  const outcome = await store.dispatch(authApi.endpoints.login.initiate(login)).unwrap().then(
    () => ({ ok: true as const }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  return { store, outcome };
}

describe('error notifications', () => {
  it.each([400, 403, 422])('a %i answer raises "Error" with the server message, and the caller still gets the error', async (status) => {
    const body = { message: 'These credentials do not match our records.', errors: {} };
    const { store, outcome } = await failLogin(status, body);

    expect(selectNotifications(store.getState())).toEqual([
      { id: expect.any(String), type: 'error', title: 'Error', text: 'These credentials do not match our records.', source: 'login' },
    ]);
    expect(outcome).toEqual({ ok: false, error: { status, data: body } });
  });

  it.each([
    ['no body', undefined],
    ['no message', { errors: {} }],
    ['an empty message', { message: '' }],
  ])('says "Unknown error" when the answer has %s', async (_case, body) => {
    const { store } = await failLogin(400, body);
    expect(selectNotifications(store.getState())).toEqual([{ id: expect.any(String), type: 'error', title: 'Error', text: 'Unknown error', source: 'login' }]);
  });

  it.each([400, 403, 422])('is suppressed for "Unauthenticated." (%i), which still reaches the caller', async (status) => {
    const { store, outcome } = await failLogin(status, { message: 'Unauthenticated.' });
    expect(selectNotifications(store.getState())).toEqual([]);
    expect(outcome).toEqual({ ok: false, error: { status, data: { message: 'Unauthenticated.' } } });
  });

  it('is not suppressed for a message that only resembles "Unauthenticated."', async () => {
    const { store } = await failLogin(403, { message: 'Unauthenticated' });
    expect(selectNotifications(store.getState())).toHaveLength(1);
  });

  it.each([
    [404, { message: 'Server not found.' }, 'Server not found.'],
    [429, { message: 'Too many attempts.' }, 'Too many attempts.'],
    [409, undefined, 'Bad request'],
    [500, { message: 'Server Error' }, 'Bad response'],
    [503, undefined, 'Bad response'],
  ])('a failed change answered %i is reported too', async (status, body, text) => {
    const { store, outcome } = await failLogin(status, body);
    expect(selectNotifications(store.getState())).toEqual([{ id: expect.any(String), type: 'error', title: 'Error', text, source: 'login' }]);
    expect(outcome.ok).toBe(false);
  });

  it('a failed change answered 401 "Unauthenticated." stays silent', async () => {
    const { store } = await failLogin(401, { message: 'Unauthenticated.' });
    expect(selectNotifications(store.getState())).toEqual([]);
  });

  it('a network failure of a change says "Network error", and still reaches the caller', async () => {
    fetchMock = mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const store = makeStore();
    await expect(store.dispatch(authApi.endpoints.login.initiate(login)).unwrap()).rejects.toMatchObject({ status: 'FETCH_ERROR' });
    expect(selectNotifications(store.getState())).toEqual([{ id: expect.any(String), type: 'error', title: 'Error', text: 'Network error', source: 'login' }]);
  });

  it.each([404, 500])('a failed query answered %i raises nothing (its page shows the failure)', async (status) => {
    fetchMock = mockFetch(() => jsonResponse(status, { message: 'Something' }));
    const store = makeStore();
    await store.dispatch(authApi.endpoints.getCurrentUser.initiate());
    expect(selectNotifications(store.getState())).toEqual([]);
  });
});
