import { configure, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { closeServerConnections, configureServerSockets } from '../../../../src/api/serverSocket';
import { makeStore } from '../../../../src/app/store';
import { PlayersPage } from '../../../../src/features/players/PlayersPage';
import { actionLogText, buildActionLog } from '../../../../src/features/support/buildActionLog';
import { readRecording } from '../../../../src/features/support/recorderMiddleware';
import { locationChanged } from '../../../../src/core/router/routerSlice';
import { FakeConsoleServer } from '../../helpers/fakeConsoleServer';
import { loggedIn } from '../../helpers/fixtures';
import { allowUpdatesOutsideAct } from '../../helpers/liveUpdates';
import { mockFetch } from '../../helpers/mockFetch';
import { makeServer, makeStats } from '../../helpers/serverFixture';
import { renderWithProviders } from '../../renderWithProviders';
import { openInReplay } from '../../helpers/openInReplay';

configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(240_000);
allowUpdatesOutsideAct();

beforeAll(() => configureServerSockets({ graceMs: 0, client: { backoff: { initialMs: 100, maxMs: 100 } } }));

const players = {
  supported: true,
  unsupported_reason: null,
  state: 'running',
  online_mode: false,
  max_players: 20,
  online: [{ name: 'Tester', uuid: 'f3d28cb0-7225-3cb1-baeb-2dadd2be89ae', joined_at: '2026-11-24T01:00:00.000Z' }],
  whitelist: { enabled: true, entries: [{ name: 'Friend_1', uuid: '11111111-2222-3333-4444-555555555555' }] },
  ops: [],
  bans: [{ name: 'Griefer', uuid: '66666666-7777-3888-9999-000000000000', reason: 'Burnt the village', source: 'owner', created: '2026-11-23 20:00:00 +0000', expires: null }],
  ip_bans: [],
};

it('the Players page is recorded and plays back in the support replay, without calling the API', async () => {
  // The customer opens the Players page of their server.
  const socket = await FakeConsoleServer.start({ state: 'running', stats: makeStats() });
  mockFetch({
    'GET /api/v2/servers/s1': { status: 200, body: { data: makeServer({ state: 'running', permissions: ['players.read', 'players.manage', 'websocket.connect'] }) } },
    'GET /api/v2/servers/s1/players': { status: 200, body: { data: players } },
    'GET /api/v2/servers/s1/players/sleep': { status: 200, body: { data: { auto_stop_minutes: 10, wake_on_join: true, sleeping: false } } },
    'GET /api/v2/servers/s1/websocket': () => ({ status: 200, body: socket.issueTicket('s1') }),
  });
  const store = makeStore(loggedIn());
  store.dispatch(locationChanged('/server/s1/players'));
  const customer = renderWithProviders(
    <Routes>
      <Route path="/server/:id/players" element={<PlayersPage />} />
    </Routes>,
    { route: '/server/s1/players', store },
  );
  expect(await screen.findByText('Burnt the village')).toBeInTheDocument();
  expect(screen.getByText('Tester')).toBeInTheDocument();
  const text = actionLogText(buildActionLog(readRecording(store.dispatch)!, store.getState(), { buildId: 'build-7', browser: 'TestBrowser/1.0' }));
  customer.unmount();
  closeServerConnections(store.dispatch);
  await socket.stop();

  // Support replays the file: the same lists, from the recording alone.
  // (mockFetch's own spy is the one returned: its calls so far were the customer's.)
  const fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.reject(new Error('no network in replay')));
  fetchSpy.mockClear();
  try {
    const replayed = await openInReplay(text);
    expect(replayed).toHaveAttribute('data-location', '/server/s1/players');
    expect(await within(replayed).findByText('Burnt the village')).toBeInTheDocument();
    expect(within(replayed).getByText('Tester')).toBeInTheDocument();
    expect(within(replayed).getByText('Friend_1')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  } finally {
    fetchSpy.mockRestore();
  }
});
