/** A path that climbs above the server's folder (`..` past its root) or carries a NUL byte. */
export class OutsideRootError extends Error {
  constructor() {
    super('The path leads outside the server’s files.');
  }
}

/**
 * A client's path as a path in the server's files: the server's folder is the SFTP root `/`, so
 * `/world/level.dat` and `world/level.dat` are the same file. Unlike a chroot, `..` above the root
 * is refused rather than clamped, so a client never silently works on another path than it named.
 * Links are not resolved here: the file port refuses to follow them.
 */
export function resolveSftpPath(input: string): string {
  if (input.includes('\0')) throw new OutsideRootError();
  const parts: string[] = [];
  for (const segment of input.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (parts.length === 0) throw new OutsideRootError();
      parts.pop();
    } else parts.push(segment);
  }
  return `/${parts.join('/')}`;
}

/** The last name of a resolved path (`/` for the root). */
export function baseName(path: string): string {
  return path === '/' ? '/' : path.slice(path.lastIndexOf('/') + 1);
}
