import type { Socket } from 'node:net';
import type Docker from 'dockerode';
import { ChunkedUpload } from './chunkedUpload';
import { EngineResponse } from './engineResponse';
import { connectEngine, enginePath } from './engineSocket';

/** Bytes read at a time from the source engine (a TLS connection hands them over a record, 16 KiB, at a time). */
const READ_BYTES = 256 * 1024;
/** An engine's answer to an upload is a status and, when it refuses, a short message. */
const ANSWER_READ_BYTES = 16 * 1024;
/** Of an engine's refusal, this much of its message is kept. */
const MAX_REFUSAL = 4096;

const archivePath = (docker: Docker, id: string, path: string) => enginePath(docker, `/containers/${encodeURIComponent(id)}/archive?path=${encodeURIComponent(path)}`);

/** The engine's refusal as dockerode would say it: its status and its message. */
function refusal(status: number, said: Buffer[]): Error {
  const text = Buffer.concat(said).toString('utf8');
  let message = text.trim();
  try {
    message = String((JSON.parse(text) as { message?: unknown }).message ?? message);
  } catch {
    // Not JSON: the text as it came.
  }
  return Object.assign(new Error(`(HTTP code ${status}) ${message.slice(0, 300)}`), { statusCode: status });
}

/** A request to the engine on a raw connection, and its answer: a body other than a success's is gathered as the refusal's message. */
async function request(docker: Docker, readBytes: number, head: string, take: (piece: Buffer) => boolean, signal?: AbortSignal): Promise<{ socket: Socket; answered: Promise<void> }> {
  let status = 0;
  let refusedBytes = 0;
  const said: Buffer[] = [];
  let settle!: { resolve(): void; reject(error: unknown): void };
  const answered = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  const response = new EngineResponse({
    head: (code) => void (status = code),
    body: (piece) => {
      if (status === 200) return take(piece);
      if (refusedBytes < MAX_REFUSAL) said.push(Buffer.from(piece.subarray(0, MAX_REFUSAL - refusedBytes)));
      refusedBytes += piece.length;
      return true;
    },
    end: () => (status === 200 ? settle.resolve() : settle.reject(refusal(status, said))),
  });
  let socket: Socket | null = null;
  const fail = (error: unknown) => {
    settle.reject(error);
    socket?.destroy();
  };
  socket = await connectEngine(docker, Buffer.allocUnsafe(readBytes), (bytes) => {
    try {
      return response.push(bytes);
    } catch (error) {
      fail(error);
      return false;
    }
  });
  socket.on('error', fail);
  socket.on('close', () => {
    try {
      response.closed();
    } catch (error) {
      fail(error);
    }
  });
  const abort = () => fail(signal?.reason ?? new Error('The copy was stopped.'));
  if (signal?.aborted) abort();
  signal?.addEventListener('abort', abort, { once: true });
  void answered.then(
    () => signal?.removeEventListener('abort', abort),
    () => signal?.removeEventListener('abort', abort),
  );
  socket.write(head);
  return { socket, answered };
}

/** A reading of an engine's archive under way (see readEngineArchive). */
export interface ArchiveReading {
  /** Resolves at the archive's end; rejects when the engine refuses or the connection breaks first. */
  done: Promise<void>;
  /** Goes on reading after `take` asked to pause. */
  resume(): void;
  /** Stops the reading (its connection closed). */
  stop(): void;
}

/**
 * Reads the engine's archive of a container's folder (GET /containers/{id}/archive) on a
 * connection of its own, each piece handed to `take` as it is read: valid during the call only (the
 * connection reads the next piece into the same memory); false pauses the reading until `resume`.
 */
export async function readEngineArchive(docker: Docker, id: string, path: string, take: (piece: Buffer) => boolean, signal?: AbortSignal): Promise<ArchiveReading> {
  const head = `GET ${archivePath(docker, id, path)} HTTP/1.1\r\nHost: docker\r\nConnection: close\r\n\r\n`;
  const { socket, answered } = await request(docker, READ_BYTES, head, take, signal);
  void answered.then(
    () => socket.destroy(),
    () => socket.destroy(),
  );
  return { done: answered, resume: () => socket.resume(), stop: () => socket.destroy() };
}

/** An upload of an archive to an engine under way (see writeEngineArchive). */
export interface ArchiveUpload {
  /** Copies the archive's next bytes into the request. */
  write(piece: Buffer): void;
  /** Whether the source should wait for `onRoom` before writing more. */
  readonly full: boolean;
  /** The whole archive was written. */
  end(): void;
  /** Resolves once the engine has extracted the archive; rejects when it refuses it or the connection breaks first. */
  done: Promise<void>;
  /** Stops the upload (its connection closed). */
  stop(): void;
}

/**
 * Extracts an archive into a container's folder (PUT /containers/{id}/archive) as it is written,
 * sent on a connection of its own in chunks laid out in place (ChunkedUpload); `onRoom` says when
 * a source that waited for room can go on.
 */
export async function writeEngineArchive(docker: Docker, id: string, path: string, onRoom: () => void, signal?: AbortSignal): Promise<ArchiveUpload> {
  const head = `PUT ${archivePath(docker, id, path)} HTTP/1.1\r\nHost: docker\r\nContent-Type: application/x-tar\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`;
  const { socket, answered } = await request(docker, ANSWER_READ_BYTES, head, () => true, signal);
  void answered.then(
    () => socket.destroy(),
    () => socket.destroy(),
  );
  const body = new ChunkedUpload(socket, onRoom);
  return {
    write: (piece) => body.write(piece),
    get full() {
      return body.full;
    },
    end: () => body.end(),
    done: answered,
    stop: () => socket.destroy(),
  };
}
