import { Readable } from 'node:stream';
import type { FileInfo } from '../../files/ServerFiles';
import type { FilesConnection } from './FilesConnection';
import { fromWireError, STREAM_WINDOW, type Message, type WireError } from './protocol';

/** Largest piece of file content in one frame. */
const PIECE = 256 * 1024;
/**
 * Content taken is acknowledged once this much is unacknowledged (a quarter of the window, so the
 * helper never waits on it): one ack per megabyte instead of one per piece, and none for a file
 * that fits (a backup's many small files each cost the helper's answer alone).
 */
const ACK_EVERY = STREAM_WINDOW / 4;

/**
 * A file's bytes from the helper as a Readable: the helper sends no more than a window ahead,
 * and what arrives is acknowledged (ACK_EVERY at a time) once the stream has room for it, so a slow reader (a backup
 * upload) holds back the helper instead of filling the panel's memory. Destroying the stream
 * early tells the helper to stop. Other messages of the call (a packed archive's progress) go to
 * `onMessage`.
 */
export function receiveFile(conn: FilesConnection, args: Record<string, unknown>, op = 'readStream', onMessage?: (message: Message) => void): Promise<{ stream: Readable; info: FileInfo }> {
  return new Promise((resolve, reject) => {
    let stream: Readable | null = null;
    let unacked = 0;
    let finished = false;
    const ack = () => {
      if (unacked < ACK_EVERY || finished) return;
      conn.send(channel, { t: 'ack', bytes: unacked });
      unacked = 0;
    };
    const channel = conn.open({
      message: (message) => {
        if (message.t === 'info') {
          stream = new Readable({
            highWaterMark: PIECE,
            read: ack,
            destroy: (error, callback) => {
              if (!finished) conn.send(channel, { t: 'cancel' });
              callback(error);
            },
          });
          resolve({ stream, info: message.info as FileInfo });
        } else if (message.t === 'ok' || message.t === 'err') {
          finished = true;
          conn.release(channel);
          const error = message.t === 'err' ? fromWireError(message.error as WireError) : null;
          if (!stream) reject(error ?? new Error('The file helper sent no file.'));
          else if (error) stream.destroy(error);
          else stream.push(null);
        } else onMessage?.(message);
      },
      data: (chunk) => {
        if (!stream || stream.destroyed) return;
        unacked += chunk.length;
        if (stream.push(chunk)) ack();
      },
      closed: (error) => {
        finished = true;
        if (stream) stream.destroy(error);
        else reject(error);
      },
    });
    conn.send(channel, { t: 'call', op, args });
  });
}

/**
 * Sends the chunks of `source` for a write call (`op` with `args`), no more than a window ahead
 * of the helper's acks. With `onTarget`, the helper asks about its target before the first byte
 * and before the replace; a throw there refuses the write, with the caller's own error. A failing
 * source makes the helper drop the write, and the source's error is the one rejected with.
 */
export async function sendFile(
  conn: FilesConnection,
  op: string,
  args: Record<string, unknown>,
  source: AsyncIterable<Buffer | string> | Iterable<Buffer>,
  onTarget?: (existing: FileInfo | null) => void,
): Promise<void> {
  let window = STREAM_WINDOW;
  let settled = false;
  let wake: (() => void) | null = null;
  let refusal: { error: unknown } | null = null;
  let sourceFailure: { error: unknown } | null = null;
  const poke = () => {
    const waiting = wake;
    wake = null;
    waiting?.();
  };
  let channel = 0;
  const result = new Promise<void>((resolve, reject) => {
    channel = conn.open({
      message: (message) => {
        if (message.t === 'ack') {
          window += Number(message.bytes);
          poke();
        } else if (message.t === 'target') {
          try {
            onTarget?.(message.existing as FileInfo | null);
            conn.send(channel, { t: 'verdict' });
          } catch (error) {
            refusal = { error };
            conn.send(channel, { t: 'verdict', error: (error as Error).message ?? 'refused' });
          }
        } else if (message.t === 'ok' || message.t === 'err') {
          settled = true;
          conn.release(channel);
          poke();
          if (message.t === 'ok') resolve();
          else reject((sourceFailure ?? refusal)?.error ?? fromWireError(message.error as WireError));
        }
      },
      closed: (error) => {
        settled = true;
        poke();
        reject(error);
      },
    });
  });
  result.catch(() => undefined);
  conn.send(channel, { t: 'call', op, args: { ...args, asks: onTarget !== undefined } });
  try {
    for await (const piece of source) {
      const bytes = typeof piece === 'string' ? Buffer.from(piece) : piece;
      for (let offset = 0; offset < bytes.length && !settled; offset += PIECE) {
        const part = bytes.subarray(offset, offset + PIECE);
        while (window < part.length && !settled) await new Promise<void>((resolve) => (wake = resolve));
        if (settled) break;
        window -= part.length;
        await conn.sendData(channel, part);
      }
      if (settled) break;
    }
    if (!settled) conn.send(channel, { t: 'end' });
  } catch (error) {
    sourceFailure = { error };
    if (!settled) conn.send(channel, { t: 'abort', message: (error as Error)?.message ?? String(error) });
  }
  return result;
}
