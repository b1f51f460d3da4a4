import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectCgroupHost } from '../../../server/src/runtime/local/sandbox/detectCgroupHost';
import { createRuntimeTestApp } from '../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../helpers/createTestUser';
import { createTestServer } from '../helpers/createTestServer';
import { createTestPlan } from '../helpers/testTemplates';
import { waitFor } from '../helpers/waitFor';
import type { TestApp } from '../helpers/testApp';

jest.setTimeout(60_000);

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createRuntimeTestApp();
  owner = await createTestUser(t.app);
});
afterAll(() => t.close());

/** CPU nanoseconds the server's cgroup used so far (v1 cpuacct.usage, v2 cpu.stat usage_usec). */
export async function cgroupCpuNanos(uuid: string): Promise<number> {
  const record = JSON.parse(readFileSync(join(t.config.dataDir, 'runtime', uuid, 'pid.json'), 'utf8')) as { cgroup: string[] };
  const cgroup = (await detectCgroupHost())!.adopt(record.cgroup)!;
  return (await cgroup.usage()).cpuNanos;
}

function collect(uuid: string): string[] {
  const lines: string[] = [];
  t.app.runtime.events.subscribe(uuid, (event) => {
    if (event.type === 'output') lines.push(event.line);
  });
  return lines;
}

describe('plan limits', () => {
  it('kills a server that uses more memory than its plan, with a clear console message', async () => {
    const plan = await createTestPlan(t.app, 'test-small-memory', { memoryMb: 128, diskMb: 1024 });
    const server = await createTestServer(t.app, owner.user, { plan });
    const lines = collect(server.uuid);
    const crashes: string[] = [];
    t.app.runtime.driver.on('crashed', (uuid, info) => uuid === server.uuid && crashes.push(info.reason));
    await t.app.runtime.power(server, 'start');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'running');
    await t.app.runtime.sendCommand(server, 'hog');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'offline', { what: 'killed for memory' });
    // The kernel (the server's cgroup) killed it; the panel says why.
    expect(lines).toContain('[Panel] The server ran out of memory (its plan allows 128 MiB) and was killed.');
    expect(crashes).toEqual(['memory']);
    // A limit kill is not restarted (it would only hit the limit again).
    await new Promise((r) => setTimeout(r, 500));
    expect(t.app.runtime.state(server.uuid)).toBe('offline');
  });

  it("holds a server that burns CPU to its plan's CPU limit, and says so in the console", async () => {
    const plan = await createTestPlan(t.app, 'test-quarter-cpu', { memoryMb: 512, diskMb: 1024, cpuPercent: 25 });
    const server = await createTestServer(t.app, owner.user, { plan });
    const lines = collect(server.uuid);
    const limited: boolean[] = [];
    t.app.runtime.events.subscribe(server.uuid, (event) => event.type === 'stats' && limited.push(event.resources.cpuLimited));
    await t.app.runtime.power(server, 'start');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'running');
    expect(lines.some((l) => l.includes('CPU limit 25 %'))).toBe(true);
    // Idle, it is not held back (its start-up may have been, for a moment).
    await waitFor(() => limited.length >= 3 && limited[limited.length - 1] === false, { what: 'an idle sample that is not limited' });
    await t.app.runtime.sendCommand(server, 'burn');
    await waitFor(() => lines.includes('burning'), { what: 'the burn to begin' });
    await new Promise((r) => setTimeout(r, 500));
    // The CPU time of everything in the server's cgroup over a few seconds, as the kernel counts it.
    const before = await cgroupCpuNanos(server.uuid);
    const startedAt = performance.now();
    await new Promise((r) => setTimeout(r, 4000));
    const after = await cgroupCpuNanos(server.uuid);
    const percent = ((after - before) / 1e9 / ((performance.now() - startedAt) / 1000)) * 100;
    // Unlimited, the burn takes a whole core (100 %); held to 25 % on average.
    expect(percent).toBeLessThanOrEqual(35);
    expect(percent).toBeGreaterThan(5);
    expect(lines).toContain('[Panel] The server uses more CPU than its plan allows (25 % of one core); it is slowed down to its limit.');
    // Every sample while it burns says it is held to the plan, in the stats and in the API.
    expect(limited.slice(-5)).toEqual([true, true, true, true, true]);
    const resources = await t.app.inject({ method: 'GET', url: `/api/v2/servers/${server.shortId}/resources`, headers: owner.headers });
    expect(resources.json().data).toMatchObject({ cpu_limited: true, cpu_limit: 25 });
    // Stopping resumes the server: it takes its stop command (no kill after the timeout).
    await t.app.runtime.power(server, 'stop');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'offline', { what: 'stopped' });
    expect(lines).toContain('Stopping');
    expect(lines.some((l) => l.includes('did not stop within'))).toBe(false);
  });

  it('stops a running server that goes over its disk quota', async () => {
    const plan = await createTestPlan(t.app, 'test-small-disk', { memoryMb: 512, diskMb: 2 });
    const server = await createTestServer(t.app, owner.user, { plan });
    const lines = collect(server.uuid);
    await t.app.runtime.power(server, 'start');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'running');
    await t.app.runtime.sendCommand(server, 'fill 3');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'offline', { what: 'stopped for disk' });
    expect(lines.some((l) => /over its limit of 2 MiB; stopping it\.$/.test(l))).toBe(true);
    expect(lines).toContain('Stopping');
  });

  it('refuses to start a server that is over its disk quota', async () => {
    const plan = await createTestPlan(t.app, 'test-tiny-disk', { memoryMb: 512, diskMb: 1 });
    const server = await createTestServer(t.app, owner.user, { plan });
    const lines = collect(server.uuid);
    writeFileSync(join(t.config.dataDir, 'servers', server.uuid, 'world.dat'), Buffer.alloc(2 * 1024 * 1024));
    await expect(t.app.runtime.power(server, 'start')).rejects.toThrow('over its disk limit');
    expect(t.app.runtime.state(server.uuid)).toBe('offline');
    await waitFor(() => lines.some((l) => l.includes('over its limit of 1 MiB. Remove files before starting it.')), { what: 'disk message' });
  });
});
