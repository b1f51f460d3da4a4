import { backoffDelay, defaultBackoff, type BackoffOptions } from './backoff';
import {
  finalCloseCodes,
  isPowerState,
  isServerResources,
  SocketCloseCode,
  type ClientEventName,
  type ClientEvents,
  type ConnectionState,
  type InstallStatusEvent,
  type BackupProgressEvent,
  type ServerEventName,
  type ServerSocketEvents,
  type SocketFrame,
  type TransferProgressEvent,
} from './socketProtocol';
import { TypedEmitter } from './TypedEmitter';

/** WebSocket's readyState while open (the same in browsers and in Node's `ws`). */
const OPEN = 1;

/** A console ticket: the secret to authenticate with and the socket's address. */
export interface SocketTicket {
  token: string;
  socket: string;
}

/** A ticket request that can never succeed (not logged in, no permission, no such server). */
export class FinalTicketError extends Error {}

export interface ServerSocketClientOptions {
  /** Asks the API for a fresh ticket. Throw {@link FinalTicketError} to stop reconnecting. */
  fetchTicket: () => Promise<SocketTicket>;
  /** Opens the socket (the browser's WebSocket unless a test or another runtime says otherwise). */
  createSocket?: (url: string) => WebSocket;
  backoff?: Partial<BackoffOptions>;
  /** Source of the jitter, in [0, 1). */
  random?: () => number;
}

/**
 * The client side of one server's console socket: fetches a ticket, authenticates, turns frames
 * into typed events, refreshes the ticket when the server says it is expiring, and reconnects
 * with exponential back-off and jitter when the connection drops. It stops for good only when it
 * is closed, when the panel revokes access or the server is gone, or when no ticket can be had.
 */
export class ServerSocketClient {
  readonly events = new TypedEmitter<ServerSocketEvents>();
  private readonly backoff: BackoffOptions;
  private socket: WebSocket | null = null;
  private authenticated = false;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** Not trying any more: closed by the page, or given up. */
  private closed = false;
  /** Closed by the page: never again. */
  private disposed = false;
  /** A ticket is being fetched. */
  private opening = false;
  private state: ConnectionState = 'disconnected';

  constructor(private readonly options: ServerSocketClientOptions) {
    this.backoff = { ...defaultBackoff, ...options.backoff };
  }

  /** The current connection state. */
  get connection(): ConnectionState {
    return this.state;
  }

  /** Starts connecting (once; later calls do nothing while a connection is alive or pending). */
  connect(): void {
    if (this.closed || this.opening || this.socket || this.retryTimer) return;
    void this.open();
  }

  /**
   * Tries again now: after the client gave up (the user may have regained access), or to cut a
   * back-off wait short. Does nothing while connected or after {@link close}.
   */
  reconnect(): void {
    if (this.disposed || this.opening || this.socket) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.closed = false;
    this.attempt = 0;
    void this.open();
  }

  /** Closes the socket and stops reconnecting, for good. */
  close(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'Closed by the page.');
    this.setState({ state: 'disconnected' });
  }

  /** Sends an event when authenticated; answers whether it was sent. */
  send<K extends ClientEventName>(event: K, ...args: ClientEvents[K]): boolean {
    if (!this.socket || !this.authenticated || this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify({ event, args }));
    return true;
  }

  private setState(change: ServerSocketEvents['connection']): void {
    this.state = change.state;
    this.events.emit('connection', change);
  }

  private async open(): Promise<void> {
    this.setState({ state: this.attempt === 0 ? 'connecting' : 'reconnecting' });
    let ticket: SocketTicket;
    this.opening = true;
    try {
      ticket = await this.options.fetchTicket();
    } catch (error) {
      if (this.closed) return;
      const reason = error instanceof Error && error.message ? error.message : undefined;
      if (error instanceof FinalTicketError) return this.giveUp(reason);
      return this.retry(reason);
    } finally {
      this.opening = false;
    }
    if (this.closed) return;
    const socket = (this.options.createSocket ?? ((url) => new WebSocket(url)))(ticket.socket);
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ event: 'auth', args: [ticket.token] }));
    socket.onmessage = (message) => {
      if (this.socket === socket && typeof message.data === 'string') this.onFrame(message.data);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.authenticated = false;
      this.onClose(event.code, event.reason);
    };
  }

  private onClose(code: number, reason: string): void {
    if (this.closed) return;
    if (finalCloseCodes.includes(code)) return this.giveUp(reason || undefined);
    // An expired ticket is routine (a refresh that failed, a laptop that slept): retry at once.
    if (code === SocketCloseCode.expired) this.attempt = 0;
    this.retry(reason || undefined);
  }

  private retry(reason?: string): void {
    const delay = backoffDelay(this.attempt, this.backoff, this.options.random);
    this.attempt += 1;
    this.setState({ state: 'reconnecting', retryInMs: delay, reason });
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.closed) void this.open();
    }, delay);
  }

  private giveUp(reason?: string): void {
    this.closed = true;
    this.setState({ state: 'disconnected', reason });
  }

  private onFrame(data: string): void {
    let frame: SocketFrame;
    try {
      frame = JSON.parse(data) as SocketFrame;
    } catch {
      return; // Not a frame of this protocol: nothing to act on.
    }
    const arg = Array.isArray(frame.args) ? frame.args[0] : undefined;
    // Typed with the generated event names: a renamed or misspelt event fails the typecheck.
    switch (frame.event as ServerEventName) {
      case 'auth success':
        if (this.authenticated) return; // a refreshed ticket was accepted
        this.authenticated = true;
        this.attempt = 0;
        this.setState({ state: 'connected' });
        this.events.emit('authenticated', undefined);
        return;
      case 'token expiring':
        return void this.refreshTicket();
      case 'console output':
        // One or more lines per frame, oldest first.
        if (Array.isArray(frame.args)) for (const line of frame.args) if (typeof line === 'string') this.events.emit('output', line);
        return;
      case 'status':
        if (isPowerState(arg)) this.events.emit('status', arg);
        return;
      case 'stats':
        if (isServerResources(arg)) this.events.emit('stats', arg);
        return;
      case 'install':
        if (typeof arg === 'object' && arg !== null) this.events.emit('install', arg as InstallStatusEvent);
        return;
      case 'daemon error':
        if (typeof arg === 'string') this.events.emit('daemonError', arg);
        return;
      case 'backup progress':
        if (typeof arg === 'object' && arg !== null && typeof (arg as BackupProgressEvent).backup === 'string') this.events.emit('backupProgress', arg as BackupProgressEvent);
        return;
      case 'transfer progress':
        if (typeof arg === 'object' && arg !== null && typeof (arg as TransferProgressEvent).state === 'string') this.events.emit('transferProgress', arg as TransferProgressEvent);
        return;
      default:
        // `token expired` is followed by a close, which reconnects; unknown events are ignored.
        return;
    }
  }

  /** Sends a fresh ticket on the open socket; if that fails, the expiry's close reconnects. */
  private async refreshTicket(): Promise<void> {
    const socket = this.socket;
    try {
      const ticket = await this.options.fetchTicket();
      if (this.socket === socket && socket?.readyState === OPEN) socket.send(JSON.stringify({ event: 'auth', args: [ticket.token] }));
    } catch {
      // Nothing to do now: the old ticket still works until it expires.
    }
  }
}
