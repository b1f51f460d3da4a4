import { promises as fs } from 'node:fs';
import { dirname } from 'node:path';

/** What a file system holds and has left, as the kernel counts it (statfs). */
export interface FileSystemUsage {
  /** Bytes in use (files, folders, their metadata). */
  usedBytes: number;
  /** Bytes an unprivileged writer may still add. */
  availableBytes: number;
  /** used + available: what a writer can fill, all told. */
  capacityBytes: number;
}

/** statfs of the file system holding `path`. */
export async function fileSystemUsage(path: string): Promise<FileSystemUsage> {
  const stats = await fs.statfs(path);
  const usedBytes = (stats.blocks - stats.bfree) * stats.bsize;
  const availableBytes = stats.bavail * stats.bsize;
  return { usedBytes, availableBytes, capacityBytes: usedBytes + availableBytes };
}

/**
 * Whether `path` is the root of a file system of its own (a server's disk image is mounted
 * there): its device differs from its parent folder's. Two stats, far cheaper than a walk.
 */
export async function isMountRoot(path: string): Promise<boolean> {
  try {
    const [self, parent] = await Promise.all([fs.stat(path), fs.stat(dirname(path))]);
    return self.dev !== parent.dev;
  } catch {
    return false;
  }
}
