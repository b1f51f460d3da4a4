import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { closeServerConnections, configureServerSockets } from '../../../../src/api/serverSocket';
import { ServerOverviewPage } from '../../../../src/features/server-overview/ServerOverviewPage';
import { FakeConsoleServer } from '../../helpers/fakeConsoleServer';
import { loggedIn } from '../../helpers/fixtures';
import { allowUpdatesOutsideAct } from '../../helpers/liveUpdates';
import { mockFetch, type MockRoute } from '../../helpers/mockFetch';
import { makeServer, makeStats } from '../../helpers/serverFixture';
import { renderWithProviders } from '../../renderWithProviders';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);
allowUpdatesOutsideAct();

const MiB = 1024 * 1024;
let server: FakeConsoleServer;
let cleanup: (() => void) | null = null;

beforeAll(() => configureServerSockets({ graceMs: 0, client: { backoff: { initialMs: 100, maxMs: 100 } } }));
afterEach(async () => {
  cleanup?.();
  cleanup = null;
  await server.stop();
});

/** The overview of s1 against `server`'s socket, the API answering the server's details, a ticket and `answers`. */
function mountOverview(answers: Record<string, MockRoute> = {}) {
  mockFetch({
    'GET /api/v2/servers/s1': { status: 200, body: { data: makeServer({ state: 'running' }) } },
    'GET /api/v2/servers/s1/websocket': () => ({ status: 200, body: server.issueTicket('s1') }),
    ...answers,
  });
  const view = renderWithProviders(
    <Routes>
      <Route path="/server/:id" element={<ServerOverviewPage />} />
    </Routes>,
    { route: '/server/s1', preloadedState: loggedIn() },
  );
  cleanup = () => closeServerConnections(view.store.dispatch);
  return view;
}

async function renderOverview(stats = makeStats()) {
  server = await FakeConsoleServer.start({ state: stats.state, stats });
  return mountOverview();
}

const tile = (title: string) => screen.getByText(title, { selector: '.panel-card-title' }).closest('.panel-card') as HTMLElement;

describe('the server overview', () => {
  it('shows state, address, uptime, resources, players and the plan from the API and the live socket', async () => {
    const { store } = await renderOverview();
    expect(await screen.findByRole('heading', { level: 2, name: 'Overview' })).toBeInTheDocument();
    expect(await screen.findByText('1 h 2 min')).toBeInTheDocument();
    expect(screen.getByText('Our friends server')).toBeInTheDocument();
    expect(screen.getByText('Running')).toBeInTheDocument();
    expect(screen.getByText('play.example.com:25565')).toBeInTheDocument();

    expect(within(tile('CPU')).getByText('25 %')).toBeInTheDocument();
    expect(within(tile('CPU')).getByText('of 200 %')).toBeInTheDocument();
    expect(within(tile('Memory')).getByText('512 MiB')).toBeInTheDocument();
    expect(within(tile('Memory')).getByText('of 2 GiB')).toBeInTheDocument();
    expect(within(tile('Disk')).getByText('100 MiB')).toBeInTheDocument();
    expect(within(tile('Players online')).getByText('1 / 20')).toBeInTheDocument();
    expect(within(tile('Players online')).getByText('Alex')).toBeInTheDocument();
    expect(within(tile('Plan: Budget')).getByText('5 GiB')).toBeInTheDocument();
    // Nothing is near its limit.
    expect(screen.queryByRole('alert')).toBeNull();
    // What the page shows is what the store holds.
    expect(store.getState().serverSocket.servers.s1.stats?.uptime_ms).toBe(3_725_000);
  });

  it("shows the API's figures until the socket's first sample, then the socket's", async () => {
    // A socket that sends no sample until told to.
    server = await FakeConsoleServer.start({ state: 'running' });
    mountOverview({ 'GET /api/v2/servers/s1/resources': { status: 200, body: { data: makeStats({ memory_bytes: 768 * MiB }) } } });
    await screen.findByText('Memory', { selector: '.panel-card-title' });
    expect(within(tile('Memory')).getByText('768 MiB')).toBeInTheDocument();
    expect(screen.queryByTestId('resource-tiles-placeholder')).toBeNull();
    // Connecting says nothing above the figures.
    expect(screen.queryByRole('alert')).toBeNull();
    const connection = await server.connection(0);
    await waitFor(() => expect(connection.frames.some((frame) => frame.event === 'send stats')).toBe(true));
    server.broadcast('stats', makeStats({ memory_bytes: 512 * MiB }));
    await waitFor(() => expect(within(tile('Memory')).getByText('512 MiB')).toBeInTheDocument());
  });

  it('warns near a limit (from 90 %) and at it', async () => {
    await renderOverview(makeStats({ memory_bytes: 1900 * MiB, disk_bytes: 5120 * MiB, cpu_absolute: 150 }));
    await screen.findByText('1 h 2 min');
    expect(within(tile('Memory')).getByRole('alert')).toHaveTextContent('Near the limit (93 %)');
    expect(within(tile('Disk')).getByRole('alert')).toHaveTextContent('At the limit (100 %)');
    // 75 % of the CPU limit: no warning.
    expect(within(tile('CPU')).queryByRole('alert')).toBeNull();
  });

  it('draws the last minutes as graphs as samples arrive, with network rates from the counters', async () => {
    await renderOverview(makeStats({ network_rx_bytes: 0, network_tx_bytes: 0 }));
    await screen.findByText('1 h 2 min');
    for (const [cpu, rx] of [
      [40, 2048],
      [60, 4096],
      [80, 8192],
    ]) {
      server.broadcast('stats', makeStats({ cpu_absolute: cpu, network_rx_bytes: rx, network_tx_bytes: 0 }));
      await waitFor(() => expect(within(tile('CPU')).getByText(`${cpu} %`)).toBeInTheDocument());
    }
    const cpuGraph = within(tile('CPU')).getByRole('img', { name: 'CPU use over the last minutes' });
    expect(cpuGraph.querySelector('polyline')?.getAttribute('points')?.split(' ')).toHaveLength(4);
    // No sleeping in the test: the rate depends on real arrival times, so only its presence is checked.
    expect(within(tile('Network')).getByRole('img', { name: 'Data received over the last minutes' }).querySelector('polyline')).not.toBeNull();
    expect(within(tile('Network')).getByText(/in total ↓ 8 KiB ↑ 0 B/)).toBeInTheDocument();
  });

  it("marks the CPU tile while the server is held to its plan's CPU limit, and explains it", async () => {
    const user = userEvent.setup();
    await renderOverview(makeStats({ cpu_absolute: 199.5, cpu_limited: true }));
    await screen.findByText('1 h 2 min');
    const tag = await within(tile('CPU')).findByText('Limited to plan');
    await user.hover(tag);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('The server wants more CPU than its plan allows (200 % of one core), so it is slowed down to that limit.');
    // The next sample says it is no longer held back: the mark goes.
    server.broadcast('stats', makeStats({ cpu_absolute: 40, cpu_limited: false }));
    await waitFor(() => expect(within(tile('CPU')).getByText('40 %')).toBeInTheDocument());
    expect(within(tile('CPU')).queryByText('Limited to plan')).toBeNull();
  });

  it('says that the traffic of UDP games is not measured, instead of a figure', async () => {
    await renderOverview(makeStats({ network_protocol: 'udp', network_rx_bytes: null, network_tx_bytes: null }));
    await screen.findByText('1 h 2 min');
    const network = tile('Network');
    expect(within(network).getByText('Not measured')).toBeInTheDocument();
    expect(within(network).getByText('Players of this game connect over UDP, whose traffic is not measured.')).toBeInTheDocument();
    expect(within(network).queryByText(/in total/)).toBeNull();
  });

  it('says when a node cannot measure the traffic of a TCP game', async () => {
    await renderOverview(makeStats({ network_protocol: 'tcp', network_rx_bytes: null, network_tx_bytes: null }));
    await screen.findByText('1 h 2 min');
    expect(within(tile('Network')).getByText('This node cannot measure the traffic of its servers.')).toBeInTheDocument();
    expect(within(tile('Network')).queryByText(/UDP/)).toBeNull();
  });

  it('says nothing about isolation while the sandbox and kernel limits hold', async () => {
    await renderOverview(makeStats({ isolation: { sandboxed: true, kernel_limits: true, host_network_blocked: false, kernel_disk_quota: true } }));
    await screen.findByText('1 h 2 min');
    expect(screen.queryByTestId('isolation-notice')).toBeNull();
  });

  it('warns when the limits are only held by the panel pausing the server and polling its memory', async () => {
    await renderOverview(makeStats({ isolation: { sandboxed: true, kernel_limits: false, host_network_blocked: true, kernel_disk_quota: true } }));
    const notice = await screen.findByTestId('isolation-notice');
    expect(within(notice).getByText('Limits held by the panel, not the kernel')).toBeInTheDocument();
    expect(within(notice).getByText(/not enforced by the kernel: the panel pauses the server/)).toBeInTheDocument();
    expect(within(notice).queryByText(/without a sandbox/)).toBeNull();
    expect(within(notice).queryByText(/disk space/)).toBeNull();
    // Once the kernel holds them (a later sample), the notice goes.
    server.broadcast('stats', makeStats());
    await waitFor(() => expect(screen.queryByTestId('isolation-notice')).toBeNull());
  });

  it('warns when the server runs without a sandbox, with everything that does not hold', async () => {
    await renderOverview(makeStats({ isolation: { sandboxed: false, kernel_limits: false, host_network_blocked: false, kernel_disk_quota: false } }));
    const notice = await screen.findByTestId('isolation-notice');
    expect(within(notice).getByText('This server runs without a sandbox')).toBeInTheDocument();
    expect(within(notice).getByText(/runs without a sandbox: its programs run on the host/)).toBeInTheDocument();
    expect(within(notice).getByText(/CPU and memory limits are not enforced by the kernel/)).toBeInTheDocument();
    expect(within(notice).getByText('It can connect to services on the host itself.')).toBeInTheDocument();
    expect(within(notice).getByText(/disk space is not enforced by the kernel: the panel checks its disk use/)).toBeInTheDocument();
  });

  it('warns when only the disk quota is held by the panel checking the disk use', async () => {
    await renderOverview(makeStats({ isolation: { sandboxed: true, kernel_limits: true, host_network_blocked: true, kernel_disk_quota: false } }));
    const notice = await screen.findByTestId('isolation-notice');
    expect(within(notice).getByText('Limits held by the panel, not the kernel')).toBeInTheDocument();
    expect(within(notice).getByText(/disk space is not enforced by the kernel/)).toBeInTheDocument();
    expect(within(notice).queryByText(/pauses the server/)).toBeNull();
  });

  it('copies the address', async () => {
    const user = userEvent.setup();
    await renderOverview();
    await user.click(await screen.findByRole('button', { name: 'Copy address play.example.com:25565' }));
    expect(await navigator.clipboard.readText()).toBe('play.example.com:25565');
  });

  it('says when the server does not exist', async () => {
    server = await FakeConsoleServer.start();
    mockFetch({ 'GET /api/v2/servers/nope': { status: 404, body: { message: 'Server not found.' } } });
    renderWithProviders(
      <Routes>
        <Route path="/server/:id" element={<ServerOverviewPage />} />
      </Routes>,
      { route: '/server/nope', preloadedState: loggedIn() },
    );
    expect(await screen.findByText('Server not found')).toBeInTheDocument();
    expect(server.connections).toHaveLength(0);
  });
});
