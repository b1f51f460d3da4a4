/**
 * bench/transfer between two real nodes (run by run.mjs with tsx, as root): two throw-away Docker
 * Engines (scripts/docker-engine.sh, each in its own network namespace, reached over TCP with
 * mutual TLS as nodes are), the real panel on an embedded database, a server of BENCH_TRANSFER_MIB
 * (1024) MiB of world files on node A moved to node B by POST /api/v2/admin/servers/{uuid}/transfer.
 * Measures the move's copy rate (bytes copied over the copying step) and its whole time, and the
 * panel's memory (RSS) before, at its peak and after. Prints one JSON line; removes everything.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../server/src/app';
import { openDatabase } from '../../server/src/db/client';
import { games, plans, users } from '../../server/src/db/schema';
import { loadConfig } from '../../server/src/plugins/config/loadConfig';
import { createAdminKey } from '../../server/src/services/admin/adminKeys';

const TOTAL_MIB = Number(process.env.BENCH_TRANSFER_MIB ?? 1024);
const FILES = 8;
const script = join(__dirname, '..', '..', 'scripts', 'docker-engine.sh');
const say = (text: string) => process.stderr.write(`[nodes] ${text}\n`);

interface Engine {
  dir: string;
  dockerHost: string;
  publicHost: string;
  tls: { ca: string; cert: string; key: string };
}

function startEngine(): Engine {
  const values = Object.fromEntries(
    execFileSync('bash', [script, 'start'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 300_000 })
      .split('\n')
      .map((line) => line.split('=', 2) as [string, string]),
  );
  const read = (name: string) => readFileSync(values[name], 'utf8');
  return {
    dir: values.PANEL_DOCKER_DIR,
    dockerHost: values.PANEL_DOCKER_TLS_HOST,
    publicHost: values.PANEL_DOCKER_PUBLIC_HOST,
    tls: { ca: read('PANEL_DOCKER_TLS_CA'), cert: read('PANEL_DOCKER_TLS_CERT'), key: read('PANEL_DOCKER_TLS_KEY') },
  };
}

const rssMib = () => Math.round(process.memoryUsage().rss / 1048576);

async function main(): Promise<void> {
  const engines: Engine[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-transfer-nodes-'));
  try {
    engines.push(startEngine(), startEngine());
    const [a, b] = engines;
    const config = loadConfig({}, { dataDir, port: 0, host: '127.0.0.1', logLevel: 'warn', demoData: false, diskImages: process.env.BENCH_TRANSFER_DISK_IMAGES !== '0' });
    const database = await openDatabase({ dataDir: join(dataDir, 'db') });
    const app = await buildApp({ config, database });
    await app.ready();
    const key = (await createAdminKey(app.db, 'bench transfer')).key;
    const admin = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
      const answer = await app.inject({ method, url: `/api/v2/admin${url}`, headers: { authorization: `Bearer ${key}` }, ...(payload ? { payload } : {}) });
      if (answer.statusCode >= 400) throw new Error(`${method} ${url} answered ${answer.statusCode}: ${answer.body}`);
      return answer.body ? answer.json() : null;
    };
    const range = { port_range: '30500-30520', memory_mb: 8192, disk_mb: 20480 };
    await admin('POST', '/nodes', { name: 'bench-a', driver: 'docker', docker_host: a.dockerHost, tls: a.tls, public_host: a.publicHost, ...range });
    await admin('POST', '/nodes', { name: 'bench-b', driver: 'docker', docker_host: b.dockerHost, tls: b.tls, public_host: b.publicHost, ...range });
    const [game] = await app.db.select().from(games).where(eq(games.slug, 'minecraft'));
    await app.db
      .insert(plans)
      .values({ slug: 'bench-transfer', gameId: game.id, tier: `t-${randomBytes(4).toString('hex')}`, name: 'bench-transfer', memoryMb: 512, cpuPercent: 100, diskMb: TOTAL_MIB * 2 + 1024 });
    const username = `bench_${randomBytes(4).toString('hex')}`;
    const password = `Bench-${randomBytes(12).toString('base64url')}`;
    await app.inject({ method: 'POST', url: '/api/v2/auth/register', payload: { username, email: `${username}@example.com`, password, password_confirmation: password, remember: true } });
    const [owner] = await app.db.select().from(users).where(eq(users.username, username));
    const created = await admin('POST', '/servers', { name: 'Moved', owner: owner.uuid, template: 'minecraft-flying-squid', plan: 'bench-transfer', node: 'bench-a' });
    const uuid = created.data.server.uuid as string;
    await app.runtime.waitForInstall(uuid);
    say('installed on A; writing the world');
    const chunk = Buffer.alloc(Math.floor((TOTAL_MIB * 1048576) / FILES));
    for (let i = 0; i < chunk.length; i += 4) chunk.writeUInt32LE((i * 2654435761) >>> 0, i);
    for (let f = 0; f < FILES; f++) await app.runtime.files(uuid).writeFile(`world/region/r.${f}.0.mca`, chunk);

    global.gc?.();
    const before = rssMib();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMib())), 50);
    const began = performance.now();
    await admin('POST', `/servers/${uuid}/transfer`, { node: 'bench-b' });
    let copyStarted = 0;
    let copyEnded = 0;
    let view: { state: string; step: string; bytes_copied: number; error: string | null };
    for (;;) {
      view = (await admin('GET', `/servers/${uuid}/transfer`)).data.transfer;
      if (!copyStarted && view.step === 'copying') copyStarted = performance.now();
      if (!copyEnded && copyStarted && view.step !== 'copying') copyEnded = performance.now();
      if (view.state !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const seconds = (performance.now() - began) / 1000;
    clearInterval(sampler);
    if (view.state !== 'completed') throw new Error(`the move ${view.state}: ${view.error}`);
    global.gc?.();
    const after = rssMib();
    const copySeconds = ((copyEnded || performance.now()) - copyStarted) / 1000;
    await admin('DELETE', `/servers/${uuid}`);
    await app.close();
    process.stdout.write(
      `${JSON.stringify({
        mib: Math.round(view.bytes_copied / 1048576),
        seconds: Math.round(seconds * 10) / 10,
        copySeconds: Math.round(copySeconds * 10) / 10,
        mbPerSecond: Math.round(view.bytes_copied / 1e6 / copySeconds),
        wholeMbPerSecond: Math.round(view.bytes_copied / 1e6 / seconds),
        baselineMib: before,
        peakMib: peak,
        afterMib: after,
      })}\n`,
    );
  } finally {
    for (const engine of engines) execFileSync('bash', [script, 'stop', engine.dir], { stdio: 'inherit', timeout: 120_000 });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error);
    process.exit(1);
  },
);
