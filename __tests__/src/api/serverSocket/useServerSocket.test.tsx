import { configure, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { closeServerConnections, configureServerSockets, useServerSocket } from '../../../../src/api/serverSocket';
import { useGetServerQuery } from '../../../../src/api/servers';
import { startAppListening } from '../../../../src/app/listenerMiddleware';
import { loggedIn } from '../../helpers/fixtures';
import { FakeConsoleServer } from '../../helpers/fakeConsoleServer';
import { allowUpdatesOutsideAct } from '../../helpers/liveUpdates';
import { mockFetch } from '../../helpers/mockFetch';
import { renderWithProviders } from '../../renderWithProviders';

// Real sockets and xterm's rendering on a busy machine: give waits room.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20_000);
allowUpdatesOutsideAct();

const stats = {
  state: 'running',
  cpu_absolute: 37.5,
  cpu_limit: 200,
  memory_bytes: 512 * 1024 ** 2,
  memory_limit_bytes: 2048 * 1024 ** 2,
  disk_bytes: 10 * 1024 ** 2,
  disk_limit_bytes: 5120 * 1024 ** 2,
  network_rx_bytes: null,
  network_tx_bytes: null,
  uptime_ms: 65_000,
  players: { online: 1, max: 20, sample: ['Alex'] },
};

let server: FakeConsoleServer;
let dispatchOf: (() => void) | null = null;

beforeAll(() => configureServerSockets({ graceMs: 50, client: { backoff: { initialMs: 20, maxMs: 100 } } }));

beforeEach(async () => {
  server = await FakeConsoleServer.start({ state: 'running', logs: ['[12:00:01] Starting server', '[12:00:02] Done!'], stats });
});

afterEach(async () => {
  dispatchOf?.();
  dispatchOf = null;
  window.localStorage.clear();
  await server.stop();
});

function Follower({ serverId, onLine, onReset }: { serverId: string; onLine?: (line: string) => void; onReset?: () => void }) {
  const socket = useServerSocket(serverId);
  const { subscribeOutput } = socket;
  useEffect(() => (onLine ? subscribeOutput({ line: onLine, reset: onReset ?? (() => undefined) }) : undefined), [subscribeOutput, onLine, onReset]);
  return (
    <p>
      {socket.connection}/{socket.state ?? 'unknown'}/{socket.stats ? socket.stats.cpu_absolute : 'no stats'}
    </p>
  );
}

function renderFollowers(ui: React.ReactElement) {
  const fetch = mockFetch({ 'GET /api/v2/servers/s1/websocket': () => ({ status: 200, body: server.issueTicket('s1') }) });
  const result = renderWithProviders(ui, { preloadedState: loggedIn() });
  dispatchOf = () => closeServerConnections(result.store.dispatch);
  return { ...result, fetch };
}

describe('useServerSocket with a real store and a real websocket server', () => {
  it('gets a ticket through the API, then puts connection, state and stats into the store as event actions', async () => {
    const types: string[] = [];
    const payloads: unknown[] = [];
    const stop = startAppListening({
      predicate: (action) => action.type.startsWith('serverSocket/'),
      effect: (action) => {
        types.push(action.type);
        payloads.push(action);
      },
    });
    try {
      const { store, fetch } = renderFollowers(<Follower serverId="s1" />);
      expect(await screen.findByText('connected/running/37.5')).toBeInTheDocument();

      const [ticketRequest] = fetch.requestsTo('GET /api/v2/servers/s1/websocket');
      expect(ticketRequest.headers.get('Authorization')).toBe('Bearer test-token');
      expect(types).toEqual(['serverSocket/connectionChanged', 'serverSocket/connectionChanged', 'serverSocket/statusReceived', 'serverSocket/statsReceived']);
      // Serialisable, as every action must be: recorded logs replay them as they are.
      expect(JSON.parse(JSON.stringify(payloads))).toEqual(payloads);

      const live = store.getState().serverSocket.servers.s1;
      expect(live).toMatchObject({ connection: 'connected', state: 'running', stats, reason: null });
      expect(live.history).toEqual([expect.objectContaining({ cpu: 37.5, memory: 512 * 1024 ** 2 })]);

      server.broadcast('stats', { ...stats, cpu_absolute: 80 });
      expect(await screen.findByText('connected/running/80')).toBeInTheDocument();
      expect(store.getState().serverSocket.servers.s1.history.map((sample) => sample.cpu)).toEqual([37.5, 80]);
    } finally {
      stop();
    }
  });

  it('streams console output to subscribers, with the recent history first, and keeps it out of the store', async () => {
    const lines: string[] = [];
    const onLine = (line: string) => lines.push(line);
    const { store } = renderFollowers(<Follower serverId="s1" onLine={onLine} />);
    await waitFor(() => expect(lines).toEqual(['[12:00:01] Starting server', '[12:00:02] Done!']));
    server.broadcast('console output', 'Alex joined the game');
    await waitFor(() => expect(lines).toHaveLength(3));
    expect(JSON.stringify(store.getState())).not.toContain('joined the game');
    expect(JSON.stringify(store.getState())).not.toContain('Starting server');
  });

  it('after a reconnect, clears the subscribers and sends the history again', async () => {
    const lines: string[] = [];
    let resets = 0;
    const onLine = (line: string) => lines.push(line);
    const onReset = () => {
      resets += 1;
      lines.length = 0;
    };
    renderFollowers(<Follower serverId="s1" onLine={onLine} onReset={onReset} />);
    await waitFor(() => expect(lines).toHaveLength(2));
    (await server.connection(0)).terminate();
    expect(await screen.findByText(/^reconnecting\//)).toBeInTheDocument();
    await server.connection(1);
    expect(await screen.findByText('connected/running/37.5')).toBeInTheDocument();
    await waitFor(() => expect(resets).toBe(2));
    // The history follows the reset in later frames.
    await waitFor(() => expect(lines).toEqual(['[12:00:01] Starting server', '[12:00:02] Done!']));
  });

  it('shares one socket between the components following a server, and lets go of it after the last one leaves', async () => {
    const { store, rerender } = renderFollowers(
      <>
        <Follower serverId="s1" />
        <Follower serverId="s1" />
      </>,
    );
    expect(await screen.findAllByText('connected/running/37.5')).toHaveLength(2);
    expect(server.connections).toHaveLength(1);

    rerender(<Follower serverId="s1" />);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(server.connections[0].open).toBe(true);

    rerender(<p>elsewhere</p>);
    await waitFor(() => expect(server.connections[0].open).toBe(false));
    expect(store.getState().serverSocket.servers.s1).toBeUndefined();
  });

  it('reads the server again when its install ends, so its badge leaves "Installing"', async () => {
    const { fetch } = renderFollowers(<StatusFollower serverId="s1" />);
    let status: string | null = 'installing';
    fetch.route({ 'GET /api/v2/servers/s1': () => ({ status: 200, body: { data: { identifier: 's1', status } } }) });
    expect(await screen.findByText('status installing')).toBeInTheDocument();
    const connection = await server.connection(0);
    await waitFor(() => expect(connection.tickets).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const reads = fetch.requestsTo('GET /api/v2/servers/s1').length;
    server.broadcast('install', { status: 'installing', error: null });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fetch.requestsTo('GET /api/v2/servers/s1')).toHaveLength(reads);
    status = null;
    server.broadcast('install', { status: 'installed', error: null });
    expect(await screen.findByText('status none')).toBeInTheDocument();
    expect(fetch.requestsTo('GET /api/v2/servers/s1')).toHaveLength(reads + 1);
  });

  it('reads a server seen installing again when its socket (re)connects, as its install may have ended unheard', async () => {
    const { fetch } = renderFollowers(<StatusFollower serverId="s1" />);
    let status: string | null = 'installing';
    fetch.route({ 'GET /api/v2/servers/s1': () => ({ status: 200, body: { data: { identifier: 's1', status } } }) });
    expect(await screen.findByText('status installing')).toBeInTheDocument();
    const first = await server.connection(0);
    await waitFor(() => expect(first.tickets).toHaveLength(1));
    // The install ends while the socket is down: its "install" event reaches nobody.
    status = null;
    first.terminate();
    expect(await screen.findByText('status none')).toBeInTheDocument();
    // A server read as installed is not read again on the next reconnection.
    const reads = fetch.requestsTo('GET /api/v2/servers/s1').length;
    (await server.connection(1)).terminate();
    const third = await server.connection(2);
    await waitFor(() => expect(third.tickets).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fetch.requestsTo('GET /api/v2/servers/s1')).toHaveLength(reads);
  });
});

function StatusFollower({ serverId }: { serverId: string }) {
  useServerSocket(serverId);
  const { data } = useGetServerQuery({ id: serverId });
  return <p>status {data ? (data.data.status ?? 'none') : 'loading'}</p>;
}
