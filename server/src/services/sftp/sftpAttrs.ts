import type { Attributes } from 'ssh2';
import type { FileInfo } from '../../runtime/files/ServerFiles';

/** SFTP attributes of an entry (the panel's files have no owner a customer should see: 0/0). */
export function attrsOf(info: FileInfo): Attributes {
  const seconds = (ms: number) => Math.floor(ms / 1000);
  return { mode: info.mode, uid: 0, gid: 0, size: info.size, atime: seconds(info.mtimeMs), mtime: seconds(info.mtimeMs) };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function permissionString(info: FileInfo): string {
  const type = info.kind === 'directory' ? 'd' : info.kind === 'symlink' ? 'l' : info.kind === 'file' ? '-' : '?';
  let bits = '';
  for (let shift = 6; shift >= 0; shift -= 3) {
    const triple = (info.mode >> shift) & 7;
    bits += `${triple & 4 ? 'r' : '-'}${triple & 2 ? 'w' : '-'}${triple & 1 ? 'x' : '-'}`;
  }
  return type + bits;
}

/** The `ls -l` line SFTP version 3 sends beside each name (clients show it as is). */
export function longnameOf(info: FileInfo): string {
  const date = new Date(info.mtimeMs);
  const recent = Math.abs(Date.now() - info.mtimeMs) < 180 * 24 * 3600_000;
  const when = recent ? `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}` : String(date.getUTCFullYear());
  const stamp = `${MONTHS[date.getUTCMonth()]} ${String(date.getUTCDate()).padStart(2, ' ')} ${when.padStart(5, ' ')}`;
  return `${permissionString(info)}    1 server   server   ${String(info.size).padStart(12, ' ')} ${stamp} ${info.name}`;
}
