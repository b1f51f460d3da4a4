import { randomUUID } from 'node:crypto';
import { chownSync, existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeImage } from '../../../../../server/src/runtime/local/disk/imageFiles';
import { mountAt } from '../../../../../server/src/runtime/local/disk/mountTable';
import { describeWithLoops, useDiskImageHost } from '../../../helpers/diskImageHost';

const MiB = 1024 * 1024;
const host = useDiskImageHost('panel-disk-');

/** A server folder from before disk images: a world, a link, a file of the server's own user. */
function oldFolder(uuid: string, extraBytes = 0): string {
  const folder = join(host.dataDir, 'servers', uuid);
  mkdirSync(join(folder, 'world', 'region'), { recursive: true, mode: 0o700 });
  writeFileSync(join(folder, 'world', 'level.dat'), 'level');
  writeFileSync(join(folder, 'world', 'region', 'r.0.0.mca'), Buffer.alloc(3 * MiB, 7));
  writeFileSync(join(folder, 'start.sh'), '#!/bin/sh\n', { mode: 0o750 });
  symlinkSync('world/level.dat', join(folder, 'level-link'));
  if (extraBytes > 0) writeFileSync(join(folder, 'big.bin'), Buffer.alloc(extraBytes, 1));
  chownSync(join(folder, 'world', 'level.dat'), 3_000_123, 3_000_123);
  return folder;
}

function expectSameFiles(folder: string): void {
  expect(readFileSync(join(folder, 'world', 'level.dat'), 'utf8')).toBe('level');
  expect(readFileSync(join(folder, 'world', 'region', 'r.0.0.mca')).length).toBe(3 * MiB);
  expect(lstatSync(join(folder, 'start.sh')).mode & 0o777).toBe(0o750);
  expect(readlinkSync(join(folder, 'level-link'))).toBe('world/level.dat');
  expect(lstatSync(join(folder, 'world', 'level.dat')).uid).toBe(3_000_123);
  expect(existsSync(join(folder, 'lost+found'))).toBe(false);
}

describeWithLoops("moving a server's folder from before disk images onto its own file system", () => {
  it('copies every file over, owners, modes and links kept, and leaves nothing of the old folder', async () => {
    expect(host.images.problem).toBeNull();
    const uuid = randomUUID();
    const folder = oldFolder(uuid);
    expect(await host.images.prepare(uuid, 40)).toBe(true);
    expect((await mountAt(join(host.dataDir, 'servers', uuid)))?.fsType).toBe('ext4');
    expectSameFiles(folder);
    expect(existsSync(join(host.dataDir, 'disk-images', `${uuid}.old`))).toBe(false);
    expect(existsSync(join(host.dataDir, 'disk-images', `${uuid}.img.part`))).toBe(false);
    await host.images.remove(uuid);
  });

  it('leaves a folder larger than its quota as it was, with no image', async () => {
    const uuid = randomUUID();
    const folder = oldFolder(uuid, 40 * MiB);
    await expect(host.images.prepare(uuid, 32)).rejects.toThrow("the server's files do not fit in its plan's disk space.");
    expect(await mountAt(folder)).toBeNull();
    expectSameFiles(folder);
    expect(readFileSync(join(folder, 'big.bin')).length).toBe(40 * MiB);
    expect(existsSync(join(host.dataDir, 'disk-images', `${uuid}.img`))).toBe(false);
    expect(existsSync(join(host.dataDir, 'disk-images', `${uuid}.img.part`))).toBe(false);
  });

  it('undoes a move a crash cut short before the image was complete, and finishes one cut short after', async () => {
    // Crashed after the folder was renamed aside, before the copy became the image: the folder comes back.
    const early = randomUUID();
    const earlyFolder = oldFolder(early);
    await makeImage(join(host.dataDir, 'disk-images', `${early}.img.part`), 40 * MiB);
    renameSync(earlyFolder, join(host.dataDir, 'disk-images', `${early}.old`));
    // Crashed after the copy became the image, before it was mounted on the folder: the move is finished.
    const late = randomUUID();
    const lateFolder = oldFolder(late);
    expect(await host.images.prepare(late, 40)).toBe(true);
    const { DISK_TOOLS, runDiskTool } = await import('../../../../../server/src/runtime/local/disk/diskTools');
    await runDiskTool(DISK_TOOLS.umount, [lateFolder]);
    mkdirSync(join(host.dataDir, 'disk-images', `${late}.old`));
    writeFileSync(join(host.dataDir, 'disk-images', `${late}.old`, 'written-during-the-copy.txt'), 'late write');
    rmSync(lateFolder, { recursive: true });

    const errors: string[] = [];
    await host.images.remountAll((uuid, error) => errors.push(`${uuid}: ${error.message}`));
    expect(errors).toEqual([]);
    expect(await mountAt(earlyFolder)).toBeNull();
    expectSameFiles(earlyFolder);
    expect(existsSync(join(host.dataDir, 'disk-images', `${early}.img.part`))).toBe(false);
    expect(existsSync(join(host.dataDir, 'disk-images', `${early}.old`))).toBe(false);
    expect((await mountAt(lateFolder))?.fsType).toBe('ext4');
    expectSameFiles(lateFolder);
    expect(readFileSync(join(lateFolder, 'written-during-the-copy.txt'), 'utf8')).toBe('late write');
    expect(existsSync(join(host.dataDir, 'disk-images', `${late}.old`))).toBe(false);
    await host.images.remove(late);
    expect(await mountAt(lateFolder)).toBeNull();
  });
});
