// First: quiets xterm's canvas probe before xterm.js loads.
import { terminalText } from '../../helpers/xtermInJsdom';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { closeServerConnections, configureServerSockets } from '../../../../src/api/serverSocket';
import { ConsolePage } from '../../../../src/features/console/ConsolePage';
import { FakeConsoleServer } from '../../helpers/fakeConsoleServer';
import { loggedIn, makeUser } from '../../helpers/fixtures';
import { allowUpdatesOutsideAct } from '../../helpers/liveUpdates';
import { mockFetch, type MockRoute } from '../../helpers/mockFetch';
import { makeServer } from '../../helpers/serverFixture';
import { renderWithProviders } from '../../renderWithProviders';

// Real sockets and xterm's rendering on a busy machine: give waits room.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);
allowUpdatesOutsideAct();

let server: FakeConsoleServer;
let cleanup: (() => void) | null = null;

beforeAll(() => configureServerSockets({ graceMs: 0, client: { backoff: { initialMs: 300, maxMs: 300 } } }));

beforeEach(async () => {
  server = await FakeConsoleServer.start({
    state: 'running',
    logs: ['\u001b[36m[12:00:01 INFO]: Starting minecraft server version 1.21.4\u001b[0m', '[12:00:02 INFO]: Done (0.9s)! For help, type "help"'],
    onCommand: (line, connection) => {
      if (line === 'list') connection.send('console output', 'There are 0 of a max of 20 players online: ');
    },
  });
});

afterEach(async () => {
  cleanup?.();
  cleanup = null;
  window.localStorage.clear();
  await server.stop();
});

function renderConsole(ticket: MockRoute = () => ({ status: 200, body: server.issueTicket('s1') }), overrides: Parameters<typeof makeServer>[0] = {}, routes: Record<string, MockRoute> = {}) {
  const fetch = mockFetch({
    'GET /api/v2/servers/s1': { status: 200, body: { data: makeServer({ state: 'running', ...overrides }) } },
    'GET /api/v2/servers/s1/websocket': ticket,
    ...routes,
  });
  const view = renderWithProviders(
    <Routes>
      <Route path="/server/:id/console" element={<ConsolePage />} />
    </Routes>,
    { route: '/server/s1/console', preloadedState: loggedIn(makeUser({ restart_confirmation: false })) },
  );
  cleanup = () => closeServerConnections(view.store.dispatch);
  return { ...view, fetch, user: userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }) };
}

/*
 * Role queries compute styles for every element, and jsdom does that slowly once xterm's
 * renderer has added its colour style sheet; these lookups by text and label stay fast.
 */
const buttonLabelled = (text: string) => screen.getByText(text, { selector: 'button span' }).closest('button');
const commandInput = () => screen.getByLabelText('Console command');

describe('the console page', () => {
  it('shows the live output with its history, and sends a command over the socket', async () => {
    const { user } = renderConsole();
    expect(await screen.findByRole('heading', { level: 2, name: 'Console' })).toBeInTheDocument();
    // (The heading is there before the terminal: the role query is still fast.)
    await waitFor(() => expect(terminalText()).toContain('Done (0.9s)! For help, type "help"'));
    expect(terminalText()).toContain('Starting minecraft server version 1.21.4');
    expect(screen.getByText('Running')).toBeInTheDocument();

    await user.type(commandInput(), 'list{Enter}');
    await waitFor(() => expect(terminalText()).toContain('There are 0 of a max of 20 players online:'));
    expect(terminalText()).toContain('> list');
    const connection = server.connections[0];
    expect(connection.frames.map((frame) => frame.event)).toEqual(['auth', 'send logs', 'send stats', 'send command']);
  });

  it('follows the power state from the socket: stopping waits, offline offers start', async () => {
    renderConsole();
    await waitFor(() => expect(terminalText()).toContain('Done (0.9s)!'));
    expect(buttonLabelled('Stop')).toBeEnabled();
    server.broadcast('status', 'stopping');
    await waitFor(() => expect(buttonLabelled('Stopping…')).toBeDisabled());
    expect(commandInput()).toBeDisabled();
    server.broadcast('status', 'offline');
    expect(await screen.findByText('Offline')).toBeInTheDocument();
    expect(buttonLabelled('Start')).toBeEnabled();
    expect(commandInput()).toBeDisabled();
  });

  it("prints the panel's refusals in the output", async () => {
    renderConsole();
    await waitFor(() => expect(terminalText()).toContain('Done (0.9s)!'));
    server.broadcast('daemon error', 'The server is not reading its console.');
    await waitFor(() => expect(terminalText()).toContain('[Panel] The server is not reading its console.'));
  });

  it('says when the connection is lost, reconnects, and shows the history again', async () => {
    let reachable = true;
    renderConsole(() => (reachable ? { status: 200, body: server.issueTicket('s1') } : { status: 502, body: { message: 'Bad gateway.' } }));
    await waitFor(() => expect(terminalText()).toContain('Done (0.9s)!'));
    reachable = false;
    server.connections[0].terminate();
    expect(await screen.findByText(/Connection lost\. Reconnecting/)).toBeInTheDocument();
    reachable = true;
    await server.connection(1);
    await waitFor(() => expect(screen.queryByText(/Connection lost/)).toBeNull());
    await waitFor(() => expect(terminalText()).toContain('Done (0.9s)!'), { timeout: 5000 });
  });

  it('says when it has given up, and connects again on request', async () => {
    let allowed = false;
    const { user } = renderConsole(() => (allowed ? { status: 200, body: server.issueTicket('s1') } : { status: 403, body: { message: 'You may not connect to this server.' } }));
    expect(await screen.findByText('Disconnected from the server. Live output and state are paused.')).toBeInTheDocument();
    expect(screen.getByText('You may not connect to this server.', { selector: '.ant-alert-description, .ant-alert-description *' })).toBeInTheDocument();
    allowed = true;
    await user.click(buttonLabelled('Reconnect')!);
    await waitFor(() => expect(terminalText()).toContain('Done (0.9s)!'), { timeout: 5000 });
    expect(screen.queryByText(/Disconnected from the server/)).toBeNull();
  });

  it('says a failed install in words and offers to install again, as the overview does', async () => {
    const raw = 'Download of https://piston-meta.mojang.com/mc/game/version_manifest_v2.json failed: getaddrinfo ENOTFOUND piston-meta.mojang.com';
    const { fetch, user } = renderConsole(
      undefined,
      { state: 'offline', status: 'install_failed', install_error: raw, is_owner: true },
      { 'POST /api/v2/servers/s1/reinstall': { status: 202, body: null } },
    );
    expect(await screen.findByText('The game files could not be downloaded')).toBeInTheDocument();
    expect(screen.queryByText(raw)).not.toBeInTheDocument();
    await user.click(buttonLabelled('Retry install')!);
    await waitFor(() => expect(fetch.requestsTo('POST /api/v2/servers/s1/reinstall')).toHaveLength(1));
  });

  it('shows no install panel for a server that installed', async () => {
    renderConsole();
    await waitFor(() => expect(terminalText()).toContain('Done (0.9s)!'));
    expect(screen.queryByText('Retry install')).not.toBeInTheDocument();
  });
});
