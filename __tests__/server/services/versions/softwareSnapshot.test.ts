import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RootedServerFiles } from '../../../../server/src/runtime/files/rooted/RootedServerFiles';
import { SoftwareSnapshot } from '../../../../server/src/services/versions/softwareSnapshot';
import { treeOf, writeTree } from '../backups/backupsTestKit';

let work: string;
let root: string;
let snapshotDir: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'software-snapshot-'));
  root = join(work, 'server');
  snapshotDir = join(work, 'panel-data', 'snapshot');
  mkdirSync(root);
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

describe('the software snapshot of a version switch', () => {
  it('puts every file but the worlds back as it was, modes included, through the file port', async () => {
    writeTree(root, { 'server.jar': 'old jar', 'plugins/a/config.yml': 'a: 1', 'start.sh': '#!/bin/sh', 'world/level.dat': 'the world' });
    chmodSync(join(root, 'start.sh'), 0o755);
    const files = new RootedServerFiles(root);
    const snapshot = await SoftwareSnapshot.take(files, snapshotDir, ['world']);
    const before = treeOf(root);

    // A failed install: the jar replaced, a plugin folder gone, new files, the world played on.
    writeTree(root, { 'server.jar': 'new jar', 'libraries/x.jar': 'x', 'world/level.dat': 'played on' });
    rmSync(join(root, 'plugins'), { recursive: true });
    chmodSync(join(root, 'start.sh'), 0o644);
    await snapshot.restore();

    const { 'world/level.dat': _world, ...after } = treeOf(root);
    const { 'world/level.dat': _worldBefore, ...expected } = before;
    expect(after).toEqual(expected);
    expect(readFileSync(join(root, 'world/level.dat'), 'utf8')).toBe('played on');
    expect(existsSync(join(root, 'libraries'))).toBe(false);
    expect(statSync(join(root, 'start.sh')).mode & 0o777).toBe(0o755);
    await snapshot.discard();
    expect(existsSync(snapshotDir)).toBe(false);
  });

  it('never copies what a link points to into the panel’s data', async () => {
    const outside = join(work, 'host');
    writeTree(outside, { 'secret.txt': 'a file of the host' });
    writeTree(root, { 'server.jar': 'jar' });
    symlinkSync(outside, join(root, 'escape'));
    symlinkSync(join(outside, 'secret.txt'), join(root, 'plugins-link.txt'));
    const snapshot = await SoftwareSnapshot.take(new RootedServerFiles(root), snapshotDir, []);
    expect(readdirSync(snapshotDir).sort()).toEqual(['server.jar']);
    await snapshot.restore();
    // Links at the top are left where they were.
    expect(readdirSync(root).sort()).toEqual(['escape', 'plugins-link.txt', 'server.jar']);
    expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('a file of the host');
  });
});
