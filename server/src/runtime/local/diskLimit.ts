import type { DiskVerdict } from './DiskUsage';

const MiB = 1024 * 1024;

/**
 * Why a server may not start for its disk (over its limit, or its own file system full): the
 * console's notice and the answer's message. Null when it may start.
 */
export function diskStartRefusal(verdict: DiskVerdict, usedBytes: number, limitMb: number): { notice: string; error: string } | null {
  if (verdict === 'over') {
    return {
      notice: `The server uses ${Math.ceil(usedBytes / MiB)} MiB of disk, over its limit of ${limitMb} MiB. Remove files before starting it.`,
      error: 'The server is over its disk limit.',
    };
  }
  if (verdict === 'full') {
    return {
      notice: `Disk full: the server uses ${Math.ceil(usedBytes / MiB)} MiB, all the disk its plan allows (${limitMb} MiB). Remove files before starting it.`,
      error: "The server's disk is full. Remove files before starting it.",
    };
  }
  return null;
}

/** The console's notice when a running server is stopped for its disk. */
export function diskStopNotice(verdict: Exclude<DiskVerdict, 'ok'>, usedBytes: number, limitMb: number): string {
  return verdict === 'full'
    ? `Disk full: the server used all the disk its plan allows (${limitMb} MiB); stopping it. Remove files before starting it again.`
    : `The server uses ${Math.ceil(usedBytes / MiB)} MiB of disk, over its limit of ${limitMb} MiB; stopping it.`;
}
