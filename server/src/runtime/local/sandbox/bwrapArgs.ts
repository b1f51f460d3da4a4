import { existsSync, lstatSync, readdirSync, readlinkSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';

/** Where a server's folder is inside its sandbox (what the game sees as its home and working folder). */
export const SANDBOX_ROOT = '/home/container';
/** Where the panel's game runtime (our launchers and their Node modules, Node itself when it is not under /usr) is mounted, read-only. */
export const SANDBOX_RUNTIME = '/opt/panel-runtime';

/** The host folders a sandbox sees read-only, and where. */
export interface SandboxMounts {
  /** The launchers folder (server/src/runtime/launchers). */
  launchers: string;
  /** The node_modules folder the launchers load their packages from (flying-squid). */
  nodeModules: string | null;
  /** The Node binary that runs the launchers (process.execPath). */
  node: string;
  /** Folders that must stay hidden even when a bound system folder holds them (the panel's data dir). */
  hidden: string[];
}

/** System folders a game needs: libraries, binaries (Java under /usr/lib/jvm), nothing of the panel. */
const SYSTEM_DIRS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];
/** The parts of /etc programs read: name resolution, TLS roots, Java's alternatives and config, time zone. */
const ETC_ENTRIES = [
  'resolv.conf',
  'hosts',
  'nsswitch.conf',
  'host.conf',
  'gai.conf',
  'ssl',
  'ca-certificates',
  'ca-certificates.conf',
  'alternatives',
  'ld.so.cache',
  'ld.so.conf',
  'ld.so.conf.d',
  'localtime',
  'timezone',
  'mime.types',
  'fonts',
];

function isInside(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** The Node binary as the game sees it: itself under /usr, else its install folder mounted in the runtime folder. */
export function sandboxNodePath(node: string): { mount: [string, string] | null; path: string } {
  if (node.startsWith('/usr/')) return { mount: null, path: node };
  const prefix = dirname(dirname(node)); // <prefix>/bin/node
  return { mount: [prefix, `${SANDBOX_RUNTIME}/node`], path: `${SANDBOX_RUNTIME}/node/${relative(prefix, node)}` };
}

/**
 * The bubblewrap arguments of a server's sandbox: its own user, PID, IPC and UTS namespaces, no
 * new user namespaces inside, a new session (no terminal injection), killed with its supervisor;
 * a file system of the system folders read-only, a fresh /proc, /dev and /tmp, the game runtime
 * read-only at /opt/panel-runtime and the server's folder read-write at /home/container (passed
 * as the open descriptor `rootFd`). The network namespace is pasta's, around bubblewrap (see
 * networkNamespace.ts and README, "Sandbox").
 */
export function bwrapArgs(rootFd: number | null, mounts: SandboxMounts, ids: { uid: number; gid: number } | null, resolvConfFd: number | null = null): string[] {
  const args = ['--unshare-user', '--disable-userns', '--unshare-pid', '--unshare-ipc', '--unshare-uts', '--unshare-cgroup-try'];
  args.push('--hostname', 'game-server', '--die-with-parent', '--new-session');
  // Without root the user namespace maps the panel's user to the server's uid inside.
  if (ids) args.push('--uid', String(ids.uid), '--gid', String(ids.gid));
  const bound: string[] = [];
  for (const dir of SYSTEM_DIRS) {
    if (!existsSync(dir)) continue;
    const stats = lstatSync(dir);
    if (stats.isSymbolicLink()) args.push('--symlink', readlinkSync(dir), dir);
    else {
      args.push('--ro-bind', dir, dir);
      bound.push(dir);
    }
  }
  for (const name of ETC_ENTRIES) {
    const path = join('/etc', name);
    // A resolver on the host's loopback is not in the game's network namespace: it gets its own file.
    if (name === 'resolv.conf' && resolvConfFd !== null) args.push('--ro-bind-data', String(resolvConfFd), path);
    else if (existsSync(path)) args.push('--ro-bind', path, path);
  }
  // Java's configuration (/usr/lib/jvm/*/conf links to /etc/java-N-openjdk).
  for (const name of readdirSync('/etc').filter((n) => /^java/.test(n))) args.push('--ro-bind', join('/etc', name), join('/etc', name));
  args.push('--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp');
  args.push('--ro-bind', mounts.launchers, `${SANDBOX_RUNTIME}/launchers`);
  if (mounts.nodeModules) args.push('--ro-bind', mounts.nodeModules, `${SANDBOX_RUNTIME}/node_modules`);
  const node = sandboxNodePath(mounts.node);
  if (node.mount) args.push('--ro-bind', node.mount[0], node.mount[1]);
  // A data dir kept under a bound system folder (/usr/local/...) is covered with an empty one.
  for (const hidden of mounts.hidden) if (bound.some((dir) => isInside(dir, hidden))) args.push('--tmpfs', hidden);
  // The folder comes as a descriptor the panel opened: the sandbox user needs no way through the
  // panel's data dir on the host, and no host path shows in an error. bubblewrap closes it after use.
  if (rootFd !== null) args.push('--bind-fd', String(rootFd), SANDBOX_ROOT);
  else args.push('--dir', SANDBOX_ROOT);
  // The sandbox's own root (where bubblewrap made /etc, /opt …) is read-only too: only the
  // server's folder and /tmp are writable.
  args.push('--remount-ro', '/', '--chdir', SANDBOX_ROOT, '--setenv', 'HOME', SANDBOX_ROOT);
  return args;
}
