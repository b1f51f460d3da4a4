import { readFileSync, writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { servers } from '../../../server/src/db/schema';
import { createLocalDriver } from '../../../server/src/runtime/local/createLocalDriver';
import { readProcess } from '../../../server/src/runtime/local/procfs';
import { RuntimeManager } from '../../../server/src/services/servers/RuntimeManager';
import { crashRestartDefaults } from '../../../server/src/runtime/crashRestartPolicy';
import { DriverLockedError } from '../../../server/src/runtime/local/driverLock';
import { createRuntimeTestApp } from '../helpers/runtimeTestApp';
import { createTestUser } from '../helpers/createTestUser';
import { createTestServer } from '../helpers/createTestServer';
import { waitFor } from '../helpers/waitFor';
import type { TestApp } from '../helpers/testApp';

jest.setTimeout(60_000);

let t: TestApp;
const managers: RuntimeManager[] = [];
beforeAll(async () => {
  t = await createRuntimeTestApp();
});
afterAll(async () => {
  for (const manager of managers) await manager.shutdown();
  await t.close();
});

/** A second panel run on the same database and data directory. */
async function newPanelRun(): Promise<RuntimeManager> {
  const driver = createLocalDriver({ ...t.config, runtimeTuning: { statsIntervalMs: 200 } });
  const manager = new RuntimeManager({ db: t.app.db, driver, log: t.app.log, crashRestart: crashRestartDefaults, playerQueryIntervalMs: 5000 });
  await manager.open();
  managers.push(manager);
  return manager;
}

const pidOf = (uuid: string) => (JSON.parse(readFileSync(`${t.config.dataDir}/runtime/${uuid}/pid.json`, 'utf8')) as { pid: number }).pid;

describe('after a panel restart', () => {
  it('adopts servers that still run, starts those that should, and never starts one twice', async () => {
    const owner = await createTestUser(t.app);
    const alive = await createTestServer(t.app, owner.user, { name: 'survives' });
    const wanted = await createTestServer(t.app, owner.user, { name: 'should run' });
    const stopped = await createTestServer(t.app, owner.user, { name: 'stays off' });
    await t.app.runtime.power(alive, 'start');
    await waitFor(() => t.app.runtime.state(alive.uuid) === 'running');
    const alivePid = pidOf(alive.uuid);
    // "should run" was running when the panel went down, but its process died with it.
    await t.app.db.update(servers).set({ desiredState: 'running', state: 'running' }).where(eq(servers.id, wanted.id));

    // Another panel cannot take over while this one holds the data directory.
    await expect(newPanelRun()).rejects.toBeInstanceOf(DriverLockedError);
    // The panel goes away without stopping its servers (a crash or kill -9 of the panel).
    await t.app.runtime.detach();

    const second = await newPanelRun();
    expect(await second.recoverAll()).toEqual({ adopted: 1, started: 1 });
    expect(second.state(alive.uuid)).toBe('running');
    expect(pidOf(alive.uuid)).toBe(alivePid);
    await waitFor(() => second.state(wanted.uuid) === 'running', { what: 'wanted server running' });
    expect(second.state(stopped.uuid)).toBe('offline');

    // The adopted process still takes commands and streams output through the same pipe and log.
    const lines: string[] = [];
    second.events.subscribe(alive.uuid, (e) => e.type === 'output' && lines.push(e.line));
    await second.sendCommand(alive, 'after restart');
    await waitFor(() => lines.includes('echo: after restart'), { what: 'echo after adoption' });
    await expect(second.power(alive, 'start')).rejects.toThrow('already running');

    // A third run adopts both again: nothing is started twice.
    await second.detach();
    const third = await newPanelRun();
    expect(await third.recoverAll()).toEqual({ adopted: 2, started: 0 });
    expect(pidOf(alive.uuid)).toBe(alivePid);

    // Stopping an adopted server works without being its parent process.
    await third.power((await t.app.db.select().from(servers).where(eq(servers.id, alive.id)))[0], 'stop');
    await waitFor(() => third.state(alive.uuid) === 'offline', { what: 'adopted server stopped' });
    expect(await readProcess(alivePid)).toBeNull();
  });

  it('does not adopt a process whose pid was reused by something else', async () => {
    const owner = await createTestUser(t.app);
    const server = await createTestServer(t.app, owner.user);
    const run = managers[managers.length - 1];
    await run.power(server, 'start');
    await waitFor(() => run.state(server.uuid) === 'running');
    const pid = pidOf(server.uuid);
    await run.detach();
    process.kill(-pid, 'SIGKILL');
    await waitFor(async () => (await readProcess(pid)) === null);
    // Point the pid file at a live process that is not the server (this test's own process).
    const self = await readProcess(process.pid);
    writeFileSync(`${t.config.dataDir}/runtime/${server.uuid}/pid.json`, JSON.stringify({ pid: process.pid, startTicks: self!.startTicks, startedAt: Date.now() }));
    const next = await newPanelRun();
    const result = await next.recoverAll();
    expect(result.adopted).toBe(1); // only the server adopted in the first test
    await waitFor(() => next.state(server.uuid) === 'running', { what: 'started again' });
    expect(pidOf(server.uuid)).not.toBe(process.pid);
  });
});
