import { dirname, join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { WebSocket as NodeWebSocket, WebSocketServer as NodeWebSocketServer } from 'ws';

// jsdom resolves `ws` to its browser stub; the Node build is loaded by path (exports bypassed on purpose).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { WebSocketServer } = require(join(dirname(require.resolve('ws/package.json')), 'index.js')) as typeof import('ws');

/** A frame as the client sent it. */
export interface ReceivedFrame {
  event: string;
  args: unknown[];
}

/** One socket a client opened to the fake server. */
export interface FakeConnection {
  /** The path the client connected to. */
  path: string;
  /** Every frame received, in order. */
  frames: ReceivedFrame[];
  /** Tickets this connection authenticated with (a refresh adds one). */
  tickets: string[];
  send(event: string, ...args: unknown[]): void;
  close(code: number, reason?: string): void;
  /** Drops the TCP connection without a closing handshake (a network failure). */
  terminate(): void;
  readonly open: boolean;
}

export interface FakeConsoleServerOptions {
  /** The power state announced after authentication. */
  state?: string;
  /** Lines replayed on `send logs`. */
  logs?: string[];
  /** Answer to `send stats` (none when undefined). */
  stats?: unknown;
  /** Called for each `send command`. */
  onCommand?: (line: string, connection: FakeConnection) => void;
}

/**
 * A real websocket server in the test process speaking the panel's console protocol: it accepts
 * the tickets the test issued, answers `auth success` and `status`, replays logs, and lets the
 * test push events, close or drop connections.
 */
export class FakeConsoleServer {
  readonly connections: FakeConnection[] = [];
  readonly validTickets = new Set<string>();
  private issued = 0;
  private readonly waiting: Array<(connection: FakeConnection) => void> = [];

  private constructor(
    private readonly server: NodeWebSocketServer,
    readonly options: FakeConsoleServerOptions,
  ) {
    server.on('connection', (socket, request) => this.accept(socket, request.url ?? ''));
  }

  static async start(options: FakeConsoleServerOptions = {}): Promise<FakeConsoleServer> {
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    return new FakeConsoleServer(server, options);
  }

  /** The socket address the ticket endpoint hands out. */
  socketUrl(serverId: string): string {
    return `ws://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/v2/servers/${serverId}/ws`;
  }

  /** A new valid ticket, as GET /servers/{id}/websocket answers it. */
  issueTicket(serverId: string): { data: { token: string; socket: string } } {
    const token = `ticket-${++this.issued}`;
    this.validTickets.add(token);
    return { data: { token, socket: this.socketUrl(serverId) } };
  }

  /** Resolves with connection number `index` (0-based) once it exists. */
  connection(index: number): Promise<FakeConnection> {
    return new Promise((resolve) => {
      const check = () => (this.connections[index] ? resolve(this.connections[index]) : this.waiting.push(check));
      check();
    });
  }

  /** Sends an event on every open, authenticated connection. */
  broadcast(event: string, ...args: unknown[]): void {
    for (const connection of this.connections) if (connection.open && connection.tickets.length > 0) connection.send(event, ...args);
  }

  async stop(): Promise<void> {
    for (const client of this.server.clients) client.terminate();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: NodeWebSocket, path: string): void {
    const connection: FakeConnection = {
      path,
      frames: [],
      tickets: [],
      send: (event, ...args) => socket.send(JSON.stringify({ event, args })),
      close: (code, reason) => socket.close(code, reason),
      terminate: () => socket.terminate(),
      get open() {
        return socket.readyState === socket.OPEN;
      },
    };
    this.connections.push(connection);
    socket.on('message', (data) => this.onFrame(connection, JSON.parse(String(data)) as ReceivedFrame));
    const waiting = this.waiting.splice(0);
    waiting.forEach((check) => check(connection));
  }

  private onFrame(connection: FakeConnection, frame: ReceivedFrame): void {
    connection.frames.push(frame);
    const { options } = this;
    switch (frame.event) {
      case 'auth': {
        const ticket = String(frame.args[0]);
        if (!this.validTickets.has(ticket)) {
          connection.send('daemon error', 'The ticket is invalid or has expired.');
          return connection.close(4001, 'Authentication failed.');
        }
        const first = connection.tickets.length === 0;
        connection.tickets.push(ticket);
        connection.send('auth success');
        if (first) connection.send('status', options.state ?? 'offline');
        return;
      }
      case 'send logs':
        for (const line of options.logs ?? []) connection.send('console output', line);
        return;
      case 'send stats':
        if (options.stats !== undefined) connection.send('stats', options.stats);
        return;
      case 'send command':
        options.onCommand?.(String(frame.args[0]), connection);
        return;
    }
  }
}
