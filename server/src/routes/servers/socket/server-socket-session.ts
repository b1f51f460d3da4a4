import { serverApiState } from '../../../services/nodes/serverApiState';
import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { ServerRow } from '../../../db/schema';
import type { UserRow } from '../../../db/schema';
import type { PermissionKey } from '../../../schemas/permissions';
import { activeTokenUser } from '../../../services/auth/accessTokens';
import { activeApiKeyUser } from '../../../services/auth/apiKeys';
import { addressAllowed } from '../../../services/auth/apiKeyAddresses';
import { narrowAccess } from '../../../services/auth/apiKeyScopes';
import { accessAllows, accessFor, findServerByIdentifier, type ServerAccess } from '../../../services/permissions/serverAccess';
import type { ServerEvent } from '../../../runtime/ServerEventHub';
import { powerSignals, type PowerSignal } from '../../../runtime/types';
import { customerMessage } from '../../../lib/customerMessage';
import { HttpError } from '../../../lib/errors';
import { toResourcesJson } from '../../../services/servers/serverView';
import { powerPermission, runPowerAction, runServerCommand } from '../../../services/servers/serverActions';
import { provisioningOf } from '../../../plugins/provisioning';
import { SocketClose, type ServerEventName, type SocketLimits } from './socket-protocol';
import { SocketOutput } from './socket-output';
import { verifyTicket, type TicketPayload } from './websocket-ticket';

interface Authenticated {
  user: UserRow;
  ticket: TicketPayload;
  access: ServerAccess;
}

function frameSize(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((n, b) => n + b.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

/**
 * One console socket of one server: ticket authentication, live events, client actions, and
 * the guards (frame size, message rate, periodic re-checks of the token and the permissions).
 * See socket-protocol.ts for the protocol.
 */
export class ServerSocketSession {
  private auth: Authenticated | null = null;
  private unsubscribe: (() => void) | null = null;
  private readonly authTimer: NodeJS.Timeout;
  private recheckTimer: NodeJS.Timeout | null = null;
  private queue: Promise<void> = Promise.resolve();
  private tokens: number;
  private refilledAt = Date.now();
  /** Console lines on their way out, batched per frame. */
  private readonly output: SocketOutput;
  private warnedExpiring = false;
  /** The scopes of the API key the ticket was issued to, or null for a session's ticket. */
  private keyScopes: readonly string[] | null = null;
  private closed = false;

  constructor(
    private readonly app: FastifyInstance,
    private readonly socket: WebSocket,
    private readonly serverIdentifier: string,
    private readonly ip: string,
    private readonly limits: SocketLimits,
  ) {
    this.tokens = limits.messagesPerSecond * 2;
    this.output = new SocketOutput({
      bufferedAmount: () => socket.bufferedAmount,
      send: (lines) => this.sendFrame('console output', lines),
      maxBufferedBytes: limits.maxBufferedBytes,
      frameChars: limits.outputFrameChars,
      minFrameIntervalMs: limits.outputFrameIntervalMs,
    });
    socket.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    socket.on('close', () => this.dispose());
    socket.on('error', () => this.dispose());
    this.authTimer = setTimeout(() => {
      if (!this.auth) this.close(SocketClose.authFailed, 'Authentication timed out.');
    }, limits.authTimeoutMs);
  }

  private send(event: ServerEventName, ...args: unknown[]): void {
    this.sendFrame(event, args);
  }

  private sendFrame(event: ServerEventName, args: unknown[]): void {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return;
    this.socket.send(JSON.stringify({ event, args }));
  }

  private close(code: number, reason: string): void {
    if (this.closed) return;
    this.socket.close(code, reason);
    this.dispose();
  }

  private dispose(): void {
    this.closed = true;
    this.output.dispose();
    clearTimeout(this.authTimer);
    if (this.recheckTimer) clearInterval(this.recheckTimer);
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** Token bucket: a steady `messagesPerSecond` with bursts of twice as many. */
  private withinRate(): boolean {
    const now = Date.now();
    const rate = this.limits.messagesPerSecond;
    this.tokens = Math.min(rate * 2, this.tokens + ((now - this.refilledAt) / 1000) * rate);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  private onMessage(data: RawData, isBinary: boolean): void {
    if (this.closed) return;
    if (frameSize(data) > this.limits.maxFrameBytes) return this.close(SocketClose.tooLarge, 'Message too large.');
    if (!this.withinRate()) return this.close(SocketClose.tooManyMessages, 'Too many messages.');
    let message: { event?: unknown; args?: unknown };
    try {
      if (isBinary) throw new Error('binary');
      message = JSON.parse(data.toString()) as typeof message;
    } catch {
      return this.send('daemon error', 'Messages must be JSON text: {"event": …, "args": […]}.');
    }
    const args = Array.isArray(message.args) ? message.args : [];
    const event = typeof message.event === 'string' ? message.event : '';
    // One message at a time, so commands reach the server in the order they were sent.
    this.queue = this.queue
      .then(() => this.handle(event, args))
      .catch((error: Error) => {
        if (!(error instanceof HttpError)) this.app.log.warn({ err: error, event }, 'a console socket message failed');
        this.send('daemon error', customerMessage(error));
      });
  }

  private async handle(event: string, args: unknown[]): Promise<void> {
    if (this.closed) return;
    if (event === 'auth') return this.authenticate(args[0]);
    const auth = this.auth;
    if (!auth) return this.send('daemon error', 'Authenticate first: send {"event": "auth", "args": [ticket]}.');
    switch (event) {
      case 'send command': {
        const command = args[0];
        if (typeof command !== 'string' || command.length === 0 || command.length > 1024 || /[\r\n]/.test(command)) {
          return this.send('daemon error', 'A command is one line of at most 1024 characters.');
        }
        if (!this.allows('control.console')) {
          await this.recordRefusal('control.console', 'websocket: send command');
          return this.send('daemon error', 'You may not send console commands on this server.');
        }
        return runServerCommand(provisioningOf(this.app), await this.freshServer(), { userId: auth.user.id, ip: this.ip }, command);
      }
      case 'set state': {
        const signal = args[0];
        if (typeof signal !== 'string' || !(powerSignals as readonly string[]).includes(signal)) return this.send('daemon error', 'Unknown power action.');
        const permission = powerPermission(signal as PowerSignal);
        if (!this.allows(permission)) {
          await this.recordRefusal(permission, `websocket: set state ${signal}`);
          return this.send('daemon error', 'You may not do this on this server.');
        }
        return runPowerAction(provisioningOf(this.app), await this.freshServer(), { userId: auth.user.id, ip: this.ip }, signal as PowerSignal);
      }
      case 'send logs': {
        // Asked first: the process running the server may be another one.
        const backlog = await this.app.runtime.consoleBacklog(auth.access.server.uuid);
        this.output.flush();
        for (const line of backlog) this.output.push(line);
        return this.output.flush();
      }
      case 'send stats':
        return this.send('stats', toResourcesJson(await this.app.runtime.resources(await this.freshServer())));
      default:
        return this.send('daemon error', `Unknown event "${event}".`);
    }
  }

  /** A refused command or power action lands in the server's audit log (one entry a minute). */
  private async recordRefusal(permission: PermissionKey, action: string): Promise<void> {
    const auth = this.auth!;
    await this.app.refusedActions
      .record({ actorId: auth.user.id, serverUuid: auth.access.server.uuid, ip: this.ip, permission, action })
      .catch((error: unknown) => this.app.log.warn({ err: error }, 'could not record a refused action'));
  }

  private allows(key: PermissionKey): boolean {
    return this.auth !== null && accessAllows(this.auth.access, key);
  }

  private async freshServer(): Promise<ServerRow> {
    const server = await findServerByIdentifier(this.app.db, this.auth!.access.server.uuid);
    if (!server) {
      this.close(SocketClose.gone, 'The server was deleted.');
      throw new Error('The server was deleted.');
    }
    return server;
  }

  /**
   * The ticket's user while its access token (or API key, used from an address it allows) is
   * still valid: not revoked, not expired.
   */
  private async activeUser(ticket: TicketPayload): Promise<UserRow | null> {
    if (ticket.k === undefined) return activeTokenUser(this.app.db, ticket.t, ticket.u);
    const keyed = await activeApiKeyUser(this.app.db, ticket.k, ticket.u);
    if (!keyed || !addressAllowed(keyed.key.allowedIps, this.ip)) return null;
    this.keyScopes = keyed.key.scopes;
    return keyed.user;
  }

  /** What the user may do on the server, cut down to the key's scopes when a key asked for the ticket. */
  private async accessOf(user: UserRow, server: ServerRow): Promise<ServerAccess | null> {
    const access = await accessFor(this.app.db, user, server);
    return access && this.keyScopes ? narrowAccess(access, this.keyScopes) : access;
  }

  private async authenticate(token: unknown): Promise<void> {
    const ticket = verifyTicket(this.app.config.secret, token);
    if (!ticket) return this.refuse('The ticket is invalid or has expired.');
    const server = await findServerByIdentifier(this.app.db, this.serverIdentifier);
    if (!server || server.uuid !== ticket.s) return this.refuse('The ticket is for another server.');
    if (this.auth && this.auth.user.id !== ticket.u) return this.refuse('The ticket is for another user.');
    const user = await this.activeUser(ticket);
    if (!user) return this.refuse('The session of this ticket has ended.');
    const access = await this.accessOf(user, server);
    if (!access || !accessAllows(access, 'websocket.connect')) {
      if (access)
        await this.app.refusedActions
          .record({ actorId: user.id, serverUuid: server.uuid, ip: this.ip, permission: 'websocket.connect', action: 'websocket: connect' })
          .catch((error: unknown) => this.app.log.warn({ err: error }, 'could not record a refused action'));
      return this.refuse('You may not connect to this server.');
    }
    // The socket may have closed while the ticket was checked: nothing may subscribe for it then.
    if (this.closed) return;
    const first = this.auth === null;
    this.auth = { user, ticket, access };
    this.warnedExpiring = false;
    this.send('auth success');
    if (!first) return;
    clearTimeout(this.authTimer);
    this.unsubscribe = this.app.runtime.events.subscribe(server.uuid, (event) => this.forward(event));
    this.send('status', serverApiState(this.app.runtime, server, this.app.transfers));
    const transfer = this.app.transfers.progress(server.uuid);
    if (transfer) this.send('transfer progress', transfer);
    this.recheckTimer = setInterval(() => void this.recheck().catch(() => undefined), this.limits.recheckMs);
  }

  private refuse(reason: string): void {
    this.send('daemon error', reason);
    this.close(SocketClose.authFailed, 'Authentication failed.');
  }

  private forward(event: ServerEvent): void {
    if (event.type === 'output') return this.output.push(event.line);
    this.output.flush();
    switch (event.type) {
      case 'state':
        return this.send('status', event.state);
      case 'stats':
        return this.send('stats', toResourcesJson(event.resources));
      case 'install':
        return this.send('install', { status: event.status, error: event.error });
      case 'daemon-error':
        return this.send('daemon error', event.message);
      case 'backup':
        return this.send('backup progress', event.progress);
      case 'version-switch':
        return this.send('version switch', event.progress);
      case 'transfer':
        return this.send('transfer progress', event.progress);
      case 'gone':
        return this.close(SocketClose.gone, event.reason === 'deleted' ? 'The server was deleted.' : 'The server was suspended.');
    }
  }

  /** Expiry notices, and the token, the server and the permission checked again. */
  private async recheck(): Promise<void> {
    const auth = this.auth;
    if (!auth || this.closed) return;
    const remaining = auth.ticket.e - Date.now();
    if (remaining <= 0) {
      this.send('token expired');
      return this.close(SocketClose.expired, 'Ticket expired.');
    }
    if (remaining <= this.limits.expiringNoticeMs && !this.warnedExpiring) {
      this.warnedExpiring = true;
      this.send('token expiring');
    }
    const user = await this.activeUser(auth.ticket);
    if (!user) return this.close(SocketClose.revoked, 'The session has ended.');
    const server = await findServerByIdentifier(this.app.db, auth.access.server.uuid);
    if (!server) return this.close(SocketClose.gone, 'The server was deleted.');
    const access = await this.accessOf(user, server);
    if (!access || !accessAllows(access, 'websocket.connect')) return this.close(SocketClose.revoked, 'Access to this server was removed.');
    if (this.auth === auth && !this.closed) this.auth = { user, ticket: auth.ticket, access };
  }
}
