import { accountApi } from '../../../../src/api/account';
import { authApi } from '../../../../src/api/auth';
import { makeStore } from '../../../../src/app/store';
import { notificationAdded, selectNotifications } from '../../../../src/core/notifications/notificationsSlice';
import { locationChanged } from '../../../../src/core/router/routerSlice';
import { jsonResponse, mockFetch, type FetchMock } from '../../helpers/mockFetch';

let fetchMock: FetchMock;
afterEach(() => fetchMock?.restore());

const badCredentials = { message: 'These credentials do not match our records.', errors: { login: ['These credentials do not match our records.'] } };
const login = (password: string) => authApi.endpoints.login.initiate({ body: { login: 'steve', password } });

/** Answers a login with 422 unless the password is right; everything else with a saved account. */
function panel() {
  return mockFetch((request) => {
    if (request.url.endsWith('/auth/login')) {
      return (request.body as { password: string }).password === 'right' ? jsonResponse(200, { data: { complete: true, user: null } }) : jsonResponse(422, badCredentials);
    }
    if (request.url.endsWith('/account')) return jsonResponse(500, { message: 'Server Error' });
    return jsonResponse(404, { message: 'Not found.' });
  });
}

const texts = (store: ReturnType<typeof makeStore>) => selectNotifications(store.getState()).map((item) => item.text);

describe('error notifications close', () => {
  it('when the same action then succeeds (a good login closes "These credentials do not match our records.")', async () => {
    fetchMock = panel();
    const store = makeStore();
    await store
      .dispatch(login('wrong'))
      .unwrap()
      .catch(() => undefined);
    expect(texts(store)).toEqual(['These credentials do not match our records.']);
    await store
      .dispatch(login('right'))
      .unwrap()
      .catch(() => undefined);
    expect(texts(store)).toEqual([]);
  });

  it('not when another action succeeds', async () => {
    fetchMock = panel();
    const store = makeStore();
    await store
      .dispatch(login('wrong'))
      .unwrap()
      .catch(() => undefined);
    await store
      .dispatch(accountApi.endpoints.updateAccount.initiate({ body: { name_first: 'Steve' } }))
      .unwrap()
      .catch(() => undefined);
    expect(texts(store)).toEqual(['These credentials do not match our records.', 'Your changes to your account were not saved: the panel ran into a problem. Your edits are still here.']);
  });

  it('when the user leaves the screen, but not on a new query or hash of the same screen; other notices stay', async () => {
    fetchMock = panel();
    const store = makeStore();
    store.dispatch(locationChanged('/login'));
    await store
      .dispatch(login('wrong'))
      .unwrap()
      .catch(() => undefined);
    store.dispatch(notificationAdded({ type: 'success', title: 'Saved', text: 'Your name was updated.' }));
    store.dispatch(locationChanged('/login?next=%2F'));
    expect(texts(store)).toEqual(['These credentials do not match our records.', 'Your name was updated.']);
    store.dispatch(locationChanged('/'));
    expect(texts(store)).toEqual(['Your name was updated.']);
  });

  it('identical notifications are not stacked', async () => {
    fetchMock = panel();
    const store = makeStore();
    await store
      .dispatch(login('wrong'))
      .unwrap()
      .catch(() => undefined);
    await store
      .dispatch(login('wrong again'))
      .unwrap()
      .catch(() => undefined);
    store.dispatch(notificationAdded({ type: 'success', title: 'Saved', text: 'Done.' }));
    store.dispatch(notificationAdded({ type: 'success', title: 'Saved', text: 'Done.' }));
    expect(texts(store)).toEqual(['These credentials do not match our records.', 'Done.']);
  });
});

describe('failed saves are reported', () => {
  it('"Save name" answered 500 raises an error notification', async () => {
    fetchMock = panel();
    const store = makeStore();
    await expect(store.dispatch(accountApi.endpoints.updateAccount.initiate({ body: { name_first: 'Steve' } })).unwrap()).rejects.toMatchObject({ status: 500 });
    expect(selectNotifications(store.getState())).toEqual([
      { id: expect.any(String), type: 'error', title: 'Error', text: 'Your changes to your account were not saved: the panel ran into a problem. Your edits are still here.', source: 'updateAccount' },
    ]);
  });

  it('"Save name" without a network says what was not saved, why, and that the edits are still there', async () => {
    fetchMock = mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const store = makeStore();
    await store
      .dispatch(accountApi.endpoints.updateAccount.initiate({ body: { name_first: 'Steve' } }))
      .unwrap()
      .catch(() => undefined);
    expect(texts(store)).toEqual(['Your changes to your account were not saved: the panel could not be reached. Your edits are still here.']);
  });
});
