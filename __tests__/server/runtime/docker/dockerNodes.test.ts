import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Docker from 'dockerode';
import WebSocket from 'ws';
import { buildApp } from '../../../../server/src/app';
import { loadConfig } from '../../../../server/src/plugins/config/loadConfig';
import { createAdminKey } from '../../../../server/src/services/admin/adminKeys';
import { containerName, volumeName } from '../../../../server/src/runtime/docker/containerConfig';
import { createTestApp, type TestApp } from '../../helpers/testApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { openTestDatabase } from '../../helpers/testDatabase';
import { makeTestTls } from '../../helpers/testCertificates';
import { waitFor } from '../../helpers/waitFor';
import { openTestEngine } from './dockerTestDriver';
import '../../helpers/testTemplates';

jest.setTimeout(180_000);

interface Frame {
  event: string;
  args: unknown[];
}

describe('a server on a docker node, through the panel’s APIs', () => {
  let t: TestApp;
  let docker: Docker;
  let key: string;
  let owner: TestUser;
  let base: string;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    const engine = await openTestEngine();
    docker = engine.docker;
    t = await createTestApp({ runtimeTuning: { nodeCheckIntervalMs: 500 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    key = (await createAdminKey(t.app.db, 'nodes')).key;
    owner = await createTestUser(t.app);
    const added = await admin('POST', '/nodes', {
      name: 'engine-a',
      driver: 'docker',
      docker_host: process.env.PANEL_TEST_DOCKER_HOST,
      public_host: engine.publicHost,
      port_range: `${31900 + Math.floor(Math.random() * 50)}-31999`,
      location: 'test',
    });
    expect(added.statusCode).toBe(201);
  }, 240_000);
  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await t.close();
  });

  const admin = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v2/admin${url}`, headers: { authorization: `Bearer ${key}` }, ...(payload ? { payload } : {}) });

  async function consoleOf(identifier: string): Promise<{ frames: Frame[]; send(event: string, ...args: unknown[]): void }> {
    const ticket = await t.app.inject({ method: 'GET', url: `/api/v2/servers/${identifier}/websocket`, headers: owner.headers });
    const ws = new WebSocket(`ws://${base}/api/v2/servers/${identifier}/ws`, { headers: { origin: `http://${base}` } });
    sockets.push(ws);
    const frames: Frame[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(data.toString()) as Frame));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const send = (event: string, ...args: unknown[]) => ws.send(JSON.stringify({ event, args }));
    send('auth', ticket.json().data.token);
    await waitFor(() => frames.some((f) => f.event === 'auth success'), { what: 'auth success' });
    return { frames, send };
  }

  it('runs on the node’s engine: created there, started by the power API, its console, stopped, deleted', async () => {
    await waitFor(async () => (await admin('GET', '/nodes/engine-a')).json().data.node.state === 'online', { what: 'node online', timeoutMs: 30_000 });
    const created = await admin('POST', '/servers', { name: 'On a node', owner: owner.user.uuid, template: 'test-fixture', plan: 'minecraft-budget', node: 'engine-a', variables: { MODE: 'echo' } });
    expect(created.statusCode).toBe(201);
    const server = created.json().data.server;
    expect(server).toMatchObject({ node: 'engine-a', allocation: { ip: '0.0.0.0' } });
    await waitFor(async () => (await admin('GET', `/servers/${server.uuid}`)).json().data.server.install_status === 'installed', { what: 'installed in a container', timeoutMs: 90_000 });
    // Its storage is a volume on the node, not a folder on the panel's machine.
    expect((await docker.getVolume(volumeName(server.uuid)).inspect()).Name).toBe(volumeName(server.uuid));

    const power = await t.app.inject({ method: 'POST', url: `/api/v2/servers/${server.identifier}/power`, headers: owner.headers, payload: { signal: 'start' } });
    expect(power.statusCode).toBe(204);
    await waitFor(() => t.app.runtime.state(server.uuid) === 'running', { what: 'running', timeoutMs: 60_000 });
    const container = await docker.getContainer(containerName(server.uuid)).inspect();
    expect(container.State.Running).toBe(true);
    expect(container.HostConfig.PortBindings?.[`${server.allocation.port}/tcp`]).toEqual([{ HostIp: server.allocation.host, HostPort: String(server.allocation.port) }]);

    const console = await consoleOf(server.identifier);
    console.send('send command', 'hello node');
    await waitFor(() => console.frames.some((f) => f.event === 'console output' && (f.args as string[]).includes('echo: hello node')), { what: 'the echo', timeoutMs: 30_000 });

    const stop = await t.app.inject({ method: 'POST', url: `/api/v2/servers/${server.identifier}/power`, headers: owner.headers, payload: { signal: 'stop' } });
    expect(stop.statusCode).toBe(204);
    await waitFor(() => console.frames.some((f) => f.event === 'status' && f.args[0] === 'offline'), { what: 'offline on the console', timeoutMs: 60_000 });
    expect((await docker.getContainer(containerName(server.uuid)).inspect()).State.Running).toBe(false);

    expect((await admin('DELETE', '/nodes/engine-a')).statusCode).toBe(409);
    expect((await admin('DELETE', `/servers/${server.uuid}`)).statusCode).toBe(204);
    await expect(docker.getVolume(volumeName(server.uuid)).inspect()).rejects.toMatchObject({ statusCode: 404 });
    expect((await admin('DELETE', '/nodes/engine-a')).statusCode).toBe(204);
  });

  it('notices within 30 s that a node’s engine went away, refuses its servers’ actions meanwhile, and sees it back', async () => {
    // The node reaches the engine through a socket of this test, so the test can cut it.
    const engineSocket = process.env.PANEL_TEST_DOCKER_HOST!.replace(/^unix:\/\//, '');
    const dir = mkdtempSync(join(tmpdir(), 'panel-proxy-'));
    const path = join(dir, 'engine.sock');
    const open = new Set<Socket>();
    const listen = (): Promise<Server> =>
      new Promise((resolve) => {
        const server = createServer((client) => {
          const upstream = connect(engineSocket);
          for (const socket of [client, upstream]) {
            open.add(socket);
            socket.on('error', () => undefined).on('close', () => open.delete(socket));
          }
          client.pipe(upstream).pipe(client);
        });
        server.listen(path, () => resolve(server));
      });
    let proxy = await listen();
    try {
      const added = await admin('POST', '/nodes', { name: 'engine-b', driver: 'docker', docker_host: `unix://${path}`, public_host: '127.0.0.1', port_range: '32100-32199' });
      expect(added.json().data.node.state).toBe('online');
      const created = await admin('POST', '/servers', {
        name: 'Outlives the cut',
        owner: owner.user.uuid,
        template: 'test-fixture',
        plan: 'minecraft-budget',
        node: 'engine-b',
        variables: { MODE: 'echo' },
        start_on_completion: true,
      });
      const server = created.json().data.server;
      await waitFor(() => t.app.runtime.state(server.uuid) === 'running', { what: 'running on engine-b', timeoutMs: 120_000 });
      const containerId = (await docker.getContainer(containerName(server.uuid)).inspect()).Id;
      // As the panel's start does: from then on a node that opens again has its servers recovered.
      await t.app.runtime.recoverAll();
      const customerState = async () => (await t.app.inject({ method: 'GET', url: `/api/v2/servers/${server.identifier}`, headers: owner.headers })).json().data.state;

      // close() waits for the open connections: they are cut first.
      const closed = new Promise((resolve) => proxy.close(resolve));
      for (const socket of open) socket.destroy();
      await closed;
      const cutAt = Date.now();
      await waitFor(async () => (await admin('GET', '/nodes/engine-b')).json().data.node.state === 'offline', { what: 'offline', timeoutMs: 30_000 });
      expect(Date.now() - cutAt).toBeLessThan(30_000);
      const refused = await admin('POST', '/servers', { name: 'x', owner: owner.user.uuid, template: 'test-fixture', plan: 'minecraft-budget', node: 'engine-b' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain('offline');
      expect(await customerState()).toBe('node_offline');
      const stop = await t.app.inject({ method: 'POST', url: `/api/v2/servers/${server.identifier}/power`, headers: owner.headers, payload: { signal: 'stop' } });
      expect(stop.statusCode).toBe(409);

      proxy = await listen();
      await waitFor(async () => (await admin('GET', '/nodes/engine-b')).json().data.node.state === 'online', { what: 'online again', timeoutMs: 30_000 });
      // The container that ran on through the cut is adopted, not started anew.
      await waitFor(async () => (await customerState()) === 'running', { what: 'adopted once back', timeoutMs: 60_000 });
      expect((await docker.getContainer(containerName(server.uuid)).inspect()).Id).toBe(containerId);
      expect((await admin('DELETE', `/servers/${server.uuid}`)).statusCode).toBe(204);
      expect((await admin('DELETE', '/nodes/engine-b')).statusCode).toBe(204);
    } finally {
      proxy.close();
      for (const socket of open) socket.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a node whose engine does not answer', () => {
  it('shows offline, and the panel starts with it all the same', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'panel-test-'));
    const config = loadConfig({}, { dataDir, secret: 'test-secret-0123456789abcdef', logLevel: 'silent', demoData: false, diskImages: false, runtimeTuning: { nodeCheckIntervalMs: 500 } });
    const database = await openTestDatabase();
    try {
      const first = await buildApp({ config, database, closeDatabase: false });
      await first.ready();
      const key = (await createAdminKey(first.db, 'nodes')).key;
      // Nothing listens on port 1: the engine is gone (a machine down, a firewall in between).
      const added = await first.inject({
        method: 'POST',
        url: '/api/v2/admin/nodes',
        headers: { authorization: `Bearer ${key}` },
        payload: { name: 'gone', driver: 'docker', docker_host: 'tcp://127.0.0.1:1', tls: makeTestTls(), public_host: '127.0.0.1', port_range: '32000-32009' },
      });
      expect(added.statusCode).toBe(201);
      expect(added.json().data.node.state).toBe('offline');
      await first.close();

      const startedAt = Date.now();
      const second = await buildApp({ config, database, closeDatabase: false });
      await second.ready();
      expect(Date.now() - startedAt).toBeLessThan(15_000);
      const listed = await second.inject({ method: 'GET', url: '/api/v2/admin/nodes', headers: { authorization: `Bearer ${key}` } });
      expect(listed.json().data.find((node: { name: string }) => node.name === 'gone')).toMatchObject({ state: 'offline', tls: true });
      await second.close();
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
