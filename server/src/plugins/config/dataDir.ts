import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Another live panel process already uses this data directory. */
export class DataDirLockedError extends Error {}

/** The name of the lock file inside the data directory. */
export const LOCK_FILE = 'panel.lock';

/** Start time of a process in clock ticks after boot (field 22 of /proc/<pid>/stat), or null when it is gone. */
function startTicksOf(pid: number): number | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z' || fields[0] === 'X') return null; // a zombie holds nothing any more
    return Number(fields[19]);
  } catch {
    return null;
  }
}

interface LockHolder {
  pid: number;
  startTicks: number;
}

function readHolder(path: string): LockHolder | null {
  try {
    const holder = JSON.parse(readFileSync(path, 'utf8')) as LockHolder;
    return Number.isInteger(holder.pid) && holder.pid > 0 ? holder : null;
  } catch {
    return null;
  }
}

/**
 * Takes the data directory's lock before anything opens the embedded database: a second panel
 * on the same directory would corrupt it. The lock file holds the owner's pid and start time;
 * a lock whose process is gone (or whose pid now belongs to another process) is stale and taken
 * over. Answers the function that releases it (also run at process exit).
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE);
  const content = JSON.stringify({ pid: process.pid, startTicks: startTicksOf(process.pid) ?? 0 });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, content);
      closeSync(fd);
      const release = () => {
        process.removeListener('exit', release);
        const current = (() => {
          try {
            return readFileSync(path, 'utf8');
          } catch {
            return '';
          }
        })();
        if (current === content) rmSync(path, { force: true });
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(path);
    const ticks = holder ? startTicksOf(holder.pid) : null;
    if (holder && ticks !== null && (holder.startTicks === 0 || ticks === holder.startTicks)) {
      throw new DataDirLockedError(`Another panel (pid ${holder.pid}) is already using the data directory ${dataDir}. ` + 'Stop it first, or give this one another directory with PANEL_DATA_DIR.');
    }
    rmSync(path, { force: true }); // stale: its owner is gone (crashed or killed)
  }
  throw new DataDirLockedError(`Could not take the lock ${path}.`);
}

/** Takes away group and other permission bits of one entry (never follows a symbolic link). */
function makePrivate(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if ((stat.mode & 0o077) !== 0) chmodSync(path, stat.mode & 0o700);
}

function makePrivateTree(path: string): void {
  makePrivate(path);
  if (!lstatSync(path).isDirectory()) return;
  for (const name of readdirSync(path)) makePrivateTree(join(path, name));
}

/**
 * Makes the data directory private to the panel's user: created 0700, an existing one (and the
 * entries at its top, the embedded database's files all through) stripped of group and other
 * bits. Game-server folders inside keep their own modes: the 0700 directory above them already
 * keeps everyone else out.
 */
export function securePanelDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  makePrivate(dataDir);
  for (const name of readdirSync(dataDir)) {
    const entry = join(dataDir, name);
    if (name === 'db') makePrivateTree(entry);
    else makePrivate(entry);
  }
}

/**
 * The embedded database's files, private: PGlite sets 0666 on the files it writes whatever the
 * umask, so they are fixed after it opened (the 0700 data directory keeps others out meanwhile).
 */
export function secureDatabaseFiles(dataDir: string): void {
  const db = join(dataDir, 'db');
  try {
    makePrivateTree(db);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * What a panel process does first with its data directory: files and folders it creates from
 * now on are private (umask 077: the embedded database would otherwise write 0666 files), the
 * existing ones are made private, and the directory is locked for this process. Several panel
 * processes on PostgreSQL share it (`shared`): no lock then, the runtime lease in Redis decides
 * which of them runs the game servers in it.
 */
export function prepareDataDir(dataDir: string, { shared = false } = {}): () => void {
  process.umask(0o077);
  securePanelDataDir(dataDir);
  return shared ? () => undefined : acquireDataDirLock(dataDir);
}
