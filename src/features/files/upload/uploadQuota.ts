/** What is known about a server's disk: its plan's limit and, when measured, its use. */
export interface DiskSpace {
  limitBytes: number;
  usedBytes: number | null;
}

/** The verdict on a set of files before any byte is sent. */
export type QuotaCheck = { ok: true } | { ok: false; neededBytes: number; freeBytes: number };

/**
 * Whether files of these sizes fit in the space left on the server's disk. A limit of 0 means
 * "unlimited" (as plans store it); without a measured use the whole limit counts as free, and
 * the API still refuses (507) what does not fit.
 */
export function checkQuota(sizes: readonly number[], disk: DiskSpace | null): QuotaCheck {
  if (!disk || disk.limitBytes <= 0) return { ok: true };
  const neededBytes = sizes.reduce((sum, size) => sum + size, 0);
  const freeBytes = Math.max(0, disk.limitBytes - (disk.usedBytes ?? 0));
  return neededBytes <= freeBytes ? { ok: true } : { ok: false, neededBytes, freeBytes };
}
