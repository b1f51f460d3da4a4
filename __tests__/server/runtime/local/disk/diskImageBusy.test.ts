import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { closeSync, existsSync, openSync, readFileSync, statfsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as diskTools from '../../../../../server/src/runtime/local/disk/diskTools';
import { mountAt } from '../../../../../server/src/runtime/local/disk/mountTable';
import { describeWithLoops, useDiskImageHost } from '../../../helpers/diskImageHost';

jest.setTimeout(60_000);

const MiB = 1024 * 1024;
const host = useDiskImageHost('panel-disk-busy-');

/**
 * A mount namespace of its own for `seconds`, as a game's sandbox has: it holds a copy of the
 * mounts (a server's file system lives on after the host's unmount) until its last process is
 * gone. Resolves once it is there, with its end.
 */
async function sandboxHoldingMounts(seconds: number): Promise<{ exited: Promise<unknown> }> {
  const sandbox = spawn('/usr/bin/unshare', ['--mount', '--propagation', 'private', '/bin/sh', '-c', `echo ready; sleep ${seconds}`], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = once(sandbox, 'exit');
  await once(sandbox.stdout!, 'data');
  return { exited };
}

const capacityOf = (folder: string) => {
  const stats = statfsSync(folder);
  return (stats.blocks - stats.bfree + stats.bavail) * stats.bsize;
};

describeWithLoops("a server's disk that is still in use", () => {
  it('is neither shrunk nor unmounted under an open file, and shrinks once the file is closed', async () => {
    const uuid = randomUUID();
    const folder = join(host.dataDir, 'servers', uuid);
    expect(await host.images.prepare(uuid, 96)).toBe(true);
    writeFileSync(join(folder, 'world.dat'), 'the world');
    // A file still open in the server's file system (a game's last process, a walk of the panel's).
    const open = openSync(join(folder, 'world.dat'), 'r');
    try {
      // A lazy unmount here would leave the file system alive in the kernel while its image is
      // shrunk under it: the mount that follows shows the old size, or the image is corrupted.
      expect(await host.images.resize(uuid, 32, false)).toBe('deferred');
      expect((await mountAt(folder))?.fsType).toBe('ext4');
      expect(capacityOf(folder)).toBeGreaterThanOrEqual(96 * MiB);
    } finally {
      closeSync(open);
    }
    expect(await host.images.resize(uuid, 32, false)).toBe('resized');
    expect(capacityOf(folder)).toBeGreaterThanOrEqual(32 * MiB);
    expect(capacityOf(folder)).toBeLessThanOrEqual(34 * MiB);
    expect(readFileSync(join(folder, 'world.dat'), 'utf8')).toBe('the world');
    await host.images.remove(uuid);
    expect(await mountAt(folder)).toBeNull();
  });

  it("waits for a stopped game's sandbox to let go of its file system before shrinking the image", async () => {
    const uuid = randomUUID();
    const folder = join(host.dataDir, 'servers', uuid);
    expect(await host.images.prepare(uuid, 96)).toBe(true);
    writeFileSync(join(folder, 'world.dat'), 'the world');
    // The host's unmount succeeds; the file system lives on in the sandbox for two seconds.
    const { exited } = await sandboxHoldingMounts(2);
    try {
      expect(await host.images.resize(uuid, 32, false)).toBe('resized');
    } finally {
      await exited;
    }
    expect(capacityOf(folder)).toBeGreaterThanOrEqual(32 * MiB);
    expect(capacityOf(folder)).toBeLessThanOrEqual(34 * MiB);
    expect(readFileSync(join(folder, 'world.dat'), 'utf8')).toBe('the world');
    await host.images.remove(uuid);
  });

  it('is mounted again as the kernel holds it, without e2fsck writing under a live file system', async () => {
    const uuid = randomUUID();
    const folder = join(host.dataDir, 'servers', uuid);
    expect(await host.images.prepare(uuid, 32)).toBe(true);
    writeFileSync(join(folder, 'world.dat'), 'the world');
    // Long enough to outlast the steps below on a loaded machine: the image must still be held.
    const { exited } = await sandboxHoldingMounts(5);
    const tools = jest.spyOn(diskTools, 'runDiskTool');
    try {
      // Gone from the panel's folder, alive in the sandbox's namespace.
      await diskTools.runDiskTool(diskTools.DISK_TOOLS.umount, [folder]);
      expect(await mountAt(folder)).toBeNull();
      expect(await host.images.prepare(uuid, 32)).toBe(true);
      expect(tools.mock.calls.filter(([tool]) => tool === diskTools.DISK_TOOLS.fsck)).toEqual([]);
      expect(readFileSync(join(folder, 'world.dat'), 'utf8')).toBe('the world');
    } finally {
      tools.mockRestore();
      await exited;
    }
    await host.images.remove(uuid);
  });

  it('is removed even with a file still open in it (the image goes, the kernel lets go when the file closes)', async () => {
    const uuid = randomUUID();
    const folder = join(host.dataDir, 'servers', uuid);
    expect(await host.images.prepare(uuid, 16)).toBe(true);
    writeFileSync(join(folder, 'log.txt'), 'a line');
    const open = openSync(join(folder, 'log.txt'), 'r');
    try {
      await host.images.remove(uuid);
      expect(await mountAt(folder)).toBeNull();
      expect(existsSync(join(host.dataDir, 'disk-images', `${uuid}.img`))).toBe(false);
    } finally {
      closeSync(open);
    }
  });
});
