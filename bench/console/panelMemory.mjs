/**
 * The resident memory of a process, read from /proc/<pid>/status (VmRSS), and a sampler that
 * records it at a steady interval so a run can show whether memory stays flat.
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

export const mib = (bytes) => (bytes / 1024 / 1024).toFixed(1);
