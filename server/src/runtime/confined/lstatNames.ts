import { lstatSync } from 'node:fs';
import { StatWorker } from './StatWorker';
import type { StatFields } from './StatWorker';

// Names stat'ed per turn of the event loop on the main thread.
const STAT_BATCH = 256;
// Smaller folders are stat'ed on the main thread alone: a message costs more than it saves.
const WORKER_MIN_NAMES = 2_000;
// The worker's share of a large folder: the main thread also makes the entries of all of them.
const WORKER_SHARE = 0.6;

const worker = new StatWorker();

/**
 * Stats `names[from..to)` on this thread into `out`, synchronously in batches with a turn of the
 * event loop between them: for a folder's entries (cached by the kernel) a synchronous lstat costs
 * a few microseconds, a trip through the thread pool ten times that, and batches of 256 keep every
 * pause of the loop to a few milliseconds. Only the fields are kept, so the Stats objects (five
 * allocations each) die young.
 */
async function lstatHere(prefix: string, names: string[], out: Array<StatFields | null>, from: number, to: number): Promise<void> {
  for (let start = from; start < to; start += STAT_BATCH) {
    if (start > from) await new Promise((resolve) => setImmediate(resolve));
    for (let i = start; i < Math.min(to, start + STAT_BATCH); i += 1) {
      try {
        const stats = lstatSync(prefix + names[i], { throwIfNoEntry: false });
        out[i] = stats ? { mode: stats.mode, size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, birthtimeMs: stats.birthtimeMs } : null;
      } catch {
        out[i] = null; // unreadable while listing
      }
    }
  }
}

/**
 * The lstat fields of each of `names` in the folder `prefix` (ending in /), null for a name that
 * vanished. A large folder is shared with a worker thread, so its stats are taken on two cores at
 * once; should the worker fail, its share is stat'ed here.
 */
export async function lstatNames(prefix: string, names: string[]): Promise<Array<StatFields | null>> {
  const out: Array<StatFields | null> = new Array(names.length);
  const shared = names.length >= WORKER_MIN_NAMES ? Math.floor(names.length * WORKER_SHARE) : 0;
  const fromWorker =
    shared > 0
      ? worker.lstatMany(prefix, names.slice(0, shared)).then(
          (fields) => {
            for (let i = 0; i < shared; i += 1) out[i] = fields[i];
            return true;
          },
          () => false,
        )
      : Promise.resolve(true);
  await lstatHere(prefix, names, out, shared, names.length);
  if (!(await fromWorker)) await lstatHere(prefix, names, out, 0, shared);
  return out;
}
