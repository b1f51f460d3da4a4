import configureMockStore from 'redux-mock-store';
import { thunk } from 'redux-thunk';
import { makeStore } from '../../../../src/app/store';
import { firstNavigation, selectInitialised } from '../../../../src/core/app/appSlice';
import { bootstrapSession } from '../../../../src/core/session/bootstrapSession';
import { selectCurrentUser, selectSessionStatus } from '../../../../src/core/session/sessionSlice';
import { selectNotifications } from '../../../../src/core/notifications/notificationsSlice';
import { jsonResponse, mockFetch, type FetchMock } from '../../helpers/mockFetch';
import { makeUser } from '../../helpers/fixtures';

let fetchMock: FetchMock;
afterEach(() => {
  fetchMock?.restore();
  localStorage.clear();
});

const user = makeUser();
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Dispatches the first navigation and waits until the app says it is initialised. */
async function navigateFirst(store: ReturnType<typeof makeStore>) {
  store.dispatch(firstNavigation());
  for (let i = 0; i < 50 && !selectInitialised(store.getState()); i += 1) await settle();
}

describe('the session at the first navigation', () => {
  it('loads the current user: success authenticates, then the app is initialised', async () => {
    localStorage.setItem('access_token', 'tok-valid');
    fetchMock = mockFetch(() => jsonResponse(200, { data: { user } }));
    const store = makeStore();
    expect(selectSessionStatus(store.getState())).toBe('unknown');

    await navigateFirst(store);

    expect(fetchMock.requests.map((r) => r.url)).toEqual(['/api/v2/auth/current']);
    expect(fetchMock.requests[0].headers.get('authorization')).toBe('Bearer tok-valid');
    expect(selectSessionStatus(store.getState())).toBe('authenticated');
    expect(selectCurrentUser(store.getState())).toEqual(user);
    expect(selectInitialised(store.getState())).toBe(true);
  });

  it.each([
    ['401 Unauthenticated.', () => jsonResponse(401, { message: 'Unauthenticated.' })],
    ['403 with a message', () => jsonResponse(403, { message: 'Your account is suspended.' })],
    ['500', () => jsonResponse(500, { message: 'Server Error' })],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('ignores a failure (%s) silently: anonymous, initialised', async (_case, answer) => {
    localStorage.setItem('access_token', 'tok-stale');
    fetchMock = mockFetch(answer);
    const store = makeStore();

    await navigateFirst(store);

    expect(selectSessionStatus(store.getState())).toBe('anonymous');
    expect(selectCurrentUser(store.getState())).toBeNull();
    expect(selectInitialised(store.getState())).toBe(true);
    expect(fetchMock.requests).toHaveLength(1);
  });

  it('raises no notification when the stored token is refused', async () => {
    localStorage.setItem('access_token', 'tok-stale');
    fetchMock = mockFetch(() => jsonResponse(401, { message: 'Unauthenticated.' }));
    const store = makeStore();
    await navigateFirst(store);
    expect(selectNotifications(store.getState())).toEqual([]);
  });

  it('makes no request without a stored token and is initialised at once', async () => {
    fetchMock = mockFetch(() => jsonResponse(500));
    const store = makeStore();
    await navigateFirst(store);
    expect(fetchMock.requests).toHaveLength(0);
    expect(selectSessionStatus(store.getState())).toBe('anonymous');
    expect(selectInitialised(store.getState())).toBe(true);
  });

  it('loads the user only once, however often the first navigation is announced', async () => {
    localStorage.setItem('access_token', 'tok-valid');
    fetchMock = mockFetch(() => jsonResponse(200, { data: { user } }));
    const store = makeStore();
    await navigateFirst(store);
    await navigateFirst(store);
    await settle();
    expect(fetchMock.requests).toHaveLength(1);
  });

  it('loads the user only once when announced again while the answer is on its way (the panel as it starts, then its router)', async () => {
    localStorage.setItem('access_token', 'tok-valid');
    fetchMock = mockFetch(() => jsonResponse(200, { data: { user } }));
    const store = makeStore();
    store.dispatch(firstNavigation());
    await navigateFirst(store);
    await settle();
    expect(fetchMock.requests).toHaveLength(1);
    expect(selectSessionStatus(store.getState())).toBe('authenticated');
  });
});

describe('bootstrapSession (dispatched actions)', () => {
  const mockStore = configureMockStore([thunk as never]);

  it('dispatches currentUserLoadFailed without a token', async () => {
    const store = mockStore({ session: { user: null, status: 'unknown' } });
    await store.dispatch(bootstrapSession() as never);
    expect(store.getActions().map((action) => action.type)).toEqual(['session/currentUserLoadFailed']);
  });

  it('does nothing once the session is known', async () => {
    localStorage.setItem('access_token', 'tok-valid');
    fetchMock = mockFetch(() => jsonResponse(200, { data: { user } }));
    const store = mockStore({ session: { user, status: 'authenticated' } });
    await store.dispatch(bootstrapSession() as never);
    expect(store.getActions()).toEqual([]);
    expect(fetchMock.requests).toHaveLength(0);
  });
});
