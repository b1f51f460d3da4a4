import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import type { ServerResources } from '../../../server/src/runtime/ServerEventHub';
import { registerTemplate } from '../../../server/src/games/templates';
import { createRuntimeTestApp } from '../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../helpers/createTestUser';
import { createTestServer } from '../helpers/createTestServer';
import { fixtureTemplate } from '../helpers/testTemplates';
import { waitFor } from '../helpers/waitFor';
import type { TestApp } from '../helpers/testApp';
import type { ServerRow } from '../../../server/src/db/schema';

jest.setTimeout(120_000);

// The scripted game declared as a UDP game, like Rust, ARK or Palworld.
registerTemplate({ ...fixtureTemplate, slug: 'test-fixture-udp', name: 'Test fixture (UDP game)', portProtocol: 'udp' });

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createRuntimeTestApp();
  owner = await createTestUser(t.app);
});
afterAll(() => t.close());

/** Follows a server's console and its latest stats sample. */
function follow(uuid: string) {
  const seen = { lines: [] as string[], stats: null as ServerResources | null, samples: 0 };
  t.app.runtime.events.subscribe(uuid, (event) => {
    if (event.type === 'output') seen.lines.push(event.line);
    if (event.type === 'stats') {
      seen.stats = event.resources;
      seen.samples++;
    }
  });
  return seen;
}

async function startServing(server: ServerRow, bytes: number, seen: ReturnType<typeof follow>): Promise<number> {
  await t.app.runtime.power(server, 'start');
  await waitFor(() => t.app.runtime.state(server.uuid) === 'running', { what: 'running' });
  await t.app.runtime.sendCommand(server, `serve ${bytes}`);
  const line = await waitFor(() => seen.lines.find((l) => l.startsWith('serving ')), { what: 'the game to listen' });
  return Number(line.slice('serving '.length));
}

/** Connects, sends `send` bytes and reads until `expect` bytes came back; the socket stays open. */
async function exchange(port: number, send: number, expect: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let received = 0;
  socket.on('data', (chunk: Buffer) => (received += chunk.length));
  socket.write(Buffer.alloc(send, 1));
  await waitFor(() => received >= expect, { what: 'the server to send its bytes' });
  return socket;
}

/** Waits for samples taken after now. */
async function nextSamples(seen: ReturnType<typeof follow>, count = 2): Promise<ServerResources> {
  const target = seen.samples + count;
  await waitFor(() => seen.samples >= target, { what: 'fresh stats' });
  return seen.stats!;
}

describe('network traffic of a TCP game', () => {
  it("counts the bytes a client exchanges on the server's port, for that server only, and starts again at a restart", async () => {
    const a = await createTestServer(t.app, owner.user, { name: 'A' });
    const b = await createTestServer(t.app, owner.user, { name: 'B' });
    const seenA = follow(a.uuid);
    const seenB = follow(b.uuid);
    const portA = await startServing(a, 250_000, seenA);
    await startServing(b, 1_000, seenB);
    expect(await nextSamples(seenA)).toMatchObject({ networkRxBytes: 0, networkTxBytes: 0, networkProtocol: 'tcp' });

    const client = await exchange(portA, 100_000, 250_000);
    // Received bytes are exact; sent bytes may include retransmissions.
    const during = await waitFor(() => (seenA.stats!.networkRxBytes === 100_000 && seenA.stats!.networkTxBytes! >= 250_000 ? seenA.stats : null), { what: "A's traffic" });
    expect(during.networkTxBytes).toBeLessThan(400_000);
    // B is listening too, but nobody talked to it: the client's end of the connection is not B's, nor A's twice.
    expect(await nextSamples(seenB)).toMatchObject({ networkRxBytes: 0, networkTxBytes: 0 });

    // The same figures through the API.
    const api = await t.app.inject({ method: 'GET', url: `/api/v2/servers/${a.shortId}/resources`, headers: owner.headers });
    expect(api.json().data).toMatchObject({ network_rx_bytes: 100_000, network_protocol: 'tcp', cpu_limited: false });
    expect(api.json().data.network_tx_bytes).toBeGreaterThanOrEqual(250_000);

    // A closed connection keeps what it counted.
    client.end();
    await waitFor(() => seenA.lines.includes('received 100000'), { what: 'the game to see the end' });
    client.destroy();
    expect((await nextSamples(seenA, 3)).networkRxBytes).toBe(100_000);

    // The totals start again with the server.
    await t.app.runtime.power(a, 'restart');
    await waitFor(() => seenA.lines.filter((l) => l === 'Ready!').length >= 2 && t.app.runtime.state(a.uuid) === 'running', { what: 'restarted', timeoutMs: 60_000 });
    // The first figures measured after the restart start from zero (a sample taken while the new
    // process is still being looked up, on a loaded machine, has none yet).
    const restartedAt = seenA.samples;
    const measured = await waitFor(() => (seenA.samples > restartedAt + 1 && seenA.stats?.networkRxBytes !== null ? seenA.stats : null), { what: 'figures after the restart' });
    expect(measured).toMatchObject({ networkRxBytes: 0, networkTxBytes: 0 });

    await Promise.all([t.app.runtime.power(a, 'kill'), t.app.runtime.power(b, 'kill')]);
    await waitFor(() => t.app.runtime.state(a.uuid) === 'offline' && t.app.runtime.state(b.uuid) === 'offline', { what: 'offline' });
  });
});

describe('network traffic of a UDP game', () => {
  it('is not measured: the figures stay null and the protocol says why', async () => {
    const server = await createTestServer(t.app, owner.user, { template: 'test-fixture-udp' });
    const seen = follow(server.uuid);
    const port = await startServing(server, 5_000, seen);
    const client = await exchange(port, 5_000, 5_000);
    expect(await nextSamples(seen)).toMatchObject({ networkRxBytes: null, networkTxBytes: null, networkProtocol: 'udp' });
    client.destroy();
    const api = await t.app.inject({ method: 'GET', url: `/api/v2/servers/${server.shortId}/resources`, headers: owner.headers });
    expect(api.json().data).toMatchObject({ network_rx_bytes: null, network_tx_bytes: null, network_protocol: 'udp' });
    await t.app.runtime.power(server, 'kill');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'offline', { what: 'offline' });
    // Offline, the API still names the protocol (read from the template).
    const offline = await t.app.inject({ method: 'GET', url: `/api/v2/servers/${server.shortId}/resources`, headers: owner.headers });
    expect(offline.json().data).toMatchObject({ state: 'offline', network_rx_bytes: null, network_protocol: 'udp', cpu_limited: false });
  });
});
