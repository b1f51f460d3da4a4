import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiskImages } from '../../../server/src/runtime/local/disk/DiskImages';
import { unmountAllUnder } from './testApp';

/** Root with loop devices: disk images can be made and mounted here. */
export const loopDevicesHere = process.getuid?.() === 0 && existsSync('/dev/loop-control');

/** `describe` where disk images can be tried, else `describe.skip`. */
export const describeWithLoops = loopDevicesHere ? describe : describe.skip;

/** A data folder of its own with the disk images of its servers. */
export interface DiskImageHost {
  dataDir: string;
  images: DiskImages;
}

/**
 * A data folder (named `<prefix>…` in the system's temporary folder) with DiskImages on it, made
 * before the test file's tests, and unmounted and removed after them. Its fields are set in
 * beforeAll: read them inside the tests.
 */
export function useDiskImageHost(prefix: string): DiskImageHost {
  const host = {} as DiskImageHost;
  beforeAll(async () => {
    if (!loopDevicesHere) return;
    host.dataDir = mkdtempSync(join(tmpdir(), prefix));
    mkdirSync(join(host.dataDir, 'servers'));
    host.images = await DiskImages.detect({ dataDir: host.dataDir, enabled: true });
  });
  afterAll(() => {
    if (!loopDevicesHere) return;
    unmountAllUnder(host.dataDir);
    rmSync(host.dataDir, { recursive: true, force: true });
  });
  return host;
}
