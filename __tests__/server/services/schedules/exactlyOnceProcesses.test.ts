import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import '../../helpers/testTemplates';
import { buildApp } from '../../../../server/src/app';
import { loadConfig } from '../../../../server/src/plugins/config/loadConfig';
import { scheduleRuns, schedules } from '../../../../server/src/db/schema';
import type { PanelProcess } from '../../../../scripts/lib/panelProcess.mjs';
import { createTestServer } from '../../helpers/createTestServer';
import { createTestUser } from '../../helpers/createTestUser';
import { openTestDatabase } from '../../helpers/testDatabase';
import { waitFor } from '../../helpers/waitFor';

// Two real panel processes (server/src/server.ts, as `npm start` runs it) on one PostgreSQL
// database. PGlite lives inside one process, so this runs only when DATABASE_URL is set (CI
// runs the server tests on PostgreSQL too).
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('two panel processes on one PostgreSQL', () => {
  it('run each due schedule exactly once', async () => {
    const database = await openTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'panel-procs-'));
    const panels: PanelProcess[] = [];
    try {
      // The account, server and schedules are made by an app in this process, closed (its
      // runner with it) before anything is due: only the two panel processes run schedules.
      const config = loadConfig({}, { dataDir, secret: 'test-secret-0123456789abcdef', logLevel: 'silent', demoData: false, diskImages: false });
      const app = await buildApp({ config, database, closeDatabase: false });
      await app.ready();
      const owner = await createTestUser(app);
      const { shortId } = await createTestServer(app, owner.user, { name: 'Twin processes' });
      const created: string[] = [];
      for (let i = 0; i < 10; i++) {
        // Due once a year, so only the times the test sets fire; no tasks: each run is recorded as skipped.
        const res = await app.inject({
          method: 'POST',
          url: `/api/v2/servers/${shortId}/schedules`,
          headers: owner.headers,
          payload: { name: `Process twin ${i}`, minute: '0', hour: '3', day_of_month: '1', month: '1', day_of_week: '*' },
        });
        expect(res.statusCode).toBe(201);
        created.push(res.json().data.uuid);
      }
      await app.close();
      const ids = (await database.db.select({ id: schedules.id }).from(schedules).where(inArray(schedules.uuid, created))).map((row) => row.id);

      // The helper the e2e runner and the benches start panels with (an ES module).
      const { startPanel } = await import('../../../../scripts/lib/panelProcess.mjs');
      const env = { DATABASE_URL: database.url!, PANEL_DEMO_DATA: 'false', LOG_LEVEL: 'warn', PANEL_DISK_IMAGES: 'false' };
      // Side by side (the database is migrated already, so neither changes its tables).
      const started = await Promise.allSettled([startPanel({ env }), startPanel({ env })]);
      for (const result of started) if (result.status === 'fulfilled') panels.push(result.value);
      for (const result of started) if (result.status === 'rejected') throw result.reason;

      const rounds = 2;
      for (let round = 0; round < rounds; round++) {
        // A moment ahead, so both runners see the time come rather than find it long past.
        await database.db
          .update(schedules)
          .set({ nextRunAt: new Date(Date.now() + 1500) })
          .where(inArray(schedules.id, ids));
        await waitFor(async () => (await database.db.select().from(scheduleRuns).where(inArray(scheduleRuns.scheduleId, ids))).length >= ids.length * (round + 1), {
          what: `round ${round} to be run`,
          timeoutMs: 30_000,
        });
        await new Promise((resolve) => setTimeout(resolve, 1500)); // a late duplicate would show up here
      }
      const runs = await database.db.select().from(scheduleRuns).where(inArray(scheduleRuns.scheduleId, ids));
      expect(runs).toHaveLength(ids.length * rounds);
      for (const id of ids) {
        const mine = runs.filter((run) => run.scheduleId === id);
        expect(new Set(mine.map((run) => run.dueAt!.toISOString())).size).toBe(rounds);
      }
    } finally {
      for (const panel of panels) await panel.stop();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
