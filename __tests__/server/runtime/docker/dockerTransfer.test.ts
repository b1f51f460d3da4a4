import { mkdtempSync, rmSync } from 'node:fs';
import { Resolver } from 'node:dns/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Docker from 'dockerode';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { buildApp } from '../../../../server/src/app';
import type { DatabaseHandle } from '../../../../server/src/db/client';
import { allocations, nodes, plans, servers } from '../../../../server/src/db/schema';
import { loadConfig } from '../../../../server/src/plugins/config/loadConfig';
import { createAdminKey } from '../../../../server/src/services/admin/adminKeys';
import { parseDnsConfig } from '../../../../server/src/services/network/dns/dnsConfig';
import { containerName, volumeName } from '../../../../server/src/runtime/docker/containerConfig';
import { createDockerClient } from '../../../../server/src/runtime/docker/dockerClient';
import { ensureImage } from '../../../../server/src/runtime/docker/images/ensureImage';
import { CONTAINER_NODE, CONTAINER_ROOT, CONTAINER_USER, FILES_IMAGE, NETGUARD_IMAGE } from '../../../../server/src/runtime/docker/images/gameImages';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { unmountAllUnder } from '../../helpers/testApp';
import { startTestBind, type TestBind } from '../../helpers/testBind';
import { openTestDatabase } from '../../helpers/testDatabase';
import { killTestDockerEngineB, testDockerEngine, testDockerEngineB, type SecondEngine } from '../../helpers/testDockerEngine';
import { createTestPlan } from '../../helpers/testTemplates';
import { waitFor } from '../../helpers/waitFor';
import { FLYING_SQUID_IMAGE, openTestEngine, shareImages } from './dockerTestDriver';

jest.setTimeout(180_000);

const MiB = 1024 * 1024;

let app: FastifyInstance;
let database: DatabaseHandle;
let dataDir: string;
let bind: TestBind;
let resolver: Resolver;
let dockerA: Docker;
let dockerB: Docker;
let engineB: SecondEngine;
let key: string;
let owner: TestUser;
let plan: string;
const portBase = 33000 + Math.floor(Math.random() * 40) * 50;

/** A panel on the file's database and data folder: closed and opened again as a restart is. */
async function openPanel(): Promise<FastifyInstance> {
  const config = loadConfig(
    {},
    {
      dataDir,
      secret: 'test-secret-0123456789abcdef',
      logLevel: 'silent',
      demoData: false,
      diskImages: false,
      runtimeTuning: { nodeCheckIntervalMs: 500 },
      dns: parseDnsConfig({ ...bind.env, PANEL_DNS_ZONES: 'play.test' }),
    },
  );
  const panel = await buildApp({ config, database, closeDatabase: false });
  await panel.ready();
  return panel;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'panel-test-'));
  // Everything that waits on something else goes on together: the engines, the helpers' images on A, the DNS server, the database.
  const helpersOnA = createDockerClient({ dockerHost: testDockerEngine().dockerHost });
  const [engineA, second, testBind, testDatabase] = await Promise.all([
    openTestEngine(),
    testDockerEngineB(),
    startTestBind('play.test'),
    openTestDatabase(),
    ensureImage(helpersOnA, NETGUARD_IMAGE),
    ensureImage(helpersOnA, FILES_IMAGE),
  ]);
  dockerA = engineA.docker;
  engineB = second;
  bind = testBind;
  database = testDatabase;
  dockerB = createDockerClient({ dockerHost: engineB.socket });
  // Node B gets the game's image and the panel's helpers from A, as a host copies images to a new
  // machine, while the panel opens (the nodes are added once B has them).
  const sharing = shareImages(dockerA, dockerB, [FLYING_SQUID_IMAGE, NETGUARD_IMAGE, FILES_IMAGE]);
  sharing.catch(() => undefined);
  resolver = new Resolver();
  resolver.setServers([`127.0.0.1:${bind.port}`]);
  app = await openPanel();
  await app.listen({ port: 0, host: '127.0.0.1' });
  key = (await createAdminKey(app.db, 'transfers')).key;
  owner = await createTestUser(app);
  plan = await createTestPlan(app, 'transfer-plan', { memoryMb: 256, diskMb: 2048 });
  await app.db.update(plans).set({ backups: 2 }).where(eq(plans.slug, plan));
  await sharing;
  // The same port range on both nodes: a moved server keeps its port number.
  const range = `${portBase}-${portBase + 40}`;
  expect((await admin('POST', '/nodes', { name: 'node-a', driver: 'docker', docker_host: process.env.PANEL_TEST_DOCKER_HOST, public_host: engineA.publicHost, port_range: range })).statusCode).toBe(
    201,
  );
  const added = await admin('POST', '/nodes', { name: 'node-b', driver: 'docker', docker_host: engineB.dockerHost, tls: engineB.tls, public_host: engineB.publicHost, port_range: range });
  expect(added.statusCode).toBe(201);
  await waitFor(async () => (await admin('GET', '/nodes/node-b')).json().data.node.state === 'online', { what: 'node B online over TLS', timeoutMs: 30_000 });
}, 400_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await bind?.stop();
  if (dataDir) {
    unmountAllUnder(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

const admin = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url: `/api/v2/admin${url}`, headers: { authorization: `Bearer ${key}` }, ...(payload ? { payload } : {}) });
const customer = (method: 'GET' | 'POST' | 'PUT', identifier: string, path = '', payload?: object) =>
  app.inject({ method, url: `/api/v2/servers/${identifier}${path}`, headers: owner.headers, ...(payload ? { payload } : {}) });
const transferOf = async (uuid: string) => (await admin('GET', `/servers/${uuid}/transfer`)).json().data.transfer;
const placement = async (uuid: string) => {
  const [row] = await app.db.select({ node: nodes.name }).from(servers).innerJoin(nodes, eq(nodes.id, servers.nodeId)).where(eq(servers.uuid, uuid));
  const ports = await app.db
    .select({ node: nodes.name, port: allocations.port })
    .from(allocations)
    .innerJoin(servers, eq(servers.id, allocations.serverId))
    .innerJoin(nodes, eq(nodes.id, allocations.nodeId))
    .where(eq(servers.uuid, uuid));
  return { node: row.node, ports };
};
const exists = (promise: Promise<unknown>) =>
  promise.then(
    () => true,
    (error: { statusCode?: number }) => (error.statusCode === 404 ? false : Promise.reject(error)),
  );

/**
 * A server of the fixture game running on node A with a world file of `megabytes`: written
 * through the panel (bytes 0x5a), or `sparse` (zeros taking no disk, made in a moment by the game's
 * own container) where only a copy long enough to be interrupted matters.
 */
async function runningOnA(name: string, megabytes: number, world: 'written' | 'sparse' = 'written'): Promise<{ uuid: string; identifier: string; port: number }> {
  const created = await admin('POST', '/servers', { name, owner: owner.user.uuid, template: 'test-fixture', plan, node: 'node-a', variables: { MODE: 'echo' }, start_on_completion: true });
  expect(created.statusCode).toBe(201);
  const server = created.json().data.server;
  await waitFor(() => app.runtime.state(server.uuid) === 'running', { what: `${name} running on A`, timeoutMs: 120_000 });
  if (world === 'written') await app.runtime.files(server.uuid).writeFile('world/region.mca', Buffer.alloc(megabytes * MiB, 0x5a));
  else await sparseWorldOnA(server.uuid, megabytes * MiB);
  return { uuid: server.uuid, identifier: server.identifier, port: server.allocation.port };
}

async function sparseWorldOnA(uuid: string, bytes: number): Promise<void> {
  const script = `const fs = require('fs'); fs.mkdirSync('world', { recursive: true }); fs.closeSync(fs.openSync('world/region.mca', 'w')); fs.truncateSync('world/region.mca', ${bytes});`;
  const exec = await dockerA.getContainer(containerName(uuid)).exec({ Cmd: [CONTAINER_NODE, '-e', script], User: CONTAINER_USER, WorkingDir: CONTAINER_ROOT, AttachStdout: true, AttachStderr: true });
  const output = (await exec.start({})) as unknown as NodeJS.ReadableStream;
  await new Promise((resolve) => output.on('end', resolve).resume());
  expect((await exec.inspect()).ExitCode).toBe(0);
}

interface Frame {
  event: string;
  args: unknown[];
}

/** The server's console socket as the customer's page opens it, with every frame it receives. */
async function consoleOf(identifier: string): Promise<{ frames: Frame[]; ws: WebSocket }> {
  const base = `127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const ticket = await customer('GET', identifier, '/websocket');
  const ws = new WebSocket(`ws://${base}/api/v2/servers/${identifier}/ws`, { headers: { origin: `http://${base}` } });
  const frames: Frame[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(data.toString()) as Frame));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  ws.send(JSON.stringify({ event: 'auth', args: [ticket.json().data.token] }));
  await waitFor(() => frames.some((f) => f.event === 'auth success'), { what: 'auth success' });
  return { frames, ws };
}

/** Reads what the game sends to a connection on host:port. */
const answerOf = (host: string, port: number) =>
  new Promise<number>((resolve, reject) => {
    let received = 0;
    const socket = connect(port, host);
    socket.on('data', (chunk) => (received += chunk.length)).on('end', () => resolve(received));
    socket.on('error', reject);
    setTimeout(() => socket.end(), 500);
  });

describe('a transfer between two real engines', () => {
  it('moves a running server from A to B: files, the same port, subdomain and backups, started and answering there', async () => {
    const server = await runningOnA('Moves to B', 8);
    const subdomain = await customer('PUT', server.identifier, '/network/subdomain', { label: 'moved', zone: 'play.test' });
    expect(subdomain.statusCode).toBe(200);
    const backup = await customer('POST', server.identifier, '/backups', {});
    expect(backup.statusCode).toBe(202);
    await app.backups.waitFor(backup.json().data.uuid);
    const console = await consoleOf(server.identifier);

    const started = await admin('POST', `/servers/${server.uuid}/transfer`, { node: 'node-b' });
    expect(started.statusCode).toBe(202);
    expect(started.json().data.transfer).toMatchObject({ from: 'node-a', to: 'node-b', address: `${engineB.publicHost}:${server.port}` });
    await waitFor(async () => (await transferOf(server.uuid)).state !== 'running', { what: 'the move to end', timeoutMs: 120_000 });
    const transfer = await transferOf(server.uuid);
    expect(transfer).toMatchObject({ state: 'completed', step: 'done', error: null });
    expect(transfer.bytes_copied).toBeGreaterThanOrEqual(8 * MiB);
    expect(transfer.percent).toBe(100);

    // The customer's console heard "transferring" with how far it got, then the new address.
    const heard = () => console.frames.filter((f) => f.event === 'transfer progress').map((f) => f.args[0] as { state: string; percent: number | null; address: string | null });
    await waitFor(() => heard().at(-1)?.state === 'completed', { what: 'the socket told of the end' });
    const progress = heard();
    expect(console.frames.some((f) => f.event === 'status' && f.args[0] === 'transferring')).toBe(true);
    expect(progress[0]).toMatchObject({ state: 'running' });
    expect(progress.some((p) => p.state === 'running' && p.percent !== null && p.percent >= 0)).toBe(true);
    expect(progress.at(-1)).toEqual({ state: 'completed', step: 'done', percent: 100, address: `${engineB.publicHost}:${server.port}` });
    console.ws.terminate();

    expect(await placement(server.uuid)).toEqual({ node: 'node-b', ports: [{ node: 'node-b', port: server.port }] });
    await waitFor(() => app.runtime.state(server.uuid) === 'running', { what: 'running on B', timeoutMs: 60_000 });
    expect((await dockerB.getContainer(containerName(server.uuid)).inspect()).State.Running).toBe(true);
    expect(await exists(dockerA.getVolume(volumeName(server.uuid)).inspect())).toBe(false);
    expect(await exists(dockerA.getContainer(containerName(server.uuid)).inspect())).toBe(false);
    const world = await app.runtime.files(server.uuid).readFile('world/region.mca');
    expect(world.length).toBe(8 * MiB);
    expect(world.every((byte) => byte === 0x5a)).toBe(true);
    expect(await resolver.resolve4('moved.play.test')).toEqual([engineB.publicHost]);
    expect(await resolver.resolveSrv('_minecraft._tcp.moved.play.test')).toEqual([expect.objectContaining({ port: server.port })]);
    const backups = (await customer('GET', server.identifier, '/backups')).json().data;
    expect(backups.map((row: { uuid: string }) => row.uuid)).toContain(backup.json().data.uuid);

    // The game answers on its port on node B's address.
    expect((await customer('POST', server.identifier, '/command', { command: 'serve 5' })).statusCode).toBe(204);
    await waitFor(async () => (await answerOf(engineB.publicHost, server.port).catch(() => 0)) === 5, { what: 'the game answering on B', timeoutMs: 30_000 });
    expect((await admin('DELETE', `/servers/${server.uuid}`)).statusCode).toBe(204);
    expect(await exists(dockerB.getVolume(volumeName(server.uuid)).inspect())).toBe(false);
  });

  it('an interrupted copy leaves the server whole on A: a panel stopped in the middle rolls the move back at its next start, and so does B’s engine dying', async () => {
    const server = await runningOnA('Interrupted', 1024, 'sparse');
    expect((await admin('POST', `/servers/${server.uuid}/transfer`, { node: 'node-b' })).statusCode).toBe(202);
    await waitFor(async () => (await transferOf(server.uuid)).bytes_copied > 0, { what: 'the copy under way', timeoutMs: 60_000, intervalMs: 20 });
    await app.close();
    expect(await exists(dockerB.getVolume(volumeName(server.uuid)).inspect())).toBe(true);

    app = await openPanel();
    expect(await transferOf(server.uuid)).toMatchObject({ state: 'failed', error: 'The panel stopped during the move; the server stays on node-a.' });
    expect(await exists(dockerB.getVolume(volumeName(server.uuid)).inspect())).toBe(false);
    expect(await exists(dockerB.getContainer(containerName(server.uuid)).inspect())).toBe(false);
    expect(await placement(server.uuid)).toEqual({ node: 'node-a', ports: [{ node: 'node-a', port: server.port }] });
    await app.runtime.recoverAll();
    await waitFor(() => app.runtime.state(server.uuid) === 'running', { what: 'running again on A', timeoutMs: 60_000 });
    expect((await app.runtime.files(server.uuid).lstat('world/region.mca'))?.size).toBe(1024 * MiB);

    // The same server again, B's engine killed in the middle of the copy this time.
    expect((await admin('POST', `/servers/${server.uuid}/transfer`, { node: 'node-b' })).statusCode).toBe(202);
    await waitFor(async () => (await transferOf(server.uuid)).bytes_copied > 0, { what: 'the second copy under way', timeoutMs: 60_000, intervalMs: 20 });
    killTestDockerEngineB(engineB);
    await waitFor(async () => (await transferOf(server.uuid)).state !== 'running', { what: 'the move to fail', timeoutMs: 90_000 });
    expect((await transferOf(server.uuid)).state).toBe('failed');
    expect(await placement(server.uuid)).toEqual({ node: 'node-a', ports: [{ node: 'node-a', port: server.port }] });
    await waitFor(() => app.runtime.state(server.uuid) === 'running', { what: 'running again on A', timeoutMs: 60_000 });
    expect((await app.runtime.files(server.uuid).lstat('world/region.mca'))?.size).toBe(1024 * MiB);
    expect((await admin('DELETE', `/servers/${server.uuid}`)).statusCode).toBe(204);
  });
});
