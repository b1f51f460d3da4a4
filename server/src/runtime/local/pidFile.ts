import { promises as fs } from 'node:fs';
import { readProcess } from './procfs';

/** What the panel remembers about a server process it started. */
export interface PidRecord {
  pid: number;
  /** Start time in clock ticks after boot: a reused pid has another one. */
  startTicks: number;
  startedAt: number;
  /** The folders of the server's cgroup, when it runs in one. */
  cgroup?: string[];
  /** OOM kills the cgroup had counted when the server started. */
  oomBase?: number;
}

export async function readPidFile(path: string): Promise<PidRecord | null> {
  try {
    const record = JSON.parse(await fs.readFile(path, 'utf8')) as PidRecord;
    return Number.isInteger(record.pid) && Number.isFinite(record.startTicks) ? record : null;
  } catch {
    return null;
  }
}

export async function writePidFile(path: string, record: PidRecord): Promise<void> {
  const temp = `${path}.tmp`;
  await fs.writeFile(temp, JSON.stringify(record), { mode: 0o600 });
  await fs.rename(temp, path);
}

export async function removePidFile(path: string): Promise<void> {
  await fs.rm(path, { force: true });
}

/**
 * Whether the recorded process is still the one we started: alive, same start time, and carrying
 * our marker variable for this server in its environment (survives `exec` in the start command).
 */
export async function isOurProcess(record: PidRecord, marker: string): Promise<boolean> {
  const info = await readProcess(record.pid);
  if (!info || info.startTicks !== record.startTicks) return false;
  try {
    const environ = await fs.readFile(`/proc/${record.pid}/environ`, 'utf8');
    return environ.split('\0').includes(marker);
  } catch {
    return false;
  }
}
