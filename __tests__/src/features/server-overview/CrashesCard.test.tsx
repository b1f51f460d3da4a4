import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { closeServerConnections, configureServerSockets } from '../../../../src/api/serverSocket';
import type { ServerCrash } from '../../../../src/api/crashes';
import { ServerOverviewPage } from '../../../../src/features/server-overview/ServerOverviewPage';
import { FakeConsoleServer } from '../../helpers/fakeConsoleServer';
import { loggedIn } from '../../helpers/fixtures';
import { allowUpdatesOutsideAct } from '../../helpers/liveUpdates';
import { mockFetch, type FetchMock, type MockRoute } from '../../helpers/mockFetch';
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

const oom: ServerCrash = {
  id: 7,
  created_at: '2024-05-06T07:08:09.000Z',
  exit_code: null,
  signal: 'SIGKILL',
  reason: 'memory',
  out_of_memory: true,
  message: 'The server was killed for using more memory than its plan allows.',
  outcome: 'gave_up',
  restart_attempt: null,
  max_restarts: null,
  lines: ['Loading world', 'Allocating chunk cache', '[Panel] The server ran out of memory (its plan allows 128 MiB) and was killed.'],
};
const killed: ServerCrash = {
  ...oom,
  id: 6,
  created_at: '2024-05-06T07:00:00.000Z',
  reason: 'exit',
  out_of_memory: false,
  outcome: 'restarting',
  restart_attempt: 1,
  max_restarts: 3,
  lines: ['Ready!'],
};

async function renderOverview(permissions: string[], routes: Record<string, MockRoute> = {}): Promise<FetchMock> {
  socket = await FakeConsoleServer.start({ state: 'offline', stats: makeStats({ state: 'offline' }) });
  const fetchMock = mockFetch({
    'GET /api/v2/servers/s1': { status: 200, body: { data: makeServer({ permissions: ['websocket.connect', ...permissions] }) } },
    'GET /api/v2/servers/s1/websocket': () => ({ status: 200, body: socket.issueTicket('s1') }),
    'GET /api/v2/servers/s1/crashes': (request) =>
      request.query.get('per_page') === '1'
        ? { status: 200, body: { data: [oom], meta: { page: 1, per_page: 1, total: 2 } } }
        : { status: 200, body: { data: [oom, killed], meta: { page: 1, per_page: 10, total: 2 } } },
    'GET /api/v2/servers/s1/crash-policy': { status: 200, body: { data: { enabled: true, max_restarts: 3, window_minutes: 10 } } },
    ...routes,
  });
  const view = renderWithProviders(
    <Routes>
      <Route path="/server/:id" element={<ServerOverviewPage />} />
    </Routes>,
    { route: '/server/s1', preloadedState: loggedIn() },
  );
  cleanup = () => closeServerConnections(view.store.dispatch);
  return fetchMock;
}

describe('crashes on the overview', () => {
  it('shows the last crash and the history with the console lines of each crash; read-only without crash.update', async () => {
    await renderOverview(['crash.read']);
    const last = await screen.findByRole('region', { name: 'Last crash' });
    expect(within(last).getByText('Out of memory')).toBeInTheDocument();
    expect(within(last).getByText('Gave up: it crashed too often, so it stays stopped')).toBeInTheDocument();
    // The policy is shown, not editable.
    expect(await screen.findByRole('switch', { name: 'Restart after a crash' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Crash history (2)' }));
    const drawer = await screen.findByRole('dialog', { name: 'Crash history' });
    expect(within(drawer).getByText('Killed by signal SIGKILL')).toBeInTheDocument();
    expect(within(drawer).getByText('Restarted automatically (attempt 1 of 3)')).toBeInTheDocument();
    await userEvent.click(within(drawer).getAllByText('Out of memory')[0]);
    const lines = await within(drawer).findByLabelText(/^Console before the crash at/);
    expect(lines).toHaveTextContent('Allocating chunk cache');
    expect(lines).toHaveTextContent('ran out of memory');
  });

  it('lets a user with crash.update change the policy, and shows the server’s messages per field', async () => {
    let answer: MockRoute = { status: 200, body: { data: { enabled: false, max_restarts: 5, window_minutes: 10 } } };
    const fetchMock = await renderOverview(['crash.read', 'crash.update'], { 'PUT /api/v2/servers/s1/crash-policy': (request) => (typeof answer === 'function' ? answer(request) : answer) });
    const restarts = await screen.findByRole('spinbutton', { name: 'Restarts at most' });
    await userEvent.clear(restarts);
    await userEvent.type(restarts, '5');
    await userEvent.click(screen.getByRole('switch', { name: 'Restart after a crash' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.requestsTo('PUT /api/v2/servers/s1/crash-policy')).toHaveLength(1));
    expect(fetchMock.requestsTo('PUT /api/v2/servers/s1/crash-policy')[0].body).toEqual({ enabled: false, max_restarts: 5, window_minutes: 10 });
    expect(await screen.findByText('Saved')).toBeInTheDocument();

    answer = { status: 422, body: { message: 'The given data was invalid.', errors: { window_minutes: ['must be <= 1440'] } } };
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const problems = await screen.findByRole('list', { name: 'Problems with Within minutes' });
    expect(problems).toHaveTextContent('must be <= 1440');
  });

  it('shows nothing of crashes, and asks for nothing, without crash.read', async () => {
    const fetchMock = await renderOverview([]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Overview' })).toBeInTheDocument();
    await screen.findByText('Our friends server');
    expect(screen.queryByText('Crashes')).toBeNull();
    expect(fetchMock.requestsTo('GET /api/v2/servers/s1/crashes')).toHaveLength(0);
    expect(fetchMock.requestsTo('GET /api/v2/servers/s1/crash-policy')).toHaveLength(0);
  });
});
