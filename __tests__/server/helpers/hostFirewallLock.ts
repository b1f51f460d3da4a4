import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The panel's nftables table is one per host, and some test files change it as a whole: one
 * removes it to check what the network namespace holds by itself, others read which ports it
 * allows. Run beside each other (Jest's workers, or the suite's second run on PostgreSQL), one
 * file's removal took the others' rules away mid-test. Such files hold this lock while they run.
 */
const LOCK_FILE = join(tmpdir(), 'panel-test-host-firewall.lock');

/** How long a file waits for another to finish with the table (its beforeAll's timeout). */
export const HOLD_WAIT_MS = 15 * 60_000;

function holderIsGone(): boolean {
  try {
    const pid = Number(readFileSync(LOCK_FILE, 'utf8'));
    if (!Number.isInteger(pid) || pid <= 0) return true;
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // ESRCH: the process that held it ended without letting go; ENOENT: it was just let go.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Waits until this process alone may change the host's firewall table; call the result to let go. */
export async function holdHostFirewall(): Promise<() => void> {
  for (let waited = 0; ; waited += 200) {
    try {
      const fd = openSync(LOCK_FILE, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(LOCK_FILE, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (holderIsGone()) {
      rmSync(LOCK_FILE, { force: true });
      continue;
    }
    // Said before the waiting hook's own timeout, which would not say why.
    if (waited > HOLD_WAIT_MS - 30_000) throw new Error('Another test file held the host firewall for more than 14 minutes.');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
