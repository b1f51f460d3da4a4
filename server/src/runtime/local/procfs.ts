import { execFileSync } from 'node:child_process';
import { promises as fs, readFileSync } from 'node:fs';

/** One process as /proc/<pid>/stat shows it. */
export interface ProcessInfo {
  pid: number;
  ppid: number;
  session: number;
  /** CPU time of the process and of its reaped children, in clock ticks. */
  cpuTicks: number;
  /** CPU time of the process itself (all its threads), in clock ticks. */
  ownCpuTicks: number;
  /** Start time after boot, in clock ticks (tells a reused pid apart). */
  startTicks: number;
  rssBytes: number;
}

function sysconf(name: string, fallback: number): number {
  try {
    const value = Number(execFileSync('getconf', [name], { encoding: 'utf8' }).trim());
    return Number.isFinite(value) && value > 0 ? value : fallback;
  } catch {
    return fallback;
  }
}

/** Clock ticks per second (USER_HZ) and the page size, read once. */
export const CLOCK_TICKS = sysconf('CLK_TCK', 100);
export const PAGE_SIZE = sysconf('PAGESIZE', 4096);

/** Parses the content of /proc/<pid>/stat; the command name may hold spaces and parentheses. */
export function parseStat(text: string): ProcessInfo | null {
  const close = text.lastIndexOf(')');
  if (close < 0) return null;
  const pid = Number.parseInt(text, 10);
  const f = text.slice(close + 2).split(' ');
  // f[0] is field 3 (state) of proc(5); field n is f[n - 3].
  return {
    pid,
    ppid: Number(f[1]),
    session: Number(f[3]),
    cpuTicks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]),
    ownCpuTicks: Number(f[11]) + Number(f[12]),
    startTicks: Number(f[19]),
    rssBytes: Number(f[21]) * PAGE_SIZE,
  };
}

/** One process, or null when it does not exist (or is a zombie). */
export async function readProcess(pid: number): Promise<ProcessInfo | null> {
  try {
    const text = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    const state = text.slice(text.lastIndexOf(')') + 2, text.lastIndexOf(')') + 3);
    return state === 'Z' || state === 'X' ? null : parseStat(text);
  } catch {
    return null;
  }
}

/** Every live process on the machine. One scan per sampling tick serves all servers. */
export async function readProcessTable(): Promise<ProcessInfo[]> {
  const entries = await fs.readdir('/proc');
  const reads = entries.filter((name) => /^\d+$/.test(name)).map((name) => readProcess(Number(name)));
  return (await Promise.all(reads)).filter((p): p is ProcessInfo => p !== null);
}

/** The command line of a process (arguments joined by spaces), or null. */
export async function readCmdline(pid: number): Promise<string | null> {
  try {
    const raw = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8');
    return raw.replace(/\0+$/, '').split('\0').join(' ');
  } catch {
    return null;
  }
}

let bootTimeMs: number | null = null;

/** When the machine booted (ms since the epoch), to turn start ticks into a date. */
export function bootTime(): number {
  if (bootTimeMs === null) {
    const match = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'));
    bootTimeMs = match ? Number(match[1]) * 1000 : 0;
  }
  return bootTimeMs;
}

/** Wall-clock start of a process from its start ticks. */
export function processStartedAt(startTicks: number): number {
  return bootTime() + (startTicks / CLOCK_TICKS) * 1000;
}
