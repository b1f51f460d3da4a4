import { accountApi } from '../../../../src/api/account';
import { authApi } from '../../../../src/api/auth';
import { loaderFinished, selectLoaders } from '../../../../src/core/app/appSlice';
import { makeStore } from '../../../../src/app/store';
import { deferredResponse, jsonResponse, mockFetch, type FetchMock } from '../../helpers/mockFetch';
import { makeUser } from '../../helpers/fixtures';

let fetchMock: FetchMock;
afterEach(() => fetchMock?.restore());

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the loader counter', () => {
  it('rises while requests run and falls as each finishes or fails', async () => {
    const first = deferredResponse();
    const second = deferredResponse();
    const answers = [first.promise, second.promise];
    fetchMock = mockFetch(() => answers.shift()!);
    const store = makeStore();

    const query = store.dispatch(authApi.endpoints.getCurrentUser.initiate());
    const mutation = store.dispatch(accountApi.endpoints.revokeAccountSession.initiate({ id: 1 }));
    expect(selectLoaders(store.getState())).toBe(2);

    first.resolve(jsonResponse(200, { data: { user: makeUser() } }));
    await query;
    expect(selectLoaders(store.getState())).toBe(1);

    second.resolve(jsonResponse(500, { message: 'Server Error' }));
    await mutation;
    expect(selectLoaders(store.getState())).toBe(0);
  });

  it('falls when the network fails', async () => {
    fetchMock = mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const store = makeStore();
    const request = store.dispatch(authApi.endpoints.getCurrentUser.initiate());
    expect(selectLoaders(store.getState())).toBe(1);
    await request;
    expect(selectLoaders(store.getState())).toBe(0);
  });

  it('is not touched by a query answered from the cache or already running', async () => {
    const answer = deferredResponse();
    fetchMock = mockFetch(() => answer.promise);
    const store = makeStore();

    const running = store.dispatch(authApi.endpoints.getCurrentUser.initiate());
    // Same query while it runs: RTK Query skips it (a `rejected` with meta.condition, no `pending`).
    const duplicate = store.dispatch(authApi.endpoints.getCurrentUser.initiate());
    await flush();
    expect(selectLoaders(store.getState())).toBe(1);

    answer.resolve(jsonResponse(200, { data: { user: makeUser() } }));
    await Promise.all([running, duplicate]);
    expect(selectLoaders(store.getState())).toBe(0);

    // Cached now: no request, no change.
    await store.dispatch(authApi.endpoints.getCurrentUser.initiate());
    expect(fetchMock.requests).toHaveLength(1);
    expect(selectLoaders(store.getState())).toBe(0);
  });

  it('never goes below 0', () => {
    const store = makeStore();
    store.dispatch(loaderFinished());
    store.dispatch(loaderFinished());
    expect(selectLoaders(store.getState())).toBe(0);
  });
});
