import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { auditLogs, servers } from '../../../server/src/db/schema';
import { readProcess } from '../../../server/src/runtime/local/procfs';
import { createRuntimeTestApp } from '../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../helpers/createTestUser';
import { createTestServer } from '../helpers/createTestServer';
import { waitFor } from '../helpers/waitFor';
import type { TestApp } from '../helpers/testApp';
import type { ServerRow } from '../../../server/src/db/schema';

jest.setTimeout(60_000);

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createRuntimeTestApp();
  owner = await createTestUser(t.app);
});
afterAll(() => t.close());

/** Console lines of a server, collected from the event stream. */
function collect(uuid: string): { lines: string[]; states: string[]; stop: () => void } {
  const lines: string[] = [];
  const states: string[] = [];
  const stop = t.app.runtime.events.subscribe(uuid, (event) => {
    if (event.type === 'output') lines.push(event.line);
    if (event.type === 'state') states.push(event.state);
  });
  return { lines, states, stop };
}

async function pidOf(server: ServerRow): Promise<number> {
  const record = JSON.parse(readFileSync(`${t.config.dataDir}/runtime/${server.uuid}/pid.json`, 'utf8'));
  return record.pid as number;
}

describe('a server process', () => {
  it('goes offline → starting → running on its done line, answers commands and stops', async () => {
    const server = await createTestServer(t.app, owner.user);
    expect(server.installStatus).toBe('installed');
    const seen = collect(server.uuid);
    await t.app.runtime.power(server, 'start');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'running', { what: 'running' });
    expect(seen.states.slice(0, 2)).toEqual(['starting', 'running']);
    const pid = await pidOf(server);
    expect(await readProcess(pid)).not.toBeNull();

    await t.app.runtime.sendCommand(server, 'hello there');
    await waitFor(() => seen.lines.includes('echo: hello there'), { what: 'echo' });

    await t.app.runtime.power(server, 'stop');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'offline', { what: 'offline' });
    expect(seen.lines).toContain('Stopping');
    expect(await readProcess(pid)).toBeNull();
    expect(seen.states).toEqual(['starting', 'running', 'stopping', 'offline']);
    const [row] = await t.app.db.select().from(servers).where(eq(servers.id, server.id));
    expect(row.desiredState).toBe('stopped');
    await waitFor(async () => (await t.app.db.select().from(servers).where(eq(servers.id, server.id)))[0].state === 'offline', { what: 'stored state' });
    seen.stop();
  });

  it('restarts: stops the running process and starts a new one', async () => {
    const server = await createTestServer(t.app, owner.user);
    await t.app.runtime.power(server, 'start');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'running');
    const first = await pidOf(server);
    const seen = collect(server.uuid);
    await t.app.runtime.power(server, 'restart');
    await waitFor(() => seen.states.join(',') === 'stopping,offline,starting,running', { what: `restart states (${seen.states.join(',')})` });
    const second = await pidOf(server);
    expect(second).not.toBe(first);
    expect(await readProcess(first)).toBeNull();
    expect(seen.lines).toContain('Stopping');
    await t.app.runtime.power(server, 'kill');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'offline');
    seen.stop();
  });

  it('refuses a second start while running', async () => {
    const server = await createTestServer(t.app, owner.user);
    await t.app.runtime.power(server, 'start');
    await expect(t.app.runtime.power(server, 'start')).rejects.toThrow('already running');
    await t.app.runtime.power(server, 'kill');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'offline');
  });

  it('kills the whole process tree at once, children included', async () => {
    const server = await createTestServer(t.app, owner.user);
    const seen = collect(server.uuid);
    await t.app.runtime.power(server, 'start');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'running');
    await t.app.runtime.sendCommand(server, 'ignore-stop');
    await t.app.runtime.sendCommand(server, 'spawn');
    await waitFor(() => seen.lines.find((l) => l.startsWith('child ')), { what: 'child pid' });
    // The game's pids are those of its sandbox's PID namespace: the host's are in its cgroup.
    const cgroup = (JSON.parse(readFileSync(`${t.config.dataDir}/runtime/${server.uuid}/pid.json`, 'utf8')) as { cgroup: string[] }).cgroup[0];
    const members = readFileSync(`${cgroup}/cgroup.procs`, 'utf8').split('\n').filter(Boolean).map(Number);
    const pid = await pidOf(server);
    // The sandbox's wrapper and bubblewrap, the game and the child it started.
    expect(members.length).toBeGreaterThanOrEqual(4);
    const child = members[members.length - 1];
    expect(await readProcess(child)).not.toBeNull();

    const started = Date.now();
    await t.app.runtime.power(server, 'kill');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'offline', { what: 'offline after kill' });
    // At once: not through a stop request and its timeout (1.5 s for the test game), which would
    // say so in the console. The time is a loose bound only: a loaded machine stretches it.
    expect(seen.lines.some((line) => line.includes('did not stop within') || line.includes('did not take the stop request'))).toBe(false);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await readProcess(pid)).toBeNull();
    await waitFor(async () => (await readProcess(child)) === null, { what: 'child gone' });
    seen.stop();
  });

  it('kills a server that ignores its stop command once the stop timeout passes', async () => {
    const server = await createTestServer(t.app, owner.user);
    const seen = collect(server.uuid);
    await t.app.runtime.power(server, 'start');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'running');
    await t.app.runtime.sendCommand(server, 'ignore-stop');
    await waitFor(() => seen.lines.includes('Will ignore stop'));
    await t.app.runtime.power(server, 'stop');
    await waitFor(() => seen.lines.includes('Ignoring stop'), { what: 'stop ignored' });
    expect(t.app.runtime.state(server.uuid)).toBe('stopping');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'offline', { what: 'killed after timeout' });
    expect(seen.lines.some((l) => l.includes('did not stop within 2 s; killing it'))).toBe(true);
    seen.stop();
  });

  it('detects a crash, restarts with back-off up to the cap, then leaves it stopped', async () => {
    const created = await createTestServer(t.app, owner.user, { variables: { MODE: 'crash-on-start' } });
    // The server's own crash policy: 2 restarts in 10 minutes.
    const [server] = await t.app.db.update(servers).set({ crashMaxRestarts: 2 }).where(eq(servers.id, created.id)).returning();
    const seen = collect(server.uuid);
    await t.app.runtime.power(server, 'start');
    await waitFor(() => seen.lines.some((l) => l.includes('it stays stopped')), { what: 'crash cap', timeoutMs: 30_000 });
    expect(seen.lines.filter((l) => l.includes('The server stopped unexpectedly (exit code 3)'))).toHaveLength(3);
    expect(seen.lines.filter((l) => l.includes('Restarting the server in'))).toHaveLength(2);
    expect(t.app.runtime.state(server.uuid)).toBe('offline');
    const crashes = await t.app.db.select().from(auditLogs).where(eq(auditLogs.serverUuid, server.uuid));
    expect(crashes.filter((r) => r.event === 'server.crashed')).toHaveLength(3);
    const [row] = await t.app.db.select().from(servers).where(eq(servers.id, server.id));
    expect(row.desiredState).toBe('stopped');
    seen.stop();
  });
});
