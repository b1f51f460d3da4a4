import { existsSync, readFileSync, realpathSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { plans, servers, type ServerRow } from '../../../../../server/src/db/schema';
import { directorySize } from '../../../../../server/src/runtime/local/DiskUsage';
import { mountAt } from '../../../../../server/src/runtime/local/disk/mountTable';
import { deleteServer } from '../../../../../server/src/services/servers/serverOperations';
import { provisioningOf } from '../../../../../server/src/plugins/provisioning';
import { createRuntimeTestApp } from '../../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../../helpers/createTestUser';
import { createTestServer } from '../../../helpers/createTestServer';
import { createTestPlan } from '../../../helpers/testTemplates';
import { waitFor } from '../../../helpers/waitFor';
import { describeWithLoops, loopDevicesHere } from '../../../helpers/diskImageHost';
import type { TestApp } from '../../../helpers/testApp';

jest.setTimeout(240_000);

const MiB = 1024 * 1024;

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  if (!loopDevicesHere) return;
  // The production timings of the runtime (stats every second, a walked disk figure up to 10 s
  // old): what a game can get away with between two looks of the panel.
  t = await createRuntimeTestApp({ diskImages: true, runtimeTuning: { statsIntervalMs: 1000, diskMaxAgeMs: 10_000, crashBackoffMs: 100 } });
  owner = await createTestUser(t.app);
});
// Unmounts whatever a failed test left mounted, before the data dir goes.
afterAll(() => t?.close());

const folderOf = (uuid: string) => join(realpathSync(t.config.dataDir), 'servers', uuid);
const capacityOf = (uuid: string) => {
  const stats = statfsSync(folderOf(uuid));
  return (stats.blocks - stats.bfree + stats.bavail) * stats.bsize;
};
/** The server's file system holds its quota, give or take what ext4 rounds to. */
const expectCapacity = (uuid: string, quotaMb: number) => {
  expect(capacityOf(uuid)).toBeGreaterThanOrEqual(quotaMb * MiB);
  expect(capacityOf(uuid)).toBeLessThanOrEqual(quotaMb * MiB + Math.max(2 * MiB, quotaMb * MiB * 0.03));
};
const fresh = async (server: ServerRow) => (await t.app.db.select().from(servers).where(eq(servers.id, server.id)))[0];

function collect(uuid: string): string[] {
  const lines: string[] = [];
  t.app.runtime.events.subscribe(uuid, (event) => {
    if (event.type === 'output') lines.push(event.line);
  });
  return lines;
}

async function writeFile(server: ServerRow, path: string, content: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v2/servers/${server.shortId}/files/write?file=${encodeURIComponent(path)}`,
    payload: content,
    headers: { ...owner.headers, 'content-type': 'text/plain' },
  });
}

describeWithLoops('the kernel holds the disk quota (a file system per server)', () => {
  it('stops a game writing as fast as it can at its quota, with "Disk full" in the console, and keeps what the panel wrote', async () => {
    const quotaMb = 48;
    const plan = await createTestPlan(t.app, 'test-disk-48', { memoryMb: 512, diskMb: quotaMb });
    const server = await createTestServer(t.app, owner.user, { plan });
    expect((await mountAt(folderOf(server.uuid)))?.fsType).toBe('ext4');
    const config = 'motd=Kept through a full disk\nmax-players=20\n';
    expect((await writeFile(server, 'server.properties', config)).statusCode).toBe(204);

    const lines = collect(server.uuid);
    await t.app.runtime.power(server, 'start');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'running', { what: 'running', timeoutMs: 60_000 });
    // Up to 1 GiB in 1 MiB writes, as fast as the disk takes them.
    await t.app.runtime.sendCommand(server, 'gush 1024');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'offline', { what: 'stopped for a full disk', timeoutMs: 60_000 });

    const onDisk = await directorySize(folderOf(server.uuid));
    expect(onDisk).toBeLessThanOrEqual(quotaMb * MiB + Math.max(quotaMb * MiB * 0.05, 16 * MiB));
    expect(lines.some((line) => /^gush stopped by ENOSPC after \d+$/.test(line))).toBe(true);
    expect(lines.some((line) => line.startsWith('[Panel] Disk full: the server used all the disk its plan allows (48 MiB); stopping it.'))).toBe(true);
    expect(readFileSync(join(folderOf(server.uuid), 'server.properties'), 'utf8')).toBe(config);

    // The panel's own writes into the full disk fail cleanly: a clear 507, the old file as it was.
    const refused = await writeFile(server, 'server.properties', 'x'.repeat(4 * MiB));
    expect(refused.statusCode).toBe(507);
    expect(refused.json().message).toMatch(/^Not enough disk space/);
    expect(readFileSync(join(folderOf(server.uuid), 'server.properties'), 'utf8')).toBe(config);
    // The disk figures come from the file system, and a start is refused until files go.
    const resources = await t.app.inject({ method: 'GET', url: `/api/v2/servers/${server.shortId}/resources`, headers: owner.headers });
    expect(resources.json().data.isolation.kernel_disk_quota).toBe(true);
    expect(resources.json().data.disk_bytes).toBeGreaterThan((quotaMb - 3) * MiB);
    await expect(t.app.runtime.power(await fresh(server), 'start')).rejects.toThrow("The server's disk is full");
    await deleteServer(provisioningOf(t.app), server);
  });

  it("grows a running server's disk when its plan grows, and shrinks it when stopped only if its files fit", async () => {
    const small = await createTestPlan(t.app, 'test-disk-32', { memoryMb: 512, diskMb: 32 });
    const large = await createTestPlan(t.app, 'test-disk-96', { memoryMb: 512, diskMb: 96 });
    const server = await createTestServer(t.app, owner.user, { plan: small });
    expectCapacity(server.uuid, 32);

    await t.app.runtime.power(server, 'start');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'running', { what: 'running', timeoutMs: 60_000 });
    const lines = collect(server.uuid);
    await t.app.db
      .update(servers)
      .set({ planId: (await t.app.db.select().from(plans).where(eq(plans.slug, large)))[0].id })
      .where(eq(servers.id, server.id));
    const update = await t.app.runtime.driver.updateLimits(server.uuid, { memoryMb: 512, cpuPercent: 100, diskMb: 96 });
    expect(t.app.runtime.state(server.uuid)).toBe('running');
    if (update.appliedLive.includes('disk')) {
      // Online: the game keeps running and can write past its old size at once.
      expect(update.restartNeeded).toBe(false);
    } else {
      // A host that withholds online resizing (no CAP_SYS_RESOURCE): it grows at the next start, and says so.
      expect(update.restartNeeded).toBe(true);
      expect(lines).toContain("[Panel] The server's disk takes its new size (96 MiB) at the next start: restart the server.");
      await t.app.runtime.power(await fresh(server), 'restart');
      await waitFor(() => lines.filter((line) => line === 'Ready!').length === 1 && t.app.runtime.state(server.uuid) === 'running', { what: 'restarted', timeoutMs: 60_000 });
    }
    expectCapacity(server.uuid, 96);
    await t.app.runtime.sendCommand(server, 'fill 60');
    await waitFor(() => lines.includes('filled 60'), { what: 'a 60 MiB file written', timeoutMs: 60_000 });
    await t.app.runtime.power(await fresh(server), 'stop');
    await waitFor(() => t.app.runtime.state(server.uuid) === 'offline', { what: 'stopped', timeoutMs: 60_000 });

    // Back to 32 MiB with 60 MiB of files: refused with the reason, nothing changed.
    await expect(t.app.runtime.driver.updateLimits(server.uuid, { memoryMb: 512, cpuPercent: 100, diskMb: 32 })).rejects.toThrow('more than its plan');
    expect(capacityOf(server.uuid)).toBeGreaterThanOrEqual(96 * MiB);
    expect(readFileSync(join(folderOf(server.uuid), 'fixture.cjs'), 'utf8')).toContain('A tiny "game server" for runtime tests');
    // Once they fit, the stopped server's disk shrinks (offline), its files kept.
    await t.app.runtime.driver.files(server.uuid).remove('filler.bin');
    await t.app.runtime.driver.updateLimits(server.uuid, { memoryMb: 512, cpuPercent: 100, diskMb: 32 });
    expectCapacity(server.uuid, 32);
    expect(readFileSync(join(folderOf(server.uuid), 'fixture.cjs'), 'utf8')).toContain('A tiny "game server" for runtime tests');
    await deleteServer(provisioningOf(t.app), await fresh(server));
  });

  it('mounts the images again when the panel starts after a reboot, and a deleted server leaves no mount or loop device', async () => {
    const plan = await createTestPlan(t.app, 'test-disk-40', { memoryMb: 512, diskMb: 40 });
    const server = await createTestServer(t.app, owner.user, { plan });
    const folder = folderOf(server.uuid);
    expect((await writeFile(server, 'world/level.dat', 'the world')).statusCode).toBe(204);
    const before = await mountAt(folder);
    expect(before?.source).toMatch(/^\/dev\/loop\d+$/);

    // A reboot: the panel goes, and with the machine every mount and loop device. (No game may be
    // left running: after the detach this panel could no longer stop it.)
    for (const row of await t.app.db.select().from(servers)) await t.app.runtime.driver.kill(row.uuid);
    await t.app.runtime.detach();
    const { DISK_TOOLS, runDiskTool } = await import('../../../../../server/src/runtime/local/disk/diskTools');
    await runDiskTool(DISK_TOOLS.umount, [folder]);
    expect(await mountAt(folder)).toBeNull();
    expect(existsSync(join(folder, 'world'))).toBe(false);

    // The next panel run mounts it again before anything else, files and all.
    const { createLocalDriver } = await import('../../../../../server/src/runtime/local/createLocalDriver');
    const driver = createLocalDriver({ ...t.config, diskImages: true });
    await driver.open();
    try {
      const after = await mountAt(folder);
      expect(after?.fsType).toBe('ext4');
      expect(readFileSync(join(folder, 'world', 'level.dat'), 'utf8')).toBe('the world');
      expect(driver.isolation(server.uuid).kernelDiskQuota).toBe(true);

      // Deleting the server unmounts its file system, frees its loop device and removes its image.
      const loop = after!.source.replace('/dev/', '');
      await driver.destroy(server.uuid);
      expect(await mountAt(folder)).toBeNull();
      expect(existsSync(folder)).toBe(false);
      expect(existsSync(join(t.config.dataDir, 'disk-images', `${server.uuid}.img`))).toBe(false);
      await waitFor(() => !existsSync(`/sys/block/${loop}/loop/backing_file`), { what: 'the loop device detached', timeoutMs: 60_000 });
    } finally {
      await driver.detachAll();
    }
  });
});
