const MiB = 1024 * 1024;

/** What a disk figure says about the plan's limit. */
export type DiskVerdict = 'ok' | 'over' | 'full';

/**
 * How little room left counts as a full disk: 1 % of the quota, at least 2 MiB and at most
 * 64 MiB. A game writing as fast as it can stops with ENOSPC within one write of the end, so
 * what it leaves is less than that; a server this close to its limit cannot save a world either.
 */
export const fullMarginBytes = (limitBytes: number) => Math.min(64 * MiB, Math.max(2 * MiB, limitBytes / 100));

/**
 * The verdict on a server's disk: its own file system (all but) full, where the bytes it may
 * still write are known (`availableBytes`, null when its folder is walked instead), else over
 * the plan's limit (0: none) or fine.
 */
export function diskVerdict(usedBytes: number, availableBytes: number | null, limitBytes: number): DiskVerdict {
  // A file system of its own that is full says so first (its metadata may take it a little over).
  if (availableBytes !== null && availableBytes < fullMarginBytes(limitBytes > 0 ? limitBytes : usedBytes + availableBytes)) return 'full';
  return limitBytes > 0 && usedBytes > limitBytes ? 'over' : 'ok';
}

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

/** Why a server was stopped for its disk (over its limit, or its own file system full), as its crash report says. */
export function diskCrashMessage(reason: 'disk' | 'disk-full'): string {
  return reason === 'disk' ? 'The server was stopped for using more disk than its plan allows.' : 'The server was stopped because its disk is full.';
}

/** The console's notice when a running server is stopped for its disk. */
export function diskStopNotice(verdict: Exclude<DiskVerdict, 'ok'>, usedBytes: number, limitMb: number): string {
  return verdict === 'full'
    ? `Disk full: the server used all the disk its plan allows (${limitMb} MiB); stopping it. Remove files before starting it again.`
    : `The server uses ${Math.ceil(usedBytes / MiB)} MiB of disk, over its limit of ${limitMb} MiB; stopping it.`;
}
