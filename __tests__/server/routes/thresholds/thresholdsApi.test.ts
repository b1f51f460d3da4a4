import { and, eq } from 'drizzle-orm';
import { auditLogs, serverPermissions, type ServerRow } from '../../../../server/src/db/schema';
import type { PanelEvent } from '../../../../server/src/services/events/PanelEvents';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import { waitFor } from '../../helpers/waitFor';
import type { TestApp } from '../../helpers/testApp';

jest.setTimeout(90_000);

// A threshold "minute" lasts this long here: minutes pass in seconds, through the service's own setting.
const MINUTE_MS = 1500;

let t: TestApp;
let owner: TestUser;
let reader: TestUser;
let stranger: TestUser;
let server: ServerRow;
const fired: PanelEvent[] = [];

beforeAll(async () => {
  t = await createRuntimeTestApp({ eventTuning: { minuteMs: MINUTE_MS } });
  [owner, reader, stranger] = await Promise.all([createTestUser(t.app), createTestUser(t.app), createTestUser(t.app)]);
  server = await createTestServer(t.app, owner.user, { name: 'Busy' });
  await t.app.db.insert(serverPermissions).values({ serverId: server.id, userId: reader.user.id, permissions: ['threshold.read'] });
  t.app.panelEvents.subscribe((event) => event.name === 'resource.threshold' && event.serverUuid === server.uuid && fired.push(event));
});
afterAll(() => t?.close());

const call = (user: TestUser, method: 'GET' | 'PUT', payload?: object) =>
  t.app.inject({ method, url: `/api/v2/servers/${server.shortId}/thresholds`, headers: user.headers, ...(payload ? { payload } : {}) });

it('answers nothing watched at first, checks every field, needs its permissions and audits a change', async () => {
  expect((await call(owner, 'GET')).json().data).toEqual({ cpu_percent: null, memory_percent: null, disk_percent: null, minutes: 5, exceeded: [] });
  const bad = await call(owner, 'PUT', { cpu_percent: 150, memory_percent: 101, disk_percent: null, minutes: 0 });
  expect(bad.statusCode).toBe(422);
  expect(Object.keys(bad.json().errors).sort()).toEqual(['cpu_percent', 'memory_percent', 'minutes']);
  expect((await call(owner, 'GET')).json().data.minutes).toBe(5);
  // Zero is out of bounds too, not "not watched" (the validator may not coerce it to null).
  const zero = await call(owner, 'PUT', { cpu_percent: 0, memory_percent: 0, disk_percent: 0, minutes: 5 });
  expect(zero.statusCode).toBe(422);
  expect(Object.keys(zero.json().errors).sort()).toEqual(['cpu_percent', 'disk_percent', 'memory_percent']);

  expect((await call(reader, 'GET')).statusCode).toBe(200);
  expect((await call(reader, 'PUT', { cpu_percent: 50, memory_percent: null, disk_percent: null, minutes: 5 })).statusCode).toBe(403);
  expect((await call(stranger, 'GET')).statusCode).toBe(404);

  const saved = await call(owner, 'PUT', { cpu_percent: 90, memory_percent: 80, disk_percent: null, minutes: 10 });
  expect(saved.statusCode).toBe(200);
  expect(saved.json().data).toEqual({ cpu_percent: 90, memory_percent: 80, disk_percent: null, minutes: 10, exceeded: [] });
  const [audit] = await t.app.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.serverUuid, server.uuid), eq(auditLogs.event, 'server.thresholds.updated')));
  expect(audit.actorId).toBe(owner.user.id);
  expect(audit.properties).toMatchObject({ before: { cpu_percent: null, minutes: 5 }, after: { cpu_percent: 90, memory_percent: 80, minutes: 10 } });
});

it('a real game burning CPU past the threshold for its minutes fires once, clears when it stops, and fires again after', async () => {
  expect((await call(owner, 'PUT', { cpu_percent: 20, memory_percent: null, disk_percent: null, minutes: 1 })).statusCode).toBe(200);
  const start = async () => {
    await t.app.runtime.power(server, 'start');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'running', { what: 'running', timeoutMs: 30_000 });
  };
  await start();
  // Idle, the game stays under 20 %: nothing fires however long it runs.
  await new Promise((resolve) => setTimeout(resolve, MINUTE_MS + 500));
  expect(fired).toHaveLength(0);

  const burningSince = Date.now();
  await t.app.runtime.sendCommand(server, 'burn');
  await waitFor(() => fired.length > 0, { what: 'the threshold event', timeoutMs: 30_000 });
  // Held for its minute first (samples come every 200 ms here).
  expect(Date.now() - burningSince).toBeGreaterThanOrEqual(MINUTE_MS);
  expect(fired[0].data).toEqual({ resource: 'cpu', value: expect.any(Number), limit: 20, minutes: 1 });
  expect(fired[0].data.value as number).toBeGreaterThan(20);
  expect((await call(owner, 'GET')).json().data.exceeded).toEqual(['cpu']);
  // Still above for two more minutes: it does not fire again before clearing.
  await new Promise((resolve) => setTimeout(resolve, 2 * MINUTE_MS));
  expect(fired).toHaveLength(1);

  await t.app.runtime.power(server, 'kill');
  await waitFor(() => t.app.runtime.state(server.uuid) === 'offline', { what: 'offline' });
  expect((await call(owner, 'GET')).json().data.exceeded).toEqual([]);

  await start();
  await t.app.runtime.sendCommand(server, 'burn');
  await waitFor(() => fired.length === 2, { what: 'the threshold firing again after it cleared', timeoutMs: 30_000 });
  await t.app.runtime.power(server, 'kill');
  await waitFor(() => t.app.runtime.state(server.uuid) === 'offline', { what: 'offline' });
});
