import { configure, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { closeServerConnections, configureServerSockets } from '../../../../src/api/serverSocket';
import { ServerOverviewPage } from '../../../../src/features/server-overview/ServerOverviewPage';
import { FakeConsoleServer } from '../../helpers/fakeConsoleServer';
import { loggedIn } from '../../helpers/fixtures';
import { allowUpdatesOutsideAct } from '../../helpers/liveUpdates';
import { mockFetch } from '../../helpers/mockFetch';
import { makeServer, makeStats } from '../../helpers/serverFixture';
import { renderWithProviders } from '../../renderWithProviders';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);
allowUpdatesOutsideAct();

let socket: FakeConsoleServer;
let cleanup: (() => void) | null = null;
beforeAll(() => configureServerSockets({ graceMs: 0, client: { backoff: { initialMs: 100, maxMs: 100 } } }));
afterEach(async () => {
  cleanup?.();
  cleanup = null;
  await socket.stop();
});

describe('a server moved to another machine, as its customer sees it', () => {
  it('shows "transferring" with the progress from the console socket, then the new address', async () => {
    socket = await FakeConsoleServer.start({ state: 'running', stats: makeStats() });
    let moved = false;
    mockFetch({
      // Read again once the move has finished: the server's address is now on the other machine.
      'GET /api/v2/servers/s1': () => ({
        status: 200,
        body: { data: makeServer({ state: 'running', allocation: moved ? { ip: '0.0.0.0', port: 25565, host: '10.0.0.2' } : { ip: '0.0.0.0', port: 25565, host: '10.0.0.1' } }) },
      }),
      'GET /api/v2/servers/s1/websocket': () => ({ status: 200, body: socket.issueTicket('s1') }),
    });
    const view = renderWithProviders(
      <Routes>
        <Route path="/server/:id" element={<ServerOverviewPage />} />
      </Routes>,
      { route: '/server/s1', preloadedState: loggedIn() },
    );
    cleanup = () => closeServerConnections(view.store.dispatch);
    expect(await screen.findByText('10.0.0.1:25565')).toBeInTheDocument();
    await socket.connection(0);
    // The answer to the page's `send stats` first: its sample ("running") would otherwise overtake the move's status.
    await waitFor(() => expect(view.store.getState().serverSocket.servers.s1?.stats).not.toBeNull());

    socket.broadcast('status', 'transferring');
    socket.broadcast('transfer progress', { step: 'copying', state: 'running', percent: 42, address: '10.0.0.2:25565' });
    expect(await screen.findByText('This server is being moved to another machine')).toBeInTheDocument();
    expect(screen.getByText('Transferring')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Move progress' })).toHaveAttribute('aria-valuenow', '42');

    moved = true;
    socket.broadcast('transfer progress', { step: 'done', state: 'completed', percent: 100, address: '10.0.0.2:25565' });
    socket.broadcast('status', 'running');
    expect(await screen.findByText('The server has moved to another machine')).toBeInTheDocument();
    expect(screen.queryByText('This server is being moved to another machine')).toBeNull();
    // The notice and the overview's own address both name the new machine.
    await waitFor(() => expect(screen.getAllByText('10.0.0.2:25565')).toHaveLength(2));
    expect(screen.queryByText('10.0.0.1:25565')).toBeNull();
  });
});
