import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RootedFileSystem } from '../../../../server/src/runtime/RootedFileSystem';
import { moveInto } from '../../../../server/src/runtime/files/rooted/extractedFiles';

// A staging folder of the panel's and a server whose plan gives it a file system of its own are
// two devices: a rename between them fails with EXDEV, so the entries are copied over instead.
// /dev/shm (tmpfs) and the temporary folder are two file systems on Linux hosts.
const shm = '/dev/shm';
const twoDevices = existsSync(shm) && statSync(shm).dev !== statSync(tmpdir()).dev;
const describeAcrossDevices = twoDevices ? describe : describe.skip;

describeAcrossDevices('moving staged entries into a server on another file system', () => {
  let staging: string;
  let server: string;
  beforeEach(() => {
    staging = mkdtempSync(join(shm, 'panel-staging-'));
    server = mkdtempSync(join(tmpdir(), 'panel-server-'));
  });
  afterEach(() => {
    rmSync(staging, { recursive: true, force: true });
    rmSync(server, { recursive: true, force: true });
  });

  it('copies files, folders and links over, merges into existing folders and empties the staging', async () => {
    mkdirSync(join(staging, 'mods'));
    writeFileSync(join(staging, 'mods', 'a.jar'), 'new jar');
    writeFileSync(join(staging, 'start.sh'), '#!/bin/sh\n', { mode: 0o755 });
    symlinkSync('mods/a.jar', join(staging, 'latest.jar'));
    mkdirSync(join(server, 'mods'));
    writeFileSync(join(server, 'mods', 'kept.jar'), 'kept');
    writeFileSync(join(server, 'start.sh'), 'old');

    const [from, to] = [await new RootedFileSystem(staging).openDir('/'), await new RootedFileSystem(server).openDir('/')];
    try {
      await moveInto(from, to);
    } finally {
      await Promise.all([from.close(), to.close()]);
    }

    expect(readFileSync(join(server, 'mods', 'a.jar'), 'utf8')).toBe('new jar');
    expect(readFileSync(join(server, 'mods', 'kept.jar'), 'utf8')).toBe('kept');
    expect(readFileSync(join(server, 'start.sh'), 'utf8')).toBe('#!/bin/sh\n');
    expect(statSync(join(server, 'start.sh')).mode & 0o777).toBe(0o755);
    expect(lstatSync(join(server, 'latest.jar')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(server, 'latest.jar'))).toBe('mods/a.jar');
    // No temporary copy is left behind, and no file stays in the staging (a folder merged into an
    // existing one stays there empty, as with a rename on one file system).
    expect(readdirSync(server).filter((name) => name.startsWith('.panel-copy-'))).toEqual([]);
    expect(readdirSync(staging, { recursive: true })).toEqual(['mods']);
  });
});
