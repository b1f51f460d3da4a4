import { randomBytes } from 'node:crypto';
import { connect as connectTcp, type Socket } from 'node:net';
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import type { ServerRow } from '../../../../../server/src/db/schema';
import { ServerSocketSession } from '../../../../../server/src/routes/servers/socket/server-socket-session';
import { defaultSocketLimits } from '../../../../../server/src/routes/servers/socket/socket-protocol';
import { createRuntimeTestApp } from '../../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../../helpers/createTestUser';
import { createTestServer } from '../../../helpers/createTestServer';
import { waitFor } from '../../../helpers/waitFor';
import type { TestApp } from '../../../helpers/testApp';

jest.setTimeout(90_000);

let t: TestApp;
let port: number;
let owner: TestUser;
let server: ServerRow;

beforeAll(async () => {
  t = await createRuntimeTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  owner = await createTestUser(t.app);
  server = await createTestServer(t.app, owner.user, { name: 'Frames' });
});
afterAll(() => t.close());

/** A websocket opened by hand over TCP, so frames no client library would send can be written. */
async function rawSocket(): Promise<{ socket: Socket; received: () => Buffer; closed: Promise<void> }> {
  const socket = connectTcp(port, '127.0.0.1');
  socket.on('error', () => undefined);
  let received = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    `GET /api/v2/servers/${server.shortId}/ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  await waitFor(() => received.includes('\r\n\r\n'), { what: 'the upgrade answer' });
  expect(received.toString('latin1')).toMatch(/^HTTP\/1\.1 101/);
  received = Buffer.alloc(0);
  return { socket, received: () => received, closed };
}

/** A client frame: FIN + opcode, masked (or not), with a 7-bit, 16-bit or 64-bit length field. */
function frame(opcode: number, payload: Buffer, { masked = true, rsv = 0, fin = true, length }: { masked?: boolean; rsv?: number; fin?: boolean; length?: bigint } = {}): Buffer {
  const size = length ?? BigInt(payload.length);
  const head = [(fin ? 0x80 : 0) | rsv | opcode];
  const mask = masked ? 0x80 : 0;
  let lengthBytes: Buffer;
  if (size < 126n) lengthBytes = Buffer.from([mask | Number(size)]);
  else if (size < 65536n) lengthBytes = Buffer.from([mask | 126, Number(size >> 8n), Number(size & 0xffn)]);
  else {
    lengthBytes = Buffer.alloc(9);
    lengthBytes[0] = mask | 127;
    lengthBytes.writeBigUInt64BE(size, 1);
  }
  const key = masked ? randomBytes(4) : Buffer.alloc(0);
  const body = masked ? Buffer.from(payload.map((byte, i) => byte ^ key[i % 4])) : payload;
  return Buffer.concat([Buffer.from(head), lengthBytes, key, body]);
}

/** The close code in the server's close frame, if it sent one. */
function closeCode(bytes: Buffer): number | null {
  const at = bytes.findIndex((byte, i) => byte === 0x88 && i + 3 < bytes.length);
  return at === -1 ? null : bytes.readUInt16BE(at + 2);
}

/** A normal client authenticates and gets its status: the panel still serves sockets and HTTP. */
async function expectStillServing(): Promise<void> {
  const ticket = await t.app.inject({ method: 'GET', url: `/api/v2/servers/${server.shortId}/websocket`, headers: owner.headers });
  expect(ticket.statusCode).toBe(200);
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v2/servers/${server.shortId}/ws`);
  const frames: string[] = [];
  ws.on('message', (data) => frames.push(data.toString()));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  ws.send(JSON.stringify({ event: 'auth', args: [ticket.json().data.token] }));
  await waitFor(() => frames.some((f) => f.includes('"status"')), { what: 'the status frame' });
  ws.close();
}

describe('a console socket client that sends what no browser would', () => {
  it.each([
    ['a reserved opcode', () => frame(0x3, Buffer.from('x')), 1002],
    ['an unmasked frame', () => frame(0x1, Buffer.from('{}'), { masked: false }), 1002],
    ['RSV bits without an extension', () => frame(0x1, Buffer.from('{}'), { rsv: 0x40 }), 1002],
    ['text that is not UTF-8', () => frame(0x1, Buffer.from([0xc3, 0x28, 0xff])), 1007],
    ['a fragmented ping', () => frame(0x9, Buffer.from('p'), { fin: false }), 1002],
    ['a close frame with a forbidden code', () => frame(0x8, Buffer.from([0x03, 0xed])), 1002],
    ['a frame of 1 GiB', () => frame(0x2, Buffer.alloc(0), { length: 1n << 30n }), 1009],
    ['a frame longer than 2^53 bytes', () => frame(0x1, Buffer.alloc(0), { length: 1n << 62n }), 1009],
  ] as const)('%s: the socket is closed with a protocol error and the panel keeps serving', async (_what, make, code) => {
    const { socket, received, closed } = await rawSocket();
    socket.write(make());
    await closed;
    expect(closeCode(received())).toBe(code);
    await expectStillServing();
  });

  it('garbage that is not a websocket frame at all, and a frame cut off in the middle', async () => {
    const garbage = await rawSocket();
    garbage.socket.write(randomBytes(4096));
    await garbage.closed;
    const cut = await rawSocket();
    cut.socket.write(frame(0x1, Buffer.alloc(3000, 0x20)).subarray(0, 1500));
    cut.socket.destroy();
    await cut.closed;
    await expectStillServing();
  });

  // The embedded database has one connection, so a transaction held open makes the ticket check
  // wait; PostgreSQL's pool would serve the check on another connection beside it.
  const itOnEmbeddedDatabase = process.env.DATABASE_URL ? it.skip : it;
  itOnEmbeddedDatabase('a socket that goes away while its ticket is being checked sends nothing and leaves no subscription behind (nor its re-check timer)', async () => {
    // The socket's side of the session, driven by hand so that the close lands while the ticket
    // check waits for the database (over a real connection it usually lands just after).
    const socket = Object.assign(new EventEmitter(), { OPEN: 1, readyState: 1, bufferedAmount: 0, sent: [] as string[], send: (data: string) => socket.sent.push(data), close: () => undefined });
    const ticket = await t.app.inject({ method: 'GET', url: `/api/v2/servers/${server.shortId}/websocket`, headers: owner.headers });
    new ServerSocketSession(t.app, socket as unknown as ConstructorParameters<typeof ServerSocketSession>[1], server.shortId, '127.0.0.1', defaultSocketLimits);
    // A transaction holds the database meanwhile: the check's first query waits for it.
    let release = () => undefined as void;
    let held = () => undefined as void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const transaction = t.app.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      held();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await holding;
    socket.emit('message', Buffer.from(JSON.stringify({ event: 'auth', args: [ticket.json().data.token] })), false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.readyState = 3;
    socket.emit('close');
    release();
    await transaction;
    // Long enough for the ticket check to have finished.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(socket.sent).toEqual([]);
    expect(t.app.runtime.events.subscriberCount(server.uuid)).toBe(0);
    await expectStillServing();
  });
});
