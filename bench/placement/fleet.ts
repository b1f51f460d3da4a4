/**
 * bench/placement's fleet (started by run.mjs with tsx): the real panel app on an embedded
 * database (or PostgreSQL when DATABASE_URL is set) holding a simulated fleet, 200 nodes (the
 * panel's own machine and 199 docker nodes over five locations) and 10,000 servers with their
 * ports, written straight to the database. No container runs: the nodes' drivers are in-memory
 * ones that always answer, so placement sees every node online. It measures
 *   - one placement decision (placementCandidates: the nodes of a location with room, ranked), from
 *     the figures placement keeps and from a fresh read of the database,
 *   - one whole placement (createServer without a node: decision, row lock, row, ports, audit),
 *   - the admin listing of the nodes with their use (GET /api/v2/admin/nodes through the app),
 * and prints one JSON line with the medians.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../server/src/app';
import { openDatabase } from '../../server/src/db/client';
import { allocations, nodes, plans, servers, serverTemplates, users } from '../../server/src/db/schema';
import { loadConfig } from '../../server/src/plugins/config/loadConfig';
import { provisioningOf } from '../../server/src/plugins/provisioning';
import { createAdminKey } from '../../server/src/services/admin/adminKeys';
import { syncRuntimeNodes } from '../../server/src/services/nodes/nodeEngines';
import { placementCandidates } from '../../server/src/services/nodes/placement';
import { createServer } from '../../server/src/services/servers/createServer';
import { localNode } from '../../server/src/services/servers/syncCatalog';
// The in-memory driver of the tests: a node that answers and runs nothing.
import { MemoryDriver } from '../../__tests__/server/helpers/memoryRuntime/MemoryDriver';

const NODES = Number(process.env.BENCH_PLACEMENT_NODES ?? 200);
const SERVERS = Number(process.env.BENCH_PLACEMENT_SERVERS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_PLACEMENT_ROUNDS ?? 200);
const LOCATIONS = ['fra', 'ams', 'waw', 'nyc', 'sgp'];
const RANGE = { start: 30000, end: 30199 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timed(rounds: number, work: (round: number) => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const began = performance.now();
    await work(round);
    times.push(performance.now() - began);
  }
  return Math.round(median(times) * 100) / 100;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-placement-'));
  const config = loadConfig({}, { dataDir, port: 0, host: '127.0.0.1', logLevel: 'warn', demoData: false, portRange: { start: 40000, end: 40199 } });
  const database = process.env.DATABASE_URL ? await openDatabase({ databaseUrl: process.env.DATABASE_URL }) : await openDatabase({ dataDir: join(dataDir, 'db') });
  const openNode = () => ({ driver: new MemoryDriver(), ping: async () => undefined });
  const app = await buildApp({ config, database, runtimeDriver: new MemoryDriver(), openNode });
  await app.ready();
  const { db } = app;
  const started = performance.now();

  const [owner] = await db
    .insert(users)
    .values({ uuid: randomUUID(), username: `bench_${Date.now()}`, email: `bench_${Date.now()}@example.com`, passwordHash: 'not a hash: nobody signs in' })
    .returning();
  const [template] = await db.select().from(serverTemplates).where(eq(serverTemplates.slug, 'minecraft-flying-squid'));
  const [plan] = await db.select().from(plans).where(eq(plans.slug, 'minecraft-budget'));

  // The panel's own machine is one of the nodes; the others are docker nodes on addresses of their own.
  const local = await localNode(db);
  await db.update(nodes).set({ location: LOCATIONS[0], memoryMb: 262_144, diskMb: 4_000_000 }).where(eq(nodes.id, local.id));
  const docker = await db
    .insert(nodes)
    .values(
      Array.from({ length: NODES - 1 }, (_, i) => ({
        name: `node-${i + 1}`,
        location: LOCATIONS[(i + 1) % LOCATIONS.length],
        driver: 'docker',
        dockerHost: `tcp://10.${Math.floor(i / 250)}.${i % 250}.1:2376`,
        publicHost: `10.${100 + Math.floor(i / 250)}.${i % 250}.1`,
        portRangeStart: RANGE.start,
        portRangeEnd: RANGE.end,
        memoryMb: 262_144,
        diskMb: 4_000_000,
      })),
    )
    .returning();
  const fleet = [local, ...docker];
  await syncRuntimeNodes(provisioningOf(app));

  // The servers, spread unevenly (so the ranking has work to do), each with its primary port.
  const BATCH = 500;
  const portsUsed = new Map<number, number>();
  for (let first = 0; first < SERVERS; first += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, SERVERS - first) }, (_, k) => {
      const i = first + k;
      const node = fleet[(i * 7 + (i % 13)) % fleet.length];
      const uuid = randomUUID();
      return { node, row: { uuid, shortId: uuid.slice(0, 8), name: `server ${i}`, ownerId: owner.id, templateId: template.id, planId: plan.id, nodeId: node.id, installStatus: 'installed' } };
    });
    const rows = await db
      .insert(servers)
      .values(batch.map((entry) => entry.row))
      .returning({ id: servers.id, nodeId: servers.nodeId });
    await db.insert(allocations).values(
      rows.map((row) => {
        const used = portsUsed.get(row.nodeId) ?? 0;
        portsUsed.set(row.nodeId, used + 1);
        const node = fleet.find((candidate) => candidate.id === row.nodeId)!;
        return { nodeId: row.nodeId, ip: node.driver === 'local' ? config.gameIp : '0.0.0.0', port: RANGE.start + used, serverId: row.id };
      }),
    );
  }
  const seededMs = Math.round(performance.now() - started);

  const context = provisioningOf(app);
  // A decision as placement makes it (from the figures kept, read again every few seconds), and one that reads them from the database.
  const decisionMs = await timed(ROUNDS, (round) => placementCandidates(context, { plan, location: LOCATIONS[round % LOCATIONS.length], ports: [null] }));
  const freshDecisionMs = await timed(Math.min(ROUNDS, 50), (round) => placementCandidates(context, { plan, location: LOCATIONS[round % LOCATIONS.length], ports: [null] }, true));
  const placementMs = await timed(Math.min(ROUNDS, 100), (round) =>
    createServer(context, { name: `placed ${round}`, owner, template: template.slug, plan: plan.slug, location: LOCATIONS[round % LOCATIONS.length] }),
  );
  const { key } = await createAdminKey(db, 'bench');
  const listingMs = await timed(30, async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/v2/admin/nodes', headers: { authorization: `Bearer ${key}` } });
    if (answer.statusCode !== 200 || answer.json().data.length !== NODES) throw new Error(`the listing answered ${answer.statusCode}`);
  });
  process.stdout.write(`${JSON.stringify({ nodes: NODES, servers: SERVERS, seededMs, decisionMs, freshDecisionMs, placementMs, listingMs, database: database.kind })}\n`);
  await app.runtime.detach();
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
