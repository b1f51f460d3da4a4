import { configure, waitFor } from '@testing-library/react';
import { backoffDelay } from '../../../../src/api/serverSocket/backoff';
import { FinalTicketError, ServerSocketClient, type SocketTicket } from '../../../../src/api/serverSocket/ServerSocketClient';
import type { ConnectionChange } from '../../../../src/api/serverSocket/socketProtocol';
import { FakeConsoleServer } from '../../helpers/fakeConsoleServer';

// Real sockets and xterm's rendering on a busy machine: give waits room.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20_000);

let server: FakeConsoleServer;
let client: ServerSocketClient | null = null;

beforeEach(async () => {
  server = await FakeConsoleServer.start({ state: 'running' });
});

afterEach(async () => {
  client?.close();
  client = null;
  await server.stop();
});

/** A client whose tickets come from the fake server, recording what it reports. */
function connectClient(options: { fetchTicket?: () => Promise<SocketTicket>; random?: () => number } = {}) {
  const changes: ConnectionChange[] = [];
  const statuses: string[] = [];
  const lines: string[] = [];
  let ticketRequests = 0;
  client = new ServerSocketClient({
    fetchTicket:
      options.fetchTicket ??
      (async () => {
        ticketRequests += 1;
        return server.issueTicket('s1').data;
      }),
    backoff: { initialMs: 40, maxMs: 320, factor: 2, jitter: 0.5 },
    random: options.random ?? (() => 0),
  });
  client.events.on('connection', (change) => changes.push(change));
  client.events.on('status', (state) => statuses.push(state));
  client.events.on('output', (line) => lines.push(line));
  client.connect();
  return { client, changes, statuses, lines, ticketRequests: () => ticketRequests };
}

describe('backoffDelay', () => {
  it('doubles from the first wait up to the ceiling, minus a random share', () => {
    const options = { initialMs: 1000, maxMs: 30_000, factor: 2, jitter: 0.5 };
    expect([0, 1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(attempt, options, () => 0))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    // The largest random share takes half the wait off; in between, in proportion.
    expect(backoffDelay(3, options, () => 0.999999)).toBe(4000);
    expect(backoffDelay(3, options, () => 0.5)).toBe(6000);
  });
});

describe('ServerSocketClient against a real websocket server', () => {
  it('authenticates with the ticket, reports connected, and turns frames into typed events', async () => {
    const { changes, statuses, lines } = connectClient();
    const connection = await server.connection(0);
    await waitFor(() => expect(changes.map((c) => c.state)).toEqual(['connecting', 'connected']));
    expect(connection.path).toBe('/api/v2/servers/s1/ws');
    expect(connection.frames[0]).toEqual({ event: 'auth', args: ['ticket-1'] });
    expect(statuses).toEqual(['running']);

    connection.send('console output', '\u001b[32mDone (1.2s)!\u001b[0m');
    // Lines the panel read together come in one frame.
    connection.send('console output', 'first of a batch', 'second of a batch');
    connection.send('status', 'stopping');
    connection.send('status', 'not-a-state'); // ignored: not a power state
    await waitFor(() => expect(statuses).toEqual(['running', 'stopping']));
    expect(lines).toEqual(['\u001b[32mDone (1.2s)!\u001b[0m', 'first of a batch', 'second of a batch']);

    expect(client!.send('send command', 'list')).toBe(true);
    await waitFor(() => expect(connection.frames.at(-1)).toEqual({ event: 'send command', args: ['list'] }));
  });

  it('fetches a new ticket when the server says the old one is expiring, and authenticates again on the same socket', async () => {
    const { changes, ticketRequests } = connectClient();
    const connection = await server.connection(0);
    await waitFor(() => expect(client!.connection).toBe('connected'));
    connection.send('token expiring');
    await waitFor(() => expect(connection.tickets).toEqual(['ticket-1', 'ticket-2']));
    expect(ticketRequests()).toBe(2);
    expect(server.connections).toHaveLength(1);
    // The second `auth success` is a refresh, not a new connection.
    expect(changes.map((c) => c.state)).toEqual(['connecting', 'connected']);
  });

  it('reconnects with a fresh ticket after the connection drops, waiting longer after each failure', async () => {
    let failures = 2;
    const { changes } = connectClient({
      fetchTicket: async () => {
        // After the drop the panel is unreachable twice before it answers again.
        if (server.connections.length === 1 && failures-- > 0) throw new Error('The panel cannot be reached.');
        return server.issueTicket('s1').data;
      },
    });
    const first = await server.connection(0);
    await waitFor(() => expect(client!.connection).toBe('connected'));
    first.terminate();

    const second = await server.connection(1);
    await waitFor(() => expect(client!.connection).toBe('connected'));
    expect(second.tickets).toEqual(['ticket-2']);
    const waits = changes.filter((c) => c.retryInMs !== undefined).map((c) => c.retryInMs);
    expect(waits).toEqual([40, 80, 160]);
    expect(changes.filter((c) => c.retryInMs !== undefined)[1].reason).toBe('The panel cannot be reached.');
  });

  it('starts the back-off over once a connection succeeds, and spreads retries with jitter', async () => {
    const { changes } = connectClient({ random: () => 0.5 });
    for (const index of [0, 1]) {
      const connection = await server.connection(index);
      await waitFor(() => expect(client!.connection).toBe('connected'));
      connection.close(1011, 'Restarting.');
    }
    await server.connection(2);
    await waitFor(() => expect(client!.connection).toBe('connected'));
    // Each drop came after a successful authentication: always the first wait, a quarter off.
    const reconnecting = changes.filter((c) => c.retryInMs !== undefined);
    expect(reconnecting.map((c) => c.retryInMs)).toEqual([30, 30]);
    expect(reconnecting[0].reason).toBe('Restarting.');
  });

  it('retries when its ticket is refused (e.g. expired in transit)', async () => {
    let first = true;
    connectClient({
      fetchTicket: async () => {
        if (!first) return server.issueTicket('s1').data;
        first = false;
        return { token: 'forged', socket: server.socketUrl('s1') };
      },
    });
    const refused = await server.connection(0);
    await server.connection(1);
    await waitFor(() => expect(client!.connection).toBe('connected'));
    expect(refused.tickets).toEqual([]);
  });

  it.each([
    [4003, 'The session has ended.'],
    [4004, 'The server was deleted.'],
  ])('gives up when the panel closes with %i, and connects again only when asked', async (code, reason) => {
    const { changes } = connectClient();
    (await server.connection(0)).close(code, reason);
    await waitFor(() => expect(client!.connection).toBe('disconnected'));
    expect(changes.at(-1)).toEqual({ state: 'disconnected', reason });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.connections).toHaveLength(1);

    client!.reconnect();
    await server.connection(1);
    await waitFor(() => expect(client!.connection).toBe('connected'));
  });

  it('gives up when no ticket can be had (no permission, no such server)', async () => {
    const { changes } = connectClient({
      fetchTicket: async () => {
        throw new FinalTicketError('You may not connect to this server.');
      },
    });
    await waitFor(() => expect(client!.connection).toBe('disconnected'));
    expect(changes).toEqual([{ state: 'connecting' }, { state: 'disconnected', reason: 'You may not connect to this server.' }]);
    expect(server.connections).toHaveLength(0);
  });

  it('stops for good when closed by the page', async () => {
    connectClient();
    const connection = await server.connection(0);
    await waitFor(() => expect(client!.connection).toBe('connected'));
    client!.close();
    await waitFor(() => expect(connection.open).toBe(false));
    client!.connect();
    client!.reconnect();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(server.connections).toHaveLength(1);
    expect(client!.send('send logs')).toBe(false);
  });
});
