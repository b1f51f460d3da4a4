import type { Socket } from 'node:net';
import { ChunkedUpload, UPLOAD_WINDOW } from '../../../../server/src/runtime/docker/transfer/chunkedUpload';
import { EngineResponse, EngineResponseError } from '../../../../server/src/runtime/docker/transfer/engineResponse';

/** What an EngineResponse heard: the status, the body (copied, as its pieces are the pushed bytes') and whether it ended. */
function listen() {
  const heard = { status: 0, body: [] as Buffer[], ended: false };
  const response = new EngineResponse({
    head: (status) => void (heard.status = status),
    body: (piece) => heard.body.push(Buffer.from(piece)) > 0,
    end: () => void (heard.ended = true),
  });
  return { heard, response };
}

/** Pushes `bytes` in pieces of `size`, each in one reused buffer (overwritten after the push, as a socket's read buffer is). */
function pushInPieces(response: EngineResponse, bytes: Buffer, size: number): void {
  const reused = Buffer.alloc(size);
  for (let at = 0; at < bytes.length; at += size) {
    const length = bytes.copy(reused, 0, at, at + size);
    response.push(reused.subarray(0, length));
    reused.fill(0xee);
  }
}

const body = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 31) % 251));
const chunked = Buffer.concat([
  Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: application/x-tar\r\nTransfer-Encoding: chunked\r\n\r\n'),
  Buffer.from('7d0\r\n'),
  body.subarray(0, 2000),
  Buffer.from('\r\n00000bb8;ext=1\r\n'),
  body.subarray(2000),
  Buffer.from('\r\n0\r\n\r\n'),
]);

describe("an engine's answer read on a raw connection", () => {
  it('gives a chunked body whole and in order, wherever the bytes are cut', () => {
    for (const size of [1, 2, 7, 512, 4096, chunked.length]) {
      const { heard, response } = listen();
      pushInPieces(response, chunked, size);
      expect(heard.status).toBe(200);
      expect(heard.ended).toBe(true);
      expect(Buffer.concat(heard.body)).toEqual(body);
      expect(() => response.closed()).not.toThrow();
    }
  });

  it('reads a body of a given length, and a body that lasts until the connection closes', () => {
    const sized = listen();
    sized.response.push(Buffer.from('HTTP/1.1 404 Not Found\r\nContent-Length: 27\r\n\r\n{"message":"no such thing"}'));
    expect(sized.heard).toMatchObject({ status: 404, ended: true });
    expect(Buffer.concat(sized.heard.body).toString()).toBe('{"message":"no such thing"}');

    const open = listen();
    open.response.push(Buffer.from('HTTP/1.0 200 OK\r\n\r\nsome'));
    open.response.push(Buffer.from(' bytes'));
    expect(open.heard.ended).toBe(false);
    open.response.closed();
    expect(open.heard.ended).toBe(true);
    expect(Buffer.concat(open.heard.body).toString()).toBe('some bytes');
  });

  it('refuses an answer cut short, a chunk of no readable size or longer than it said, and what is not HTTP', () => {
    const cut = listen();
    cut.response.push(chunked.subarray(0, chunked.length - 5));
    expect(cut.heard.ended).toBe(false);
    expect(() => cut.response.closed()).toThrow(EngineResponseError);
    expect(() => listen().response.push(Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'))).toThrow('no readable size');
    expect(() => listen().response.push(Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n'))).toThrow('longer than it said');
    expect(() => listen().response.push(Buffer.from('SSH-2.0-OpenSSH\r\n\r\n'))).toThrow('other than HTTP');
  });
});

/** A connection that keeps a copy of what is written and takes each write a moment later, or when told. */
function fakeSocket(takeAtOnce: boolean) {
  const written: Buffer[] = [];
  const waiting: Array<() => void> = [];
  const buffers = new Set<ArrayBufferLike>();
  const socket = {
    write(data: Buffer | string, callback?: (error?: Error) => void) {
      const bytes = Buffer.from(data);
      written.push(bytes);
      if (typeof data !== 'string') buffers.add(data.buffer);
      const taken = () => callback?.();
      if (takeAtOnce) setImmediate(taken);
      else waiting.push(taken);
      return true;
    },
  };
  return { socket: socket as unknown as Socket, written, waiting, buffers };
}

describe('an archive uploaded to an engine in chunks laid out in place', () => {
  it('sends what it is given as a chunked body the engine reads back whole, through a few reused buffers', async () => {
    const { socket, written, buffers } = fakeSocket(true);
    const upload = new ChunkedUpload(socket, () => undefined);
    const source = Buffer.alloc(3 * 1024 * 1024 + 123);
    for (let i = 0; i + 4 <= source.length; i += 4) source.writeUInt32LE((i * 2654435761) >>> 0, i);
    for (let at = 0; at < source.length; at += 100_000) {
      upload.write(source.subarray(at, at + 100_000));
      await new Promise((resolve) => setImmediate(resolve));
    }
    upload.end();
    const { heard, response } = listen();
    response.push(Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n'));
    pushInPieces(response, Buffer.concat(written), 65536);
    expect(heard.ended).toBe(true);
    expect(Buffer.concat(heard.body).equals(source)).toBe(true);
    // Each chunk's memory served again once taken: two buffers took turns for seven chunks.
    expect(buffers.size).toBeLessThanOrEqual(3);
  });

  it('is full once a window waits in the connection, and says when there is room again', () => {
    const { socket, waiting } = fakeSocket(false);
    let rooms = 0;
    const upload = new ChunkedUpload(socket, () => (rooms += 1));
    const piece = Buffer.alloc(256 * 1024, 1);
    let given = 0;
    while (!upload.full) {
      upload.write(piece);
      given += piece.length;
    }
    expect(given).toBeGreaterThanOrEqual(UPLOAD_WINDOW);
    expect(given).toBeLessThanOrEqual(UPLOAD_WINDOW + 1024 * 1024);
    waiting.shift()!();
    expect(upload.full).toBe(false);
    expect(rooms).toBe(1);
  });
});
