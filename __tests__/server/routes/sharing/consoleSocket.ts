import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import type { TestUser } from '../../helpers/createTestUser';
import { waitFor } from '../../helpers/waitFor';

export interface Frame {
  event: string;
  args: unknown[];
}

/** An authenticated console socket of a listening test app (as in serverSocket.test.ts). */
export interface ConsoleClient {
  ws: WebSocket;
  frames: Frame[];
  closed: Promise<{ code: number; reason: string }>;
  send(event: string, ...args: unknown[]): void;
  next(event: string, match?: (frame: Frame) => boolean): Promise<Frame>;
}

/** Gets a ticket for `user`, opens the socket of `shortId` and authenticates. */
export async function openConsole(app: FastifyInstance, shortId: string, user: TestUser): Promise<ConsoleClient> {
  const address = app.server.address() as { port: number };
  const base = `127.0.0.1:${address.port}`;
  const ticket = await app.inject({ method: 'GET', url: `/api/v2/servers/${shortId}/websocket`, headers: user.headers });
  if (ticket.statusCode !== 200) throw new Error(`ticket: HTTP ${ticket.statusCode}`);
  const ws = new WebSocket(`ws://${base}/api/v2/servers/${shortId}/ws`, { headers: { origin: `http://${base}` } });
  const frames: Frame[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(data.toString()) as Frame));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const client: ConsoleClient = {
    ws,
    frames,
    closed,
    send: (event, ...args) => ws.send(JSON.stringify({ event, args })),
    next: (event, match = () => true) => waitFor(() => frames.find((f) => f.event === event && match(f)), { what: `"${event}" frame` }),
  };
  client.send('auth', ticket.json().data.token);
  await client.next('auth success');
  return client;
}
