import { configure, screen, waitFor, within } from '@testing-library/react';
import { closeServerConnections, configureServerSockets } from '../../../../src/api/serverSocket';
import { DashboardPage } from '../../../../src/features/dashboard/DashboardPage';
import { ServerCardList } from '../../../../src/features/dashboard/components/ServerCardList';
import { FakeConsoleServer } from '../../helpers/fakeConsoleServer';
import { loggedIn } from '../../helpers/fixtures';
import { allowUpdatesOutsideAct } from '../../helpers/liveUpdates';
import { mockFetch } from '../../helpers/mockFetch';
import { makeServer, makeStats } from '../../helpers/serverFixture';
import { renderWithProviders } from '../../renderWithProviders';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);
allowUpdatesOutsideAct();

const MiB = 1024 * 1024;
let server: FakeConsoleServer;
let cleanup: (() => void) | null = null;

beforeAll(() => configureServerSockets({ graceMs: 0 }));
beforeEach(async () => {
  server = await FakeConsoleServer.start({ state: 'running', stats: makeStats({ cpu_absolute: 42, memory_bytes: 1900 * MiB }) });
});
afterEach(async () => {
  cleanup?.();
  cleanup = null;
  await server.stop();
});

const minecraft = makeServer({ identifier: 'mc1', name: 'Survival world', state: 'offline' });
const rust = makeServer({
  uuid: '7d1f3c3e-2f7e-4a8e-9d3c-1f2e3d4c5b00',
  identifier: 'rs1',
  name: 'Rust island',
  game: { slug: 'rust', name: 'Rust' },
  plan: { ...minecraft.plan, slug: 'rust-premium', name: 'Premium', tier: 'premium' },
  allocation: { ip: '127.0.0.1', port: 28015, host: 'play.example.com' },
  status: 'install_failed',
  install_error: 'The Rust server could not be downloaded (no network).',
});

function render(ui: React.ReactElement, routes: Parameters<typeof mockFetch>[0] = {}) {
  mockFetch({
    'GET /api/v2/servers/mc1/websocket': () => ({ status: 200, body: server.issueTicket('mc1') }),
    'GET /api/v2/servers/rs1/websocket': { status: 403, body: { message: 'You may not connect to this server.' } },
    ...routes,
  });
  const view = renderWithProviders(ui, { preloadedState: loggedIn() });
  cleanup = () => closeServerConnections(view.store.dispatch);
  return view;
}

const card = (name: string) => screen.getByRole('article', { name });

describe('server cards', () => {
  it("show each server in its game's theme with its state, address and live CPU and memory", async () => {
    render(<ServerCardList servers={[minecraft, rust]} />);
    const mc = card('Survival world');
    // Live state from the socket replaces the list's "offline".
    expect(await within(mc).findByText('Running')).toBeInTheDocument();
    expect(await within(mc).findByText('CPU 42 % of 200 %')).toBeInTheDocument();
    expect(within(mc).getByText('Memory 1.9 GiB of 2 GiB')).toBeInTheDocument();
    // 93 % of its memory: the bar turns red.
    const memory = within(mc).getByRole('progressbar', { name: 'Memory use' });
    expect(memory).toHaveAttribute('aria-valuenow', '93');
    expect(memory).toHaveAttribute('data-level', 'near');
    expect(within(mc).getByRole('progressbar', { name: 'CPU use' })).toHaveAttribute('data-level', 'normal');
    expect(within(mc).getByText('play.example.com:25565')).toBeInTheDocument();
    expect(within(mc).getByRole('link', { name: 'Console' })).toHaveAttribute('href', '/server/mc1/console');
    expect(within(mc).getByRole('link', { name: 'Survival world' })).toHaveAttribute('href', '/server/mc1');
    expect(mc.closest('[data-panel-theme]')).toHaveAttribute('data-panel-theme', 'minecraftDefault');

    const rs = card('Rust island');
    expect(rs.closest('[data-panel-theme]')).toHaveAttribute('data-panel-theme', 'rustPremium');
    expect(within(rs).getByText('Install failed')).toBeInTheDocument();
    expect(within(rs).getByText('The Rust server could not be downloaded (no network).')).toBeInTheDocument();
  });

  it('the dashboard lists the servers from the API, each card live', async () => {
    render(<DashboardPage />, { 'GET /api/v2/servers/': { status: 200, body: { data: [minecraft] } } });
    expect(await screen.findByRole('article', { name: 'Survival world' })).toBeInTheDocument();
    await waitFor(() => expect(server.connections).toHaveLength(1));
    expect(screen.queryByText('You have no servers yet')).toBeNull();
  });

  it('the dashboard keeps its empty state for a user without servers', async () => {
    render(<DashboardPage />, { 'GET /api/v2/servers/': { status: 200, body: { data: [] } } });
    expect(await screen.findByText('You have no servers yet')).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
  });
});
