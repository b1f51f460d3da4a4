/**
 * Figures of a process from /proc: its resident memory (VmRSS of /proc/<pid>/status), with a
 * sampler that records it at a steady interval so a run can show whether memory stays flat, and
 * the CPU time it has used (utime + stime of /proc/<pid>/stat).
 */
import { readFileSync } from 'node:fs';

/** VmRSS of `pid` in bytes, or null when the process is gone. */
export function residentBytes(pid) {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Samples the RSS of `pid` every `intervalMs` until stop() is called; stop() answers the samples. */
export function sampleMemory(pid, intervalMs = 250) {
  const startedAt = Date.now();
  const samples = [];
  const take = () => {
    const bytes = residentBytes(pid);
    if (bytes !== null) samples.push({ atMs: Date.now() - startedAt, bytes });
  };
  take();
  const timer = setInterval(take, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}

/** CPU time (user + system) `pid` has used so far, in milliseconds, or null when it is gone. */
export function cpuTimeMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), counted from field 3 (state).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    // In clock ticks (USER_HZ), 1/100 s on Linux.
    return ticks * 10;
  } catch {
    return null;
  }
}

export const mib = (bytes) => (bytes / 1024 / 1024).toFixed(1);
