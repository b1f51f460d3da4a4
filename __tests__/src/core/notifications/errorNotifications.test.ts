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
  const outcome = await store
    .dispatch(authApi.endpoints.login.initiate(login))
    .unwrap()
    .then(
      () => ({ ok: true as const }),
      (error: unknown) => ({ ok: false as const, error }),
    );
  return { store, outcome };
}

describe('error notifications', () => {
  it.each([400, 403, 422])('a %i answer raises "Error" with the server message, and the caller still gets the error', async (status) => {
    const body = { message: 'These credentials do not match our records.', errors: {} };
    const { store, outcome } = await failLogin(status, body);

    expect(selectNotifications(store.getState())).toEqual([{ id: expect.any(String), type: 'error', title: 'Error', text: 'These credentials do not match our records.', source: 'login' }]);
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
    [404, { message: 'Server not found.' }, 'Your change was not saved: Server not found. Try again.'],
    [429, { message: 'Too many attempts.' }, 'Your change was not saved: Too many attempts. Try again.'],
    [409, undefined, 'Your change was not saved: the panel refused it. Try again.'],
    [500, { message: 'Server Error' }, 'Your change was not saved: the panel ran into a problem. Try again.'],
    [502, { message: 'The name service could not be reached.' }, 'Your change was not saved: a service the panel depends on could not be reached. Try again.'],
    [503, undefined, 'Your change was not saved: the panel ran into a problem. Try again.'],
  ])('a failed change answered %i is reported too', async (status, body, text) => {
    const { store, outcome } = await failLogin(status, body);
    expect(selectNotifications(store.getState())).toEqual([{ id: expect.any(String), type: 'error', title: 'Error', text, source: 'login' }]);
    expect(outcome.ok).toBe(false);
  });

  it('a failed change answered 401 "Unauthenticated." stays silent', async () => {
    const { store } = await failLogin(401, { message: 'Unauthenticated.' });
    expect(selectNotifications(store.getState())).toEqual([]);
  });

  it('a network failure of a change says the panel could not be reached, and still reaches the caller', async () => {
    fetchMock = mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const store = makeStore();
    await expect(store.dispatch(authApi.endpoints.login.initiate(login)).unwrap()).rejects.toMatchObject({ status: 'FETCH_ERROR' });
    expect(selectNotifications(store.getState())).toEqual([
      { id: expect.any(String), type: 'error', title: 'Error', text: 'Your change was not saved: the panel could not be reached. Try again.', source: 'login' },
    ]);
  });

  it.each([404, 500])('a failed query answered %i raises nothing (its page shows the failure)', async (status) => {
    fetchMock = mockFetch(() => jsonResponse(status, { message: 'Something' }));
    const store = makeStore();
    await store.dispatch(authApi.endpoints.getCurrentUser.initiate());
    expect(selectNotifications(store.getState())).toEqual([]);
  });
});

describe('a failed save of a form', () => {
  it('names the file that was not saved, why, and that the edits are still in the form', async () => {
    const { configApi } = await import('../../../../src/api/config');
    fetchMock = mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const store = makeStore();
    await store
      .dispatch(configApi.endpoints.updateServerConfigFile.initiate({ id: 's1', path: 'server.properties', body: { values: { motd: 'Hi' } } }))
      .unwrap()
      .catch(() => undefined);
    expect(selectNotifications(store.getState())).toEqual([
      expect.objectContaining({ type: 'error', title: 'Error', text: 'Your changes to server.properties were not saved: the panel could not be reached. Your edits are still here.' }),
    ]);
  });
});
