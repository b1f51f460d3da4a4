/**
 * The console socket protocol (GET /api/v2/servers/{id}/ws), like Pterodactyl's: JSON text frames
 * `{ "event": string, "args": unknown[] }`.
 *
 * 1. Get a ticket: GET /api/v2/servers/{id}/websocket → { data: { token, socket } }.
 * 2. Open `socket`, send `{ event: "auth", args: [token] }` within 10 s.
 * 3. The server answers `auth success`, then `status` [state]. Ask for history with `send logs`
 *    and a first sample with `send stats`.
 *
 * From the server: `auth success`; `console output` [line, …] (one or more lines, oldest first:
 * lines the panel reads together travel in one frame); `status` [state];
 * `stats` [ServerResources]; `install` [{ status, error }]; `token expiring` (about a minute before
 * the ticket ends: fetch a new one and send `auth` again); `token expired` (then the socket
 * closes); `daemon error` [message] (an action failed, or a message was refused);
 * `backup progress` [{ backup, operation: backup|restore, state, bytesDone, bytesTotal, error }];
 * `version switch` [{ job, kind: switch|setup, software, version, step, state, percent, error }].
 *
 * From the client: `auth` [ticket]; `send command` [line] (control.console); `set state`
 * [start|stop|restart|kill] (control.start / control.stop / control.restart); `send logs`;
 * `send stats`.
 *
 * Close codes: 1008 too many messages, 1009 frame too large, 4001 authentication failed or timed
 * out, 4002 ticket expired, 4003 access revoked (token revoked, permission removed),
 * 4004 server suspended or deleted.
 */
export const SocketClose = {
  tooManyMessages: 1008,
  tooLarge: 1009,
  authFailed: 4001,
  expired: 4002,
  revoked: 4003,
  gone: 4004,
} as const;

export type ClientEvent = 'auth' | 'send command' | 'set state' | 'send logs' | 'send stats';

export interface SocketLimits {
  /** Largest accepted frame, in bytes. */
  maxFrameBytes: number;
  /** Messages allowed per second (a burst of twice as many is tolerated). */
  messagesPerSecond: number;
  /** How often the ticket's token and the caller's permissions are checked again. */
  recheckMs: number;
  /** Time to authenticate after connecting. */
  authTimeoutMs: number;
  /** Output is skipped for a client whose send buffer holds more than this. */
  maxBufferedBytes: number;
  /** A `console output` frame is sent once its lines hold this many characters (or sooner). */
  outputFrameChars: number;
  /** `token expiring` is sent this long before the ticket ends. */
  expiringNoticeMs: number;
}

export const defaultSocketLimits: SocketLimits = {
  maxFrameBytes: 4096,
  messagesPerSecond: 20,
  recheckMs: 3000,
  authTimeoutMs: 10_000,
  maxBufferedBytes: 1024 * 1024,
  outputFrameChars: 32 * 1024,
  expiringNoticeMs: 60_000,
};
