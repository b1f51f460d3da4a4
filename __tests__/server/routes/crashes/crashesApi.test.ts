import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { auditLogs, serverPermissions, servers, type ServerRow } from '../../../../server/src/db/schema';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import { createTestPlan } from '../../helpers/testTemplates';
import { waitFor } from '../../helpers/waitFor';
import type { TestApp } from '../../helpers/testApp';
import type { ServerCrashJson } from '../../../../server/src/schemas/crashes';

jest.setTimeout(120_000);

let t: TestApp;
let owner: TestUser;
let reader: TestUser;
let consoleOnly: TestUser;
let stranger: TestUser;
let server: ServerRow;

beforeAll(async () => {
  t = await createRuntimeTestApp();
  [owner, reader, consoleOnly, stranger] = await Promise.all([createTestUser(t.app), createTestUser(t.app), createTestUser(t.app), createTestUser(t.app)]);
  server = await createTestServer(t.app, owner.user, { name: 'Crashy' });
  await t.app.db.insert(serverPermissions).values([
    { serverId: server.id, userId: reader.user.id, permissions: ['crash.read'] },
    { serverId: server.id, userId: consoleOnly.user.id, permissions: ['websocket.connect', 'control.start'] },
  ]);
});
afterAll(() => t.close());

const call = (user: TestUser, method: 'GET' | 'PUT', path: string, payload?: object, target: ServerRow = server) =>
  t.app.inject({ method, url: `/api/v2/servers/${target.shortId}${path}`, headers: user.headers, ...(payload ? { payload } : {}) });

async function crashes(target: ServerRow = server): Promise<ServerCrashJson[]> {
  const response = await call(owner, 'GET', '/crashes?per_page=50', undefined, target);
  expect(response.statusCode).toBe(200);
  return response.json().data as ServerCrashJson[];
}

async function fresh(target: ServerRow): Promise<ServerRow> {
  const [row] = await t.app.db.select().from(servers).where(eq(servers.id, target.id));
  return row;
}

/** Kills the game the way the host's OOM killer or an admin's `kill -9` would: from outside the panel. */
function killFromOutside(target: ServerRow): void {
  const { pid } = JSON.parse(readFileSync(`${t.config.dataDir}/runtime/${target.uuid}/pid.json`, 'utf8')) as { pid: number };
  process.kill(pid, 'SIGKILL');
}

function consoleLines(uuid: string): string[] {
  const lines: string[] = [];
  t.app.runtime.events.subscribe(uuid, (event) => event.type === 'output' && lines.push(event.line));
  return lines;
}

async function startAndWait(target: ServerRow): Promise<void> {
  await t.app.runtime.power(await fresh(target), 'start');
  await waitFor(() => t.app.runtime.state(target.uuid) === 'running', { what: 'running', timeoutMs: 30_000 });
}

describe('crashes', () => {
  it('records a game killed from outside with its last lines, restarts it per policy, then gives up and says why', async () => {
    expect((await call(owner, 'GET', '/crash-policy')).json().data).toEqual({ enabled: true, max_restarts: 3, window_minutes: 10 });
    const put = await call(owner, 'PUT', '/crash-policy', { enabled: true, max_restarts: 1, window_minutes: 10 });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toEqual({ enabled: true, max_restarts: 1, window_minutes: 10 });
    const [audit] = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.serverUuid, server.uuid), eq(auditLogs.event, 'server.crash-policy.updated')));
    expect(audit.actorId).toBe(owner.user.id);
    expect(audit.properties).toEqual({ before: { enabled: true, max_restarts: 3, window_minutes: 10 }, after: { enabled: true, max_restarts: 1, window_minutes: 10 } });

    const lines = consoleLines(server.uuid);
    await startAndWait(server);
    await t.app.runtime.sendCommand(server, 'flood 150');
    await waitFor(() => lines.includes('flood done'), { what: 'the flood' });
    killFromOutside(server);

    const [first] = await waitFor(async () => ((await crashes()).length === 1 ? crashes() : null), { what: 'the first crash record' });
    expect(first).toMatchObject({ signal: 'SIGKILL', exit_code: null, reason: 'exit', out_of_memory: false, outcome: 'restarting', restart_attempt: 1, max_restarts: 1 });
    // The last 100 lines before the crash, oldest first: the end of the flood, not its start.
    expect(first.lines).toHaveLength(100);
    expect(first.lines).toContain('line 149');
    expect(first.lines).toContain('flood done');
    expect(first.lines).not.toContain('line 0');
    expect(first.lines.indexOf('line 149')).toBeLessThan(first.lines.indexOf('flood done'));

    await waitFor(() => t.app.runtime.state(server.uuid) === 'running', { what: 'the restart after the crash', timeoutMs: 30_000 });
    killFromOutside(server);
    await waitFor(() => lines.some((l) => l.includes('crashed 2 times within 10 minutes; it stays stopped')), { what: 'the panel giving up' });
    const [newest, older] = await crashes();
    expect(newest).toMatchObject({ outcome: 'gave_up', signal: 'SIGKILL', restart_attempt: null });
    expect(older.id).toBe(first.id);
    expect(Date.parse(newest.created_at)).toBeGreaterThanOrEqual(Date.parse(older.created_at));
    // It stays stopped: no restart comes, and the panel will not start it after its own restart either.
    await new Promise((r) => setTimeout(r, 1000));
    expect(t.app.runtime.state(server.uuid)).toBe('offline');
    expect((await fresh(server)).desiredState).toBe('stopped');
    const paged = await call(owner, 'GET', '/crashes?per_page=1&page=2');
    expect(paged.json()).toMatchObject({ data: [{ id: first.id }], meta: { page: 2, per_page: 1, total: 2 } });
  });

  it('does not restart when the customer turned restarts off', async () => {
    expect((await call(owner, 'PUT', '/crash-policy', { enabled: false, max_restarts: 3, window_minutes: 10 })).statusCode).toBe(200);
    const lines = consoleLines(server.uuid);
    await startAndWait(server);
    await t.app.runtime.sendCommand(server, 'crash');
    await waitFor(() => lines.some((l) => l.includes('Automatic restarts after a crash are off')), { what: 'the notice' });
    const [newest] = await crashes();
    expect(newest).toMatchObject({ outcome: 'restart_off', exit_code: 3, signal: null });
    await new Promise((r) => setTimeout(r, 1000));
    expect(t.app.runtime.state(server.uuid)).toBe('offline');
  });

  it('says "out of memory" when the game was killed for its memory', async () => {
    const plan = await createTestPlan(t.app, 'test-crash-memory', { memoryMb: 128, diskMb: 1024 });
    const hungry = await createTestServer(t.app, owner.user, { plan, name: 'Hungry' });
    await startAndWait(hungry);
    await t.app.runtime.sendCommand(hungry, 'hog');
    const [crash] = await waitFor(async () => ((await crashes(hungry)).length ? crashes(hungry) : null), { what: 'the memory crash', timeoutMs: 30_000 });
    expect(crash).toMatchObject({ reason: 'memory', out_of_memory: true, outcome: 'limit' });
    expect(crash.lines.some((l) => l.includes('ran out of memory'))).toBe(true);
  });

  it('refuses a policy out of bounds field by field, and changes nothing', async () => {
    const before = (await call(owner, 'GET', '/crash-policy')).json().data;
    const response = await call(owner, 'PUT', '/crash-policy', { enabled: 'yes', max_restarts: 0, window_minutes: 5000 });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json() as { errors: Record<string, string[]> };
    expect(Object.keys(errors).sort()).toEqual(['enabled', 'max_restarts', 'window_minutes']);
    expect((await call(owner, 'PUT', '/crash-policy', { enabled: true, max_restarts: 21, window_minutes: 0 })).statusCode).toBe(422);
    expect((await call(owner, 'PUT', '/crash-policy', { enabled: true })).statusCode).toBe(422);
    expect((await call(owner, 'GET', '/crash-policy')).json().data).toEqual(before);
  });

  it('lets only those with the crash keys see and change it; another customer’s server is 404', async () => {
    expect((await call(reader, 'GET', '/crashes')).statusCode).toBe(200);
    expect((await call(reader, 'GET', '/crash-policy')).statusCode).toBe(200);
    expect((await call(reader, 'PUT', '/crash-policy', { enabled: true, max_restarts: 3, window_minutes: 10 })).statusCode).toBe(403);
    expect((await call(consoleOnly, 'GET', '/crashes')).statusCode).toBe(403);
    expect((await call(consoleOnly, 'GET', '/crash-policy')).statusCode).toBe(403);
    expect((await call(stranger, 'GET', '/crashes')).statusCode).toBe(404);
    expect((await call(stranger, 'PUT', '/crash-policy', { enabled: true, max_restarts: 3, window_minutes: 10 })).statusCode).toBe(404);
    expect((await fresh(server)).crashRestart).toBe(false);
  });
});
