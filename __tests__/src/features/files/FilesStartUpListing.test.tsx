import { configure, screen, waitFor } from '@testing-library/react';
import { frozenListing } from '../../../../src/api/frozenListing';
import { serversApi } from '../../../../src/api/servers';
import type { FileEntry } from '../../../../src/api/files';
import type { ListServerFilesApiResponse } from '../../../../src/api/generated/files.gen';
import { preloadData } from '../../../../src/app/router/preloadData';
import { makeStore } from '../../../../src/app/store';
import { aheadListingApi, type AheadListing } from '../../../../src/features/files/startUpListing';
import { loggedIn, makeUser } from '../../helpers/fixtures';
import { deferred, mockFetch, type MockAnswer } from '../../helpers/mockFetch';
import { makeFile, makeFolder } from './filesFixture';
import { filesServer, renderFilesPage } from './renderFilesPage';

configure({ asyncUtilTimeout: 8000 });
jest.setTimeout(30_000);

const LIST = 'GET /api/v2/servers/s1/files/list';
const listing = [makeFolder('plugins'), makeFile('server.properties', { size: 1500 })];

/** A store as the panel makes it at start-up, once the folder of `route` has been asked for and answered. */
async function startedOn(route: string, answer: MockAnswer) {
  window.localStorage.setItem('access_token', 'stored-token');
  const startUp = mockFetch({ [LIST]: answer });
  const store = makeStore(loggedIn());
  const url = new URL(route, 'http://localhost');
  preloadData(store.dispatch, url, true);
  await waitFor(() => expect(aheadListingApi.endpoints.listServerFolderAhead.select({ id: 's1', directory: url.searchParams.get('directory') ?? '/' })(store.getState()).isSuccess).toBe(true));
  startUp.restore();
  return { store, startUp };
}

afterEach(() => window.localStorage.clear());

describe('the files page opened with the panel (its folder asked for at start-up)', () => {
  it('shows the folder from the answer asked for at start-up, without asking again', async () => {
    const { store, startUp } = await startedOn('/server/s1/files?directory=%2Fplugins', { status: 200, body: { data: listing } });
    expect(startUp.requestsTo(LIST)).toHaveLength(1);
    expect(startUp.requestsTo(LIST)[0].query.get('directory')).toBe('/plugins');
    const { network } = renderFilesPage('/server/s1/files?directory=%2Fplugins', {}, filesServer(), 1440, undefined, store);
    expect(await screen.findByText('server.properties')).toBeInTheDocument();
    expect(network.requestsTo(LIST)).toHaveLength(0);
  });

  it('shows the folder asked for at start-up in its first render when the answer is already there', async () => {
    window.localStorage.setItem('access_token', 'stored-token');
    const startUp = mockFetch({
      'GET /api/v2/auth/current': { status: 200, body: { data: { user: makeUser() } } },
      'GET /api/v2/servers/s1': { status: 200, body: { data: filesServer() } },
      [LIST]: { status: 200, body: { data: listing } },
    });
    const store = makeStore(loggedIn());
    preloadData(store.dispatch, new URL('/server/s1/files?directory=%2Fplugins', 'http://localhost'), true);
    const answered = (endpoint: string) => Object.values(store.getState().api.queries).some((query) => query?.endpointName === endpoint && query.status === 'fulfilled');
    await waitFor(() => expect(answered('getServer') && answered('listServerFolderAhead')).toBe(true));
    startUp.restore();
    const { network } = renderFilesPage('/server/s1/files?directory=%2Fplugins', {}, filesServer(), 1440, undefined, store);
    // Rendered, nothing awaited: the rows are there at once.
    expect(screen.getByText('server.properties')).toBeInTheDocument();
    expect(await screen.findByText('server.properties')).toBeInTheDocument();
    expect(network.requestsTo(LIST)).toHaveLength(0);
    network.restore();
  });

  it('does not make the rows again once the answer it showed first has gone into the listing’s cache', async () => {
    // The server's details and the folder's answer both arrived at start-up, the answer's entries
    // counting how often rows are made of them (the store's own checks and its action log read them
    // too: those reads are not counted).
    const store = makeStore(loggedIn());
    await store.dispatch(serversApi.util.upsertQueryData('getServer', { id: 's1' }, { data: filesServer() }));
    const reads = { count: 0 };
    const counted = listing.map((entry) => {
      const copy = { ...entry };
      const name = () => {
        if (new Error().stack?.includes('fileRow.ts')) reads.count += 1;
        return entry.name;
      };
      Object.defineProperty(copy, 'name', { enumerable: true, get: name });
      return copy as FileEntry;
    });
    const ahead: AheadListing = { outcome: 'listed', listing: frozenListing<ListServerFilesApiResponse>({ data: counted }) };
    await store.dispatch(aheadListingApi.util.upsertQueryData('listServerFolderAhead', { id: 's1', directory: '/plugins' }, ahead));
    const { network } = renderFilesPage('/server/s1/files?directory=%2Fplugins', {}, filesServer(), 1440, undefined, store);
    expect(screen.getByText('server.properties')).toBeInTheDocument();
    const readsForTheFirstRender = reads.count;
    expect(readsForTheFirstRender).toBeGreaterThan(0);
    const answered = (endpoint: string) => Object.values(store.getState().api.queries).some((query) => query?.endpointName === endpoint && query.status === 'fulfilled');
    await waitFor(() => expect(answered('openServerFolderEarly') && answered('listServerFiles')).toBe(true));
    expect(await screen.findByText('server.properties')).toBeInTheDocument();
    expect(reads.count).toBe(readsForTheFirstRender);
    expect(network.requestsTo(LIST)).toHaveLength(0);
    network.restore();
  });

  it('reads the answer asked for at start-up with a selector that keeps its result, so that other actions do not render the page again', async () => {
    const store = makeStore(loggedIn());
    await store.dispatch(serversApi.util.upsertQueryData('getServer', { id: 's1' }, { data: filesServer() }));
    await store.dispatch(
      aheadListingApi.util.upsertQueryData('listServerFolderAhead', { id: 's1', directory: '/plugins' }, { outcome: 'listed', listing: frozenListing<ListServerFilesApiResponse>({ data: listing }) }),
    );
    // react-redux checks each selector once, on its first use, for a result that changes with the same state.
    const warn = jest.spyOn(console, 'warn');
    try {
      const { network } = renderFilesPage('/server/s1/files?directory=%2Fplugins', {}, filesServer(), 1440, undefined, store);
      expect(await screen.findByText('server.properties')).toBeInTheDocument();
      const unstable = warn.mock.calls.filter(([message]) => String(message).includes('returned a different result when called with the same parameters'));
      expect(unstable).toEqual([]);
      network.restore();
    } finally {
      warn.mockRestore();
    }
  });

  it('waits for the folder asked for at start-up when the server’s details arrived first, without asking again', async () => {
    window.localStorage.setItem('access_token', 'stored-token');
    const heldListing = deferred<MockAnswer>();
    const startUp = mockFetch({
      'GET /api/v2/auth/current': { status: 200, body: { data: { user: makeUser() } } },
      'GET /api/v2/servers/s1': { status: 200, body: { data: filesServer() } },
      [LIST]: () => heldListing.promise,
    });
    const store = makeStore(loggedIn());
    preloadData(store.dispatch, new URL('/server/s1/files?directory=%2Fplugins', 'http://localhost'), true);
    const serverDetailsArrived = () => Object.values(store.getState().api.queries).some((query) => query?.endpointName === 'getServer' && query.status === 'fulfilled');
    await waitFor(() => expect(serverDetailsArrived()).toBe(true));
    const { network } = renderFilesPage('/server/s1/files?directory=%2Fplugins', {}, filesServer(), 1440, undefined, store);
    heldListing.resolve({ status: 200, body: { data: listing } });
    expect(await screen.findByText('server.properties')).toBeInTheDocument();
    expect(startUp.requestsTo(LIST)).toHaveLength(1);
    expect(network.requestsTo(LIST)).toHaveLength(0);
    network.restore();
    startUp.restore();
  });

  it('keeps a 403 at start-up silent (a shared user without file.read) and shows the page’s own notice', async () => {
    const { store } = await startedOn('/server/s1/files', { status: 403, body: { message: 'This action needs the permission file.read.' } });
    const { network } = renderFilesPage('/server/s1/files', {}, filesServer({ permissions: ['control.console'] }), 1440, undefined, store);
    expect(await screen.findByText('You may not see the files of this server.')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().app.loaders).toBe(0));
    expect(network.requestsTo(LIST)).toHaveLength(0);
    expect(store.getState().notifications.items).toEqual([]);
  });
});
