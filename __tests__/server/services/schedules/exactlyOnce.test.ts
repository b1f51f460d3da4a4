import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import '../../helpers/testTemplates';
import { buildApp } from '../../../../server/src/app';
import { loadConfig } from '../../../../server/src/plugins/config/loadConfig';
import type { DatabaseHandle } from '../../../../server/src/db/client';
import { scheduleRuns, schedules } from '../../../../server/src/db/schema';
import { openTestDatabase } from '../../helpers/testDatabase';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import { waitFor } from '../../helpers/waitFor';

// Two panel processes' worth of app (each with its own data folder and runner) on ONE database:
// PGlite by default, PostgreSQL when DATABASE_URL is set (as CI runs it).
let database: DatabaseHandle;
const dirs: string[] = [];
const apps: FastifyInstance[] = [];
let owner: TestUser;
let shortId: string;

async function panel(dataDir = mkdtempSync(join(tmpdir(), 'panel-twin-'))): Promise<FastifyInstance> {
  dirs.push(dataDir);
  const config = loadConfig({}, { dataDir, secret: 'test-secret-0123456789abcdef', logLevel: 'silent', demoData: false, diskImages: false, portRange: { start: 41000, end: 48999 } });
  const app = await buildApp({ config, database, closeDatabase: false });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  database = await openTestDatabase();
  await panel();
  await panel();
  owner = await createTestUser(apps[0]);
  shortId = (await createTestServer(apps[0], owner.user, { name: 'Twin' })).shortId;
}, 90_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('two panels on one database', () => {
  it('run each due schedule exactly once, however their runners race', async () => {
    const [a, b] = apps;
    const created: string[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await a.inject({
        method: 'POST',
        url: `/api/v2/servers/${shortId}/schedules`,
        headers: owner.headers,
        // Due once a year, so only the times the test sets fire; no tasks: each run is recorded as skipped.
        payload: { name: `Twin ${i}`, minute: '0', hour: '3', day_of_month: '1', month: '1', day_of_week: '*' },
      });
      expect(res.statusCode).toBe(201);
      created.push(res.json().data.uuid);
    }
    const rows = await a.db.select({ id: schedules.id }).from(schedules).where(inArray(schedules.uuid, created));
    const ids = rows.map((row) => row.id);
    const rounds = 3;
    for (let round = 0; round < rounds; round++) {
      const dueAt = new Date(Date.now() - 50);
      await a.db.update(schedules).set({ nextRunAt: dueAt }).where(inArray(schedules.id, ids));
      // Both live runners are ticking too; these explicit ticks make the race certain.
      await Promise.all([a.schedules.tick(), b.schedules.tick(), a.schedules.tick(), b.schedules.tick()]);
      await waitFor(async () => (await a.db.select().from(scheduleRuns).where(inArray(scheduleRuns.scheduleId, ids))).length >= ids.length * (round + 1), { what: `round ${round}` });
      await new Promise((resolve) => setTimeout(resolve, 700)); // a late duplicate would show up here
    }
    await Promise.all([a.schedules.settle(), b.schedules.settle()]);
    const runs = await a.db.select().from(scheduleRuns).where(inArray(scheduleRuns.scheduleId, ids));
    expect(runs).toHaveLength(ids.length * rounds);
    for (const id of ids) {
      const mine = runs.filter((run) => run.scheduleId === id);
      expect(new Set(mine.map((run) => run.dueAt!.toISOString())).size).toBe(rounds);
      expect(mine.every((run) => run.result === 'skipped' && run.finishedAt !== null)).toBe(true);
    }
    // Both panels took part (with 36 claims the race is not won by one side only, or the test proves less).
    const runners = new Set(runs.map((run) => run.runner));
    expect(runners.size).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it('after a restart, a panel takes the next time from the database and marks its own interrupted run failed', async () => {
    const [a] = apps;
    const res = await a.inject({
      method: 'POST',
      url: `/api/v2/servers/${shortId}/schedules`,
      headers: owner.headers,
      payload: { name: 'Survivor', minute: '15', hour: '*', day_of_month: '*', month: '*', day_of_week: '*' },
    });
    const uuid = res.json().data.uuid as string;
    const [row] = await a.db.select().from(schedules).where(eq(schedules.uuid, uuid));
    // A run this panel had under way when it was killed.
    const [interrupted] = await a.db.insert(scheduleRuns).values({ scheduleId: row.id, trigger: 'manual', runner: a.schedules.runner }).returning();
    const dataDir = a.config.dataDir;
    await a.close();
    apps.splice(0, 1);
    const again = await panel(dataDir);
    const [run] = await again.db.select().from(scheduleRuns).where(eq(scheduleRuns.id, interrupted.id));
    expect(run.result).toBe('failed');
    expect(run.error).toMatch(/panel stopped/);
    const shown = (await again.inject({ method: 'GET', url: `/api/v2/servers/${shortId}/schedules/${uuid}`, headers: owner.headers })).json().data;
    expect(shown.last_result).toBe('failed');
    expect(new Date(shown.next_run_at).getTime()).toBe(row.nextRunAt!.getTime());
    expect(new Date(shown.next_run_at).getUTCMinutes()).toBe(15);
  }, 60_000);
});
