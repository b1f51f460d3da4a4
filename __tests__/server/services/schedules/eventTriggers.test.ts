import { and, eq } from 'drizzle-orm';
import { auditLogs, servers, type ServerRow } from '../../../../server/src/db/schema';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import { waitFor } from '../../helpers/waitFor';
import type { TestApp } from '../../helpers/testApp';

jest.setTimeout(90_000);

// A "minute" of the event triggers lasts this long here (the service's own setting, not a sleep).
const MINUTE_MS = 1000;

let t: TestApp;
let owner: TestUser;
let server: ServerRow;

beforeAll(async () => {
  t = await createRuntimeTestApp({ eventTuning: { minuteMs: MINUTE_MS } });
  owner = await createTestUser(t.app);
  server = await createTestServer(t.app, owner.user, { name: 'Triggered' });
  // The panel does not restart it after a crash: the schedule does.
  await t.app.db.update(servers).set({ crashRestart: false }).where(eq(servers.id, server.id));
});
afterAll(() => t?.close());

const base = `/api/v2/servers/`;
const createSchedule = (payload: object) => t.app.inject({ method: 'POST', url: `${base}${server.shortId}/schedules`, headers: owner.headers, payload });
const runsOf = async (uuid: string) =>
  (await t.app.inject({ method: 'GET', url: `${base}${server.shortId}/schedules/${uuid}/runs`, headers: owner.headers })).json().data as Array<Record<string, unknown>>;
const cron = { minute: '0', hour: '4', day_of_month: '*', month: '*', day_of_week: '*' };

async function fresh(): Promise<ServerRow> {
  const [row] = await t.app.db.select().from(servers).where(eq(servers.id, server.id));
  return row;
}

async function startAndWait(): Promise<void> {
  await t.app.runtime.power(await fresh(), 'start');
  await waitFor(() => t.app.runtime.state(server.uuid) === 'running', { what: 'running', timeoutMs: 30_000 });
}

it('checks the event fields per field', async () => {
  const bad = await createSchedule({ name: 'Nothing', ...cron, run_on_cron: false, trigger_event: null, cooldown_minutes: 0 });
  expect(bad.statusCode).toBe(422);
  expect(bad.json().errors).toEqual({ cooldown_minutes: [expect.any(String)] });
  const noEvent = await createSchedule({ name: 'Nothing', ...cron, run_on_cron: false });
  expect(noEvent.statusCode).toBe(422);
  expect(noEvent.json().errors).toEqual({ trigger_event: ['Choose the event that runs it, or let the cron times run it.'] });
  const noMinutes = await createSchedule({ name: 'Empty', ...cron, trigger_event: 'empty' });
  expect(noMinutes.statusCode).toBe(422);
  expect(noMinutes.json().errors).toEqual({ trigger_minutes: ['Enter after how many minutes without players it runs.'] });
});

it('runs a crash schedule when the game crashes (it starts the server again), and not again within its cooldown', async () => {
  const created = await createSchedule({
    name: 'Back up',
    ...cron,
    run_on_cron: false,
    trigger_event: 'crash',
    cooldown_minutes: 30,
    tasks: [{ action: 'power', payload: 'start' }],
  });
  expect(created.statusCode).toBe(201);
  const schedule = created.json().data;
  expect(schedule).toMatchObject({ run_on_cron: false, trigger_event: 'crash', cooldown_minutes: 30, next_run_at: null, next_runs: [] });
  const [audit] = await t.app.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.serverUuid, server.uuid), eq(auditLogs.event, 'server.schedule.create')));
  expect(audit.properties).toMatchObject({ trigger_event: 'crash', cron: null });

  await startAndWait();
  await t.app.runtime.sendCommand(await fresh(), 'crash');
  const [run] = await waitFor(async () => {
    const runs = await runsOf(schedule.uuid);
    return runs.length === 1 && runs[0].result !== 'running' ? runs : null;
  });
  expect(run).toMatchObject({ trigger: 'event', trigger_event: 'crash', result: 'ok' });
  await waitFor(() => t.app.runtime.state(server.uuid) === 'running', { what: 'started again by the schedule', timeoutMs: 30_000 });

  // A second crash within the cooldown: the schedule does not run, the server stays down.
  await t.app.runtime.sendCommand(await fresh(), 'crash');
  await waitFor(() => t.app.runtime.state(server.uuid) === 'offline', { what: 'the second crash' });
  await t.app.scheduleTriggers.settle();
  await t.app.schedules.settle();
  expect(await runsOf(schedule.uuid)).toHaveLength(1);
  expect(t.app.runtime.state(server.uuid)).toBe('offline');
  await t.app.inject({ method: 'DELETE', url: `${base}${server.shortId}/schedules/${schedule.uuid}`, headers: owner.headers });
});

it('runs an empty-server schedule once the server has had nobody online for its minutes, not while someone plays', async () => {
  const created = await createSchedule({ name: 'Idle stop', ...cron, run_on_cron: false, trigger_event: 'empty', trigger_minutes: 2, tasks: [{ action: 'power', payload: 'stop' }] });
  expect(created.statusCode).toBe(201);
  const schedule = created.json().data;
  await startAndWait();
  // The game reports a player (as vanilla servers log it): the server is not empty.
  await t.app.runtime.sendCommand(await fresh(), '[12:00:00 INFO]: Steve joined the game');
  await waitFor(() => t.app.runtime.players.list(server.uuid)?.length === 1, { what: 'Steve online' });
  await new Promise((resolve) => setTimeout(resolve, 3 * MINUTE_MS));
  expect(await runsOf(schedule.uuid)).toHaveLength(0);

  const leftAt = Date.now();
  await t.app.runtime.sendCommand(await fresh(), '[12:01:00 INFO]: Steve left the game');
  const [run] = await waitFor(async () => {
    const runs = await runsOf(schedule.uuid);
    return runs.length > 0 ? runs : null;
  });
  expect(Date.now() - leftAt).toBeGreaterThanOrEqual(2 * MINUTE_MS);
  expect(run).toMatchObject({ trigger: 'event', trigger_event: 'empty' });
  await waitFor(() => t.app.runtime.state(server.uuid) === 'offline', { what: 'stopped by the schedule', timeoutMs: 30_000 });
  expect(await runsOf(schedule.uuid)).toHaveLength(1);
});
