/**
 * bench/docker's panel (started by run.mjs with tsx, once per driver): the real panel app on an
 * embedded database in a temporary data dir, listening on a free loopback port, its runtime the
 * local driver (BENCH_DOCKER_DRIVER=local, the default set-up) or the Docker driver on the
 * benchmark's engine reached as a node is, over TCP with mutual TLS (=docker). It installs the
 * embedded Minecraft server (flying-squid template) and bench/console's flood server, prints
 * `{"ready":true}`, then answers run.mjs's commands on its standard input, one JSON line each:
 *   round   one start of the Minecraft server timed from the power action to its "Done" line
 *           (the running state), then stopped: {"startMs":…}
 *   flood   starts the flood server for the socket part (which run.mjs measures from its own
 *           process, as a browser would): {"baseUrl":…,"token":…,"serverId":…,"pid":…}
 *   files   where the files of a third server ("Files and backup") are on this machine, for
 *           run.mjs to lay out its folders there as the game would: the local driver's server
 *           folder, or the folder on the node the server's volume binds (the benchmark's engine
 *           runs on this machine): {"root":…,"baseUrl":…,"token":…,"serverId":…,"pid":…}
 *   backup  one backup of that server through POST …/backups, waited for, then deleted:
 *           {"seconds":…,"contentBytes":…,"files":…,"archiveBytes":…}
 * run.mjs alternates the two panels' rounds, so a change in the machine's load weighs on both.
 * The panel removes its servers and stops once its standard input closes.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import type Docker from 'dockerode';
import { buildApp } from '../../server/src/app';
import { openDatabase } from '../../server/src/db/client';
import { backups, servers, users, type ServerRow } from '../../server/src/db/schema';
import { loadConfig } from '../../server/src/plugins/config/loadConfig';
import { provisioningOf } from '../../server/src/plugins/provisioning';
import { volumeName } from '../../server/src/runtime/docker/containerConfig';
import { createDockerClient } from '../../server/src/runtime/docker/dockerClient';
import { DockerDriver } from '../../server/src/runtime/docker/DockerDriver';
import { buildImage } from '../../server/src/runtime/docker/images/buildImages';
import { findGameImage } from '../../server/src/runtime/docker/images/gameImages';
import type { RuntimeDriver } from '../../server/src/runtime/RuntimeDriver';
import { createServer } from '../../server/src/services/servers/createServer';
import { FLOOD_TEMPLATE_SLUG } from '../console/floodTemplate';

const side = process.env.BENCH_DOCKER_DRIVER === 'docker' ? 'docker' : 'local';
const say = (text: string) => process.stderr.write(`[${side}] ${text}\n`);

/** The Docker driver on the benchmark's engine over TCP + TLS, with the game image built on it. */
async function dockerDriver(): Promise<{ driver: RuntimeDriver; docker: Docker }> {
  const env = (name: string) =>
    process.env[name] ??
    (() => {
      throw new Error(`${name} is not set`);
    })();
  const tls = { ca: readFileSync(env('PANEL_DOCKER_TLS_CA'), 'utf8'), cert: readFileSync(env('PANEL_DOCKER_TLS_CERT'), 'utf8'), key: readFileSync(env('PANEL_DOCKER_TLS_KEY'), 'utf8') };
  const docker = createDockerClient({ dockerHost: env('PANEL_DOCKER_TLS_HOST'), tls });
  const image = 'panel/flying-squid:1';
  const present = await docker
    .getImage(image)
    .inspect()
    .then(
      () => true,
      () => false,
    );
  if (!present) say(`built ${image} on the engine in ${(await buildImage(docker, findGameImage(image)!, () => undefined)).seconds} s`);
  return { driver: new DockerDriver({ docker, publicHost: env('PANEL_DOCKER_PUBLIC_HOST') }), docker };
}

/** The folder of the server's files on this machine: on a Docker node, the folder its volume binds. */
async function filesRoot(uuid: string, dataDir: string, docker: Docker | null): Promise<string> {
  if (!docker) return join(dataDir, 'servers', uuid);
  const volume = await docker.getVolume(volumeName(uuid)).inspect();
  return (volume.Options?.device as string | undefined) ?? volume.Mountpoint;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-docker-${side}-`));
  const start = 40000 + Math.floor(Math.random() * 99) * 100;
  const config = loadConfig({}, { dataDir, port: 0, host: '127.0.0.1', logLevel: 'warn', demoData: false, portRange: { start, end: start + 99 } });
  const database = await openDatabase({ dataDir: join(dataDir, 'db') });
  const engine = side === 'docker' ? await dockerDriver() : null;
  const app = await buildApp({ config, database, runtimeDriver: engine?.driver });
  await app.ready();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };

  const username = `bench_${randomBytes(4).toString('hex')}`;
  const password = `Bench-${randomBytes(12).toString('base64url')}`;
  const signUp = await app.inject({ method: 'POST', url: '/api/v2/auth/register', payload: { username, email: `${username}@example.com`, password, password_confirmation: password, remember: true } });
  const token = signUp.json()?.data?.token as string | undefined;
  if (signUp.statusCode !== 201 || !token) throw new Error(`register answered ${signUp.statusCode}: ${signUp.body}`);
  const [owner] = await app.db.select().from(users).where(eq(users.username, username));

  const install = async (template: string, name: string): Promise<ServerRow> => {
    const created = await createServer(provisioningOf(app), { name, owner, template, plan: 'minecraft-budget' });
    await app.runtime.waitForInstall(created.uuid);
    const [row] = await app.db.select().from(servers).where(eq(servers.id, created.id));
    if (row.installStatus !== 'installed') throw new Error(`${template} did not install: ${row.installError}`);
    return row;
  };
  const reached = (uuid: string, state: string, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${uuid} is ${app.runtime.state(uuid)}, not ${state}, after ${timeoutMs} ms`)), timeoutMs);
      const check = () => app.runtime.state(uuid) === state && (clearTimeout(timer), resolve());
      app.runtime.addStateListener((id) => id === uuid && check());
      check();
    });

  const minecraft = await install('minecraft-flying-squid', 'Start time');
  const flood = await install(FLOOD_TEMPLATE_SLUG, 'Console flood');
  const filesServer = await install(FLOOD_TEMPLATE_SLUG, 'Files and backup');
  const authorization = `Bearer ${token}`;
  const answer = (value: object) => process.stdout.write(`${JSON.stringify(value)}\n`);
  const commands: Record<string, () => Promise<object>> = {
    async round() {
      const began = performance.now();
      await app.runtime.power(minecraft, 'start');
      await reached(minecraft.uuid, 'running', 120_000);
      const startMs = Math.round(performance.now() - began);
      await app.runtime.power(minecraft, 'stop');
      await reached(minecraft.uuid, 'offline', 60_000);
      return { startMs };
    },
    async flood() {
      await app.runtime.power(flood, 'start');
      await reached(flood.uuid, 'running', 60_000);
      return { baseUrl: `http://127.0.0.1:${port}`, token, serverId: flood.shortId, pid: process.pid };
    },
    async files() {
      const root = await filesRoot(filesServer.uuid, dataDir, engine?.docker ?? null);
      return { root, baseUrl: `http://127.0.0.1:${port}`, token, serverId: filesServer.shortId, pid: process.pid };
    },
    async backup() {
      const began = performance.now();
      const created = await app.inject({ method: 'POST', url: `/api/v2/servers/${filesServer.shortId}/backups`, headers: { authorization }, payload: {} });
      const backupUuid = created.json()?.data?.uuid as string | undefined;
      if (created.statusCode !== 202 || !backupUuid) throw new Error(`backup answered ${created.statusCode}: ${created.body}`);
      await app.backups.waitFor(backupUuid);
      const seconds = (performance.now() - began) / 1000;
      const [row] = await app.db.select().from(backups).where(eq(backups.uuid, backupUuid));
      if (row?.state !== 'completed') throw new Error(`the backup ended ${row?.state}: ${row?.error}`);
      const removed = await app.inject({ method: 'DELETE', url: `/api/v2/servers/${filesServer.shortId}/backups/${backupUuid}`, headers: { authorization } });
      if (removed.statusCode !== 204) throw new Error(`deleting the backup answered ${removed.statusCode}: ${removed.body}`);
      return { seconds, contentBytes: row.contentBytes, files: row.fileCount, archiveBytes: row.bytes };
    },
  };
  answer({ ready: true });
  // One command at a time, in order; the servers go with the panel once the input closes.
  for await (const line of createInterface({ input: process.stdin })) {
    const command = commands[line.trim()];
    answer(command ? await command() : { error: `unknown command "${line}"` });
  }
  for (const row of [filesServer, flood, minecraft]) await app.runtime.destroy(row).catch((error: Error) => say(`could not remove ${row.uuid}: ${error.message}`));
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error);
    process.exit(1);
  },
);
