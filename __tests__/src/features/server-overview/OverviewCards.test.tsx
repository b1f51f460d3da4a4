import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { closeServerConnections, configureServerSockets } from '../../../../src/api/serverSocket';
import type { ServerCrash } from '../../../../src/api/crashes';
import { ServerOverviewPage } from '../../../../src/features/server-overview/ServerOverviewPage';
import { ThresholdsCard } from '../../../../src/features/server-overview/thresholds/ThresholdsCard';
import { FakeConsoleServer } from '../../helpers/fakeConsoleServer';
import { loggedIn } from '../../helpers/fixtures';
import { allowUpdatesOutsideAct } from '../../helpers/liveUpdates';
import { mockFetch, type FetchMock, type MockRoute } from '../../helpers/mockFetch';
import { makeServer, makeStats } from '../../helpers/serverFixture';
import { renderWithProviders } from '../../renderWithProviders';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);
allowUpdatesOutsideAct();

/**
 * The overview's cards: crashes (on the whole page, with its live connection) and resource
 * thresholds (the card alone). One file, so they share one test environment.
 */
let socket: FakeConsoleServer | null = null;
let cleanup: (() => void) | null = null;
beforeAll(() => configureServerSockets({ graceMs: 0, client: { backoff: { initialMs: 100, maxMs: 100 } } }));
afterEach(async () => {
  cleanup?.();
  cleanup = null;
  await socket?.stop();
  socket = null;
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
  const live = await FakeConsoleServer.start({ state: 'offline', stats: makeStats({ state: 'offline' }) });
  socket = live;
  const fetchMock = mockFetch({
    'GET /api/v2/servers/s1': { status: 200, body: { data: makeServer({ permissions: ['websocket.connect', ...permissions] }) } },
    'GET /api/v2/servers/s1/websocket': () => ({ status: 200, body: live.issueTicket('s1') }),
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
  cleanup = () => {
    closeServerConnections(view.store.dispatch);
    fetchMock.restore();
  };
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
    // The save refetches the policy, and any request's start clears the field errors (spec §5): the
    // second save's errors are looked for once that refetch has started, not wiped by it.
    await waitFor(() => expect(fetchMock.requestsTo('GET /api/v2/servers/s1/crash-policy')).toHaveLength(2));

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

const savedThresholds = { cpu_percent: 90, memory_percent: null, disk_percent: 75, minutes: 10, exceeded: ['disk'] };
function renderCard(permissions: string[], put?: MockRoute): FetchMock {
  const fetchMock = mockFetch({
    'GET /api/v2/servers/s1/thresholds': { status: 200, body: { data: savedThresholds } },
    ...(put ? { 'PUT /api/v2/servers/s1/thresholds': put } : {}),
  });
  renderWithProviders(<ThresholdsCard serverId="s1" permissions={permissions} />, { preloadedState: loggedIn() });
  cleanup = () => fetchMock.restore();
  return fetchMock;
}

describe('the thresholds card', () => {
  it('shows the saved values and what is exceeded; read-only without threshold.update', async () => {
    renderCard(['threshold.read']);
    expect(await screen.findByRole('spinbutton', { name: 'CPU above %' })).toHaveValue('90');
    expect(screen.getByRole('spinbutton', { name: 'Memory above %' })).toHaveValue('');
    expect(screen.getByRole('spinbutton', { name: 'Disk above %' })).toHaveValue('75');
    expect(screen.getByRole('spinbutton', { name: 'For minutes' })).toHaveValue('10');
    expect(screen.getByText('Disk above its threshold')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'CPU above %' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('sends the changed values (an emptied field as null) and shows the server’s message under its field', async () => {
    let answer: MockRoute = { status: 200, body: { data: { ...savedThresholds, cpu_percent: null, memory_percent: 60, exceeded: [] } } };
    const requests = renderCard(['threshold.read', 'threshold.update'], (request) => (typeof answer === 'function' ? answer(request) : answer));
    const cpu = await screen.findByRole('spinbutton', { name: 'CPU above %' });
    await userEvent.clear(cpu);
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Memory above %' }), '60');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.requestsTo('PUT /api/v2/servers/s1/thresholds')).toHaveLength(1));
    expect(requests.requestsTo('PUT /api/v2/servers/s1/thresholds')[0].body).toEqual({ cpu_percent: null, memory_percent: 60, disk_percent: 75, minutes: 10 });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    // As for the crash policy: the second save's errors are looked for once the save's refetch has started.
    await waitFor(() => expect(requests.requestsTo('GET /api/v2/servers/s1/thresholds')).toHaveLength(2));

    answer = { status: 422, body: { message: 'The given data was invalid.', errors: { minutes: ['must be <= 1440'] } } };
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const problems = await screen.findByRole('list', { name: 'Problems with For minutes' });
    expect(problems).toHaveTextContent('must be <= 1440');
    expect(screen.queryByRole('list', { name: 'Problems with CPU above %' })).toBeNull();
  });

  it('shows nothing, and asks for nothing, without threshold.read', async () => {
    const requests = renderCard([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Resource thresholds')).toBeNull();
    expect(requests.requestsTo('GET /api/v2/servers/s1/thresholds')).toHaveLength(0);
  });
});
