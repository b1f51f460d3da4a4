/**
 * bench/events' measurement (started by run.mjs with tsx): the real panel app on an embedded
 * database (PostgreSQL when DATABASE_URL is set), 10 servers with 10 JSON webhooks each (a server's
 * most) pointing at a local HTTP receiver in its own process (receiver.mjs; 127.0.0.1, allowed as
 * PANEL_WEBHOOK_ALLOW_HOSTS would), and the event bus
 * publishing 1,000 events a second for BENCH_EVENTS_SECONDS (10 by default). It measures the events
 * published, the deliveries received, the event loop's longest stall (perf_hooks'
 * monitorEventLoopDelay) and the memory, and prints one JSON line.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import '../../__tests__/server/helpers/testTemplates';
import { buildApp } from '../../server/src/app';
import { openDatabase } from '../../server/src/db/client';
import { loadConfig } from '../../server/src/plugins/config/loadConfig';
import { createTestUser } from '../../__tests__/server/helpers/createTestUser';
import { createTestServer } from '../../__tests__/server/helpers/createTestServer';
// The in-memory driver of the tests: the server exists, no game runs (only events matter here).
import { MemoryDriver } from '../../__tests__/server/helpers/memoryRuntime/MemoryDriver';
import type { ServerRow } from '../../server/src/db/schema';

const SECONDS = Number(process.env.BENCH_EVENTS_SECONDS ?? 10);
const EVENTS_PER_SECOND = Number(process.env.BENCH_EVENTS_RATE ?? 1000);
const HOOKS = Number(process.env.BENCH_EVENTS_HOOKS ?? 100);
/** A server may have 10 webhooks: the hooks are spread over HOOKS / 10 servers, the events over those. */
const HOOKS_PER_SERVER = 10;
const MiB = 1024 * 1024;

/** The receiver's answer to one message: its port once listening, then the requests it counted. */
function nextMessage<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message as T));
    child.once('exit', (code) => reject(new Error(`the webhook receiver exited with code ${code}`)));
  });
}

async function main(): Promise<void> {
  // The receiver runs in its own process: its work must not count as the panel's stall.
  const receiver = fork(join(__dirname, 'receiver.mjs'), { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const { port } = await nextMessage<{ port: number }>(receiver);
  const received = async () => {
    const answer = nextMessage<{ received: number }>(receiver);
    receiver.send('count');
    return (await answer).received;
  };
  const url = `http://127.0.0.1:${port}/hook`;

  const dataDir = mkdtempSync(join(tmpdir(), 'bench-events-'));
  const config = loadConfig({}, { dataDir, port: 0, host: '127.0.0.1', logLevel: 'error', demoData: false, webhookAllowHosts: ['127.0.0.1'] });
  const database = process.env.DATABASE_URL ? await openDatabase({ databaseUrl: process.env.DATABASE_URL }) : await openDatabase({ dataDir: join(dataDir, 'db') });
  const app = await buildApp({ config, database, runtimeDriver: new MemoryDriver() });
  await app.ready();
  const owner = await createTestUser(app);
  const servers: ServerRow[] = [];
  for (let s = 0; s < HOOKS / HOOKS_PER_SERVER; s++) {
    const server = await createTestServer(app, owner.user, { name: `Bench ${s}` });
    for (let i = 0; i < HOOKS_PER_SERVER; i++) await app.webhooks.create(server, { name: `Hook ${i}`, kind: 'json', url, events: ['backup.finished'] }, { userId: owner.user.id, ip: null });
    servers.push(server);
  }

  const loop = monitorEventLoopDelay({ resolution: 10 });
  let maxRss = 0;
  let maxHeap = 0;
  let maxBacklog = 0;
  const sampler = setInterval(() => {
    const memory = process.memoryUsage();
    maxRss = Math.max(maxRss, memory.rss);
    maxHeap = Math.max(maxHeap, memory.heapUsed);
    maxBacklog = Math.max(maxBacklog, app.webhookDispatcher.backlog);
  }, 250);
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;

  loop.enable();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let published = 0;
  let publishMs = 0;
  // Every 10 ms the events due by then (ten at 1,000 a second), the way a busy fleet's events
  // arrive: a tick that comes late publishes what came meanwhile, so a stalled loop is still
  // offered the whole rate.
  await new Promise<void>((resolve) => {
    const ticker = setInterval(() => {
      const began = performance.now();
      const due = Math.floor(((performance.now() - started) * EVENTS_PER_SECOND) / 1000);
      while (published < due) {
        app.panelEvents.publish('backup.finished', servers[published % servers.length].uuid, { backup: `b${published}` });
        published++;
      }
      publishMs += performance.now() - began;
      if (performance.now() - started >= SECONDS * 1000) {
        clearInterval(ticker);
        resolve();
      }
    }, 10);
  });
  const elapsedS = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  loop.disable();
  const receivedInWindow = await received();
  clearInterval(sampler);

  const figures = {
    seconds: Math.round(elapsedS * 10) / 10,
    hooks: HOOKS,
    eventsPerSecond: Math.round(published / elapsedS),
    deliveriesPerSecond: Math.round(receivedInWindow / elapsedS),
    deliveriesOffered: published * HOOKS_PER_SERVER,
    dropped: app.webhookDispatcher.dropped,
    maxBacklog,
    publishMsPerEvent: Math.round((publishMs / published) * 1000) / 1000,
    // The panel's CPU time over the window, in % of one core: far below 100 with a stall far above
    // the target means the machine's other work kept it waiting, not its own.
    cpuPercent: Math.round((cpu.user + cpu.system) / 1e4 / elapsedS),
    maxStallMs: Math.round(loop.max / 1e6),
    p99StallMs: Math.round(loop.percentile(99) / 1e6),
    maxRssMiB: Math.round(maxRss / MiB),
    maxHeapMiB: Math.round(maxHeap / MiB),
    heapBeforeMiB: Math.round(heapBefore / MiB),
    database: process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite',
  };
  await app.close();
  receiver.kill();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(JSON.stringify(figures));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
