import { act, configure, screen, waitFor } from '@testing-library/react';
import { closeServerConnections, configureServerSockets, findServerConnection, useServerSocket } from '../../../../src/api/serverSocket';
import { openPageSocket } from '../../../../src/app/router/preloadData';
import { makeStore } from '../../../../src/app/store';
import { loggedIn } from '../../helpers/fixtures';
import { FakeConsoleServer } from '../../helpers/fakeConsoleServer';
import { allowUpdatesOutsideAct } from '../../helpers/liveUpdates';
import { mockFetch } from '../../helpers/mockFetch';
import { renderWithProviders } from '../../renderWithProviders';

// Real sockets on a busy machine: give waits room.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20_000);
allowUpdatesOutsideAct();

const GRACE_MS = 300;
let server: FakeConsoleServer;
let closeAll: (() => void) | null = null;

beforeAll(() => configureServerSockets({ graceMs: GRACE_MS, client: { backoff: { initialMs: 20, maxMs: 100 } } }));

beforeEach(async () => {
  server = await FakeConsoleServer.start({ state: 'running', logs: ['[12:00:02] Done!'] });
});

afterEach(async () => {
  closeAll?.();
  closeAll = null;
  window.localStorage.clear();
  await server.stop();
});

const at = (address: string) => new URL(address, 'http://localhost');
const ticketRoute = () => mockFetch({ 'GET /api/v2/servers/s1/websocket': () => ({ status: 200, body: server.issueTicket('s1') }) });

function Console() {
  const socket = useServerSocket('s1');
  return <p>{socket.connection}</p>;
}

describe('openPageSocket', () => {
  it.each(['/server/s1', '/server/s1/console', '/server/s1/players/', '/server/s1/backups'])('opens the socket of %s as the panel starts, before the page renders', async (path) => {
    const network = ticketRoute();
    const store = makeStore(loggedIn());
    closeAll = () => closeServerConnections(store.dispatch);
    await openPageSocket(store.dispatch, at(path), true);
    expect(findServerConnection(store.dispatch, 's1')).toBeDefined();
    await waitFor(() => expect(store.getState().serverSocket.servers.s1?.connection).toBe('connected'));
    expect(network.requestsTo('GET /api/v2/servers/s1/websocket')).toHaveLength(1);
  });

  it('hands the open socket to the page: one connection, signed in once', async () => {
    const network = ticketRoute();
    const store = makeStore(loggedIn());
    closeAll = () => closeServerConnections(store.dispatch);
    await openPageSocket(store.dispatch, at('/server/s1/console'), true);
    await waitFor(() => expect(store.getState().serverSocket.servers.s1?.connection).toBe('connected'));
    const opened = findServerConnection(store.dispatch, 's1');

    const page = renderWithProviders(<Console />, { store });
    expect(await screen.findByText('connected')).toBeInTheDocument();
    // Past the grace period the page still holds the same socket.
    await act(() => new Promise((resolve) => setTimeout(resolve, GRACE_MS * 2)));
    expect(findServerConnection(store.dispatch, 's1')).toBe(opened);
    expect(server.connections).toHaveLength(1);
    expect(network.requestsTo('GET /api/v2/servers/s1/websocket')).toHaveLength(1);
    page.unmount();
  });

  it('closes the socket after the grace period when no page takes it (the page went elsewhere)', async () => {
    ticketRoute();
    const store = makeStore(loggedIn());
    closeAll = () => closeServerConnections(store.dispatch);
    await openPageSocket(store.dispatch, at('/server/s1/console'), true);
    await waitFor(() => expect(store.getState().serverSocket.servers.s1?.connection).toBe('connected'));
    await waitFor(() => expect(findServerConnection(store.dispatch, 's1')).toBeUndefined());
    await waitFor(() => expect(server.connections[0].open).toBe(false));
  });

  it('opens none on pages that do not follow the server live, nor without a stored token', async () => {
    const network = ticketRoute();
    const store = makeStore(loggedIn());
    closeAll = () => closeServerConnections(store.dispatch);
    for (const path of ['/', '/server/s1/files', '/server/s1/config', '/server/s1/console/extra', '/account/edit']) await openPageSocket(store.dispatch, at(path), true);
    await openPageSocket(store.dispatch, at('/server/s1/console'), false);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(findServerConnection(store.dispatch, 's1')).toBeUndefined();
    expect(network.requests).toHaveLength(0);
    expect(server.connections).toHaveLength(0);
  });
});
