import { powerStates, SocketCloseCode, type BackupProgressEvent, type InstallStatusEvent, type TransferProgressEvent } from '../generated/serverSocket.gen';
import type { PowerState, ServerResources } from '../servers';

/**
 * The console socket protocol of the panel (GET /api/v2/servers/{id}/ws): JSON text frames
 * `{ "event": string, "args": unknown[] }`. Its events, payloads and close codes are generated
 * from the server's definition (server/src/schemas/serverSocket.ts) into
 * src/api/generated/serverSocket.gen.ts; this file adds what only the client needs.
 * A ticket from GET /api/v2/servers/{id}/websocket is sent with `auth`; the server answers
 * `auth success`, then streams events. About a minute before the ticket ends it sends
 * `token expiring` (a new ticket is sent with `auth` on the same socket); at the end
 * `token expired`, and the socket closes.
 */
export {
  SocketCloseCode,
  type BackupProgressEvent,
  type ClientEventName,
  type ClientEvents,
  type InstallStatusEvent,
  type ServerEventName,
  type TransferProgressEvent,
} from '../generated/serverSocket.gen';

/** A frame as it travels, before its event is known to be one of the protocol's. */
export interface SocketFrame {
  event: string;
  args?: unknown[];
}

/** Closes after which a new connection cannot succeed: access was revoked, or the server is gone. */
export const finalCloseCodes: readonly number[] = [SocketCloseCode.revoked, SocketCloseCode.gone];

/**
 * Where the connection stands: `connecting` (first attempt), `connected` (authenticated),
 * `reconnecting` (lost, waiting to try again), `disconnected` (given up, or closed by the page).
 */
export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

/** A change of the connection, as the client reports it. */
export interface ConnectionChange {
  state: ConnectionState;
  /** When `reconnecting`: the wait before the next attempt. */
  retryInMs?: number;
  /** Why the connection was lost or given up, in the server's words when it gave some. */
  reason?: string;
}

/** What the client reports to its listeners. */
export interface ServerSocketEvents {
  connection: ConnectionChange;
  /** Authenticated on a new socket (not after a ticket refresh): time to ask for logs and stats. */
  authenticated: void;
  status: PowerState;
  stats: ServerResources;
  output: string;
  install: InstallStatusEvent;
  daemonError: string;
  backupProgress: BackupProgressEvent;
  /** The server being moved to another node: how far, and its new address once done. */
  transferProgress: TransferProgressEvent;
}

/** Narrows an untrusted value to a power state (one of the contract's `powerStates`). */
export function isPowerState(value: unknown): value is PowerState {
  return typeof value === 'string' && (powerStates as readonly string[]).includes(value);
}

/** Narrows an untrusted value to a resource snapshot (the fields the panel reads). */
export function isServerResources(value: unknown): value is ServerResources {
  if (typeof value !== 'object' || value === null) return false;
  const stats = value as Record<string, unknown>;
  return isPowerState(stats.state) && ['cpu_absolute', 'memory_bytes', 'memory_limit_bytes', 'disk_bytes', 'disk_limit_bytes', 'uptime_ms'].every((key) => typeof stats[key] === 'number');
}
