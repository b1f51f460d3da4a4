import { and, eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { accessTokens, auditLogs, serverPermissions, type ServerRow } from '../../../../server/src/db/schema';
import { issueTicket } from '../../../../server/src/routes/servers/socket/websocket-ticket';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import { waitFor } from '../../helpers/waitFor';
import type { TestApp } from '../../helpers/testApp';

jest.setTimeout(120_000);

let t: TestApp;
let base: string;
let owner: TestUser;
let server: ServerRow;
let other: ServerRow;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  t = await createRuntimeTestApp({ allowedOrigins: ['https://panel.example'] });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as { port: number };
  base = `127.0.0.1:${address.port}`;
  owner = await createTestUser(t.app);
  server = await createTestServer(t.app, owner.user, { name: 'Socket' });
  other = await createTestServer(t.app, owner.user, { name: 'Other' });
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await t.close();
});

interface Frame {
  event: string;
  args: unknown[];
}

interface Client {
  ws: WebSocket;
  frames: Frame[];
  closed: Promise<{ code: number; reason: string }>;
  send(event: string, ...args: unknown[]): void;
  next(event: string, match?: (frame: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
}

function connect(target: ServerRow, origin: string | null = `http://${base}`): Promise<Client> {
  const ws = new WebSocket(`ws://${base}/api/v2/servers/${target.shortId}/ws`, origin ? { headers: { origin } } : {});
  sockets.push(ws);
  const frames: Frame[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(data.toString()) as Frame));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  const client: Client = {
    ws,
    frames,
    closed,
    send: (event, ...args) => ws.send(JSON.stringify({ event, args })),
    // A start on a loaded machine (two test runs, sandbox set-up) may take longer than the default wait.
    next: (event, match = () => true, timeoutMs = 20_000) =>
      waitFor(() => frames.find((f) => f.event === event && match(f)), { timeoutMs, what: `"${event}" frame (got ${JSON.stringify(frames.slice(-8))})` }),
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(client));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

async function ticketFor(target: ServerRow, user: TestUser = owner): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v2/servers/${target.shortId}/websocket`, headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json().data.token as string;
}

async function authenticated(target: ServerRow, user: TestUser = owner): Promise<Client> {
  const client = await connect(target);
  client.send('auth', await ticketFor(target, user));
  await client.next('auth success');
  return client;
}

describe('opening the console socket', () => {
  it('refuses foreign origins before the upgrade, allows our own and configured ones', async () => {
    await expect(connect(server, 'https://evil.example')).rejects.toThrow('HTTP 403');
    await expect(connect(server, 'null')).rejects.toThrow('HTTP 403');
    (await connect(server, 'https://panel.example')).ws.close();
    (await connect(server, `http://${base}`)).ws.close();
  });

  it('closes with 4001 on a forged ticket, another server’s ticket, or an expired one', async () => {
    const forged = await connect(server);
    forged.send('auth', 'abc.def');
    expect(await forged.closed).toEqual({ code: 4001, reason: 'Authentication failed.' });
    expect(forged.frames).toContainEqual({ event: 'daemon error', args: ['The ticket is invalid or has expired.'] });

    const foreign = await connect(server);
    foreign.send('auth', await ticketFor(other));
    expect((await foreign.closed).code).toBe(4001);
    expect(foreign.frames).toContainEqual({ event: 'daemon error', args: ['The ticket is for another server.'] });

    const { token } = issueTicket(t.config.secret, { s: server.uuid, u: owner.user.id, t: owner.tokenId }, -1);
    const expired = await connect(server);
    expired.send('auth', token);
    expect((await expired.closed).code).toBe(4001);
  });

  it('does nothing before authentication', async () => {
    const client = await connect(server);
    client.send('set state', 'start');
    await client.next('daemon error');
    expect(t.app.runtime.state(server.uuid)).toBe('offline');
    client.ws.close();
  });
});

describe('a flood of output', () => {
  it('arrives batched, many lines to a frame, every line once and in order', async () => {
    const client = await authenticated(server);
    await client.next('status', (f) => f.args[0] === 'offline');
    client.send('set state', 'start');
    await client.next('status', (f) => f.args[0] === 'running', 50_000);
    client.send('send command', 'flood 5000');
    await client.next('console output', (f) => f.args.includes('flood done'));
    const frames = client.frames.filter((f) => f.event === 'console output' && (f.args as string[]).some((line) => line.startsWith('line ')));
    const lines = frames.flatMap((f) => f.args as string[]).filter((line) => line.startsWith('line '));
    expect(lines).toEqual(Array.from({ length: 5000 }, (_, i) => `line ${i}`));
    expect(frames.length).toBeLessThan(500);
    client.send('set state', 'stop');
    await waitFor(() => client.frames.filter((f) => f.event === 'status' && f.args[0] === 'offline').length >= 2);
    client.ws.close();
  });
});

describe('guards', () => {
  it('closes with 1009 on an oversized frame', async () => {
    const client = await authenticated(server);
    client.send('send command', 'x'.repeat(5000));
    expect((await client.closed).code).toBe(1009);
  });

  it('closes with 1008 when flooded', async () => {
    const client = await authenticated(server);
    for (let i = 0; i < 200; i++) client.send('send logs');
    expect((await client.closed).code).toBe(1008);
  });
});

describe('a live console', () => {
  it('streams status, console output and stats, and takes commands and power actions', async () => {
    const client = await authenticated(server);
    await client.next('status', (f) => f.args[0] === 'offline');
    client.send('set state', 'start');
    await client.next('status', (f) => f.args[0] === 'running', 50_000);
    await client.next('console output', (f) => f.args.includes('Ready!'));
    client.send('send command', 'through the socket');
    await client.next('console output', (f) => f.args.includes('echo: through the socket'));
    const stats = await client.next('stats', (f) => (f.args[0] as { state: string }).state === 'running');
    expect(stats.args[0]).toMatchObject({ memory_limit_bytes: 2048 * 1024 * 1024, disk_limit_bytes: 10240 * 1024 * 1024, network_rx_bytes: 0, network_protocol: 'tcp', cpu_limited: false });
    expect((stats.args[0] as { memory_bytes: number }).memory_bytes).toBeGreaterThan(0);

    const history = await authenticated(server);
    history.send('send logs');
    await history.next('console output', (f) => f.args.includes('echo: through the socket'));
    history.send('send stats');
    await history.next('stats');
    history.ws.close();

    client.send('set state', 'stop');
    await client.next('status', (f) => f.args[0] === 'offline');
    const events = await waitFor(async () => {
      const rows = (await t.app.db.select().from(auditLogs).where(eq(auditLogs.serverUuid, server.uuid))).map((r) => [r.event, r.properties]);
      return rows.some(([event]) => event === 'server.power.stop') ? rows : null;
    });
    expect(events).toEqual(
      expect.arrayContaining([
        ['server.power.start', {}],
        ['server.console.command', { command: 'through the socket' }],
        ['server.power.stop', {}],
      ]),
    );
    client.ws.close();
  });

  it('refuses actions the user may not do', async () => {
    const helper = await createTestUser(t.app);
    await t.app.db.insert(serverPermissions).values({ serverId: other.id, userId: helper.user.id, permissions: ['websocket.connect'] });
    const client = await authenticated(other, helper);
    client.send('set state', 'start');
    await client.next('daemon error', (f) => f.args[0] === 'You may not do this on this server.');
    client.send('send command', 'list');
    await client.next('daemon error', (f) => f.args[0] === 'You may not send console commands on this server.');
    expect(t.app.runtime.state(other.uuid)).toBe('offline');
    client.ws.close();
  });
});

describe('access that ends', () => {
  it('closes the socket when its access token is revoked', async () => {
    const user = await createTestUser(t.app);
    await t.app.db.insert(serverPermissions).values({ serverId: server.id, userId: user.user.id, permissions: ['websocket.connect'] });
    const client = await authenticated(server, user);
    await t.app.db.update(accessTokens).set({ revokedAt: new Date() }).where(eq(accessTokens.id, user.tokenId));
    const started = Date.now();
    expect((await client.closed).code).toBe(4003);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('closes the socket when the permission is removed', async () => {
    const user = await createTestUser(t.app);
    await t.app.db.insert(serverPermissions).values({ serverId: server.id, userId: user.user.id, permissions: ['websocket.connect'] });
    const client = await authenticated(server, user);
    await t.app.db.delete(serverPermissions).where(and(eq(serverPermissions.serverId, server.id), eq(serverPermissions.userId, user.user.id)));
    expect(await client.closed).toEqual({ code: 4003, reason: 'Access to this server was removed.' });
  });

  it('warns before the ticket ends, then closes with 4002', async () => {
    const { token } = issueTicket(t.config.secret, { s: server.uuid, u: owner.user.id, t: owner.tokenId }, 5000);
    const client = await connect(server);
    client.send('auth', token);
    await client.next('auth success');
    await client.next('token expiring');
    expect((await client.closed).code).toBe(4002);
    expect(client.frames.map((f) => f.event)).toContain('token expired');
  });

  it('takes a fresh ticket on the same socket', async () => {
    const client = await authenticated(server);
    client.send('auth', await ticketFor(server));
    await waitFor(() => client.frames.filter((f) => f.event === 'auth success').length === 2);
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    client.ws.close();
  });
});
