import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The e2fsprogs and util-linux programs a disk image needs (Debian's paths). */
export const DISK_TOOLS = {
  mkfs: '/usr/sbin/mkfs.ext4',
  fsck: '/usr/sbin/e2fsck',
  resize: '/usr/sbin/resize2fs',
  losetup: '/usr/sbin/losetup',
  mount: '/usr/bin/mount',
  umount: '/usr/bin/umount',
} as const;

/** The tools missing on this host (empty: all there). */
export function missingDiskTools(): string[] {
  return Object.values(DISK_TOOLS).filter((path) => !existsSync(path));
}

/** A tool that failed: its name, exit code and what it printed (never shown to customers). */
export class DiskToolError extends Error {
  constructor(
    readonly tool: string,
    readonly code: number | null,
    output: string,
  ) {
    super(`${tool} failed (exit code ${code ?? 'none'}): ${output.trim().split('\n').slice(-3).join(' ') || 'no output'}`);
  }
}

/**
 * Runs one of the tools with a plain environment (C locale: messages the panel may log) and a
 * timeout; resolves with its output, or rejects with a DiskToolError unless its exit code is
 * one of `okCodes` (e2fsck answers 1 when it fixed something).
 */
export function runDiskTool(tool: string, args: string[], okCodes: number[] = [0], timeoutMs = 120_000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(tool, args, { timeout: timeoutMs, env: { PATH: '/usr/sbin:/usr/bin:/sbin:/bin', LC_ALL: 'C' }, maxBuffer: 4 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      if (code !== null && okCodes.includes(code)) resolve(`${stdout}${stderr}`);
      else reject(new DiskToolError(tool.split('/').pop()!, code, `${stderr}${stdout}` || (error?.message ?? '')));
    });
  });
}
