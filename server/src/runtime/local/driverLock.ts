import { promises as fs } from 'node:fs';
import { readProcess } from './procfs';

/** Another live panel process manages the servers of this data directory. */
export class DriverLockedError extends Error {}

/**
 * Makes sure one panel at a time runs the servers of a data directory, so two panels never start
 * (or adopt) the same server twice. The lock file holds the owner's pid and start time; a lock
 * whose owner is gone is taken over.
 */
export async function acquireDriverLock(path: string): Promise<() => Promise<void>> {
  const self = await readProcess(process.pid);
  const content = JSON.stringify({ pid: process.pid, startTicks: self?.startTicks ?? 0 });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await fs.writeFile(path, content, { flag: 'wx', mode: 0o600 });
      return async () => {
        const current = await fs.readFile(path, 'utf8').catch(() => '');
        if (current === content) await fs.rm(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await fs
      .readFile(path, 'utf8')
      .then((text) => JSON.parse(text) as { pid: number; startTicks: number })
      .catch(() => null);
    const alive = holder ? await readProcess(holder.pid) : null;
    if (holder && alive && alive.startTicks === holder.startTicks) {
      throw new DriverLockedError(`Another panel process (pid ${holder.pid}) is running the game servers of this data directory.`);
    }
    await fs.rm(path, { force: true }); // stale: its owner is gone
  }
  throw new DriverLockedError('Could not take the runtime lock.');
}
