/**
 * The console socket's protocol (events, payloads, close codes) is defined once, in
 * schemas/serverSocket.ts; the client's copy is generated from it. Here: the server's own limits.
 */
export { SocketClose, type ClientEventName, type ServerEventName } from '../../../schemas/serverSocket';

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
  /** While output keeps coming, `console output` frames go out at most this often. */
  outputFrameIntervalMs: number;
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
  // About one frame per screen refresh of a 50 Hz display: a flood arrives as 50 frames a second.
  outputFrameIntervalMs: 20,
  expiringNoticeMs: 60_000,
};
