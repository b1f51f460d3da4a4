import { spawnSync } from 'node:child_process';
import { constants, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { launchersDir } from '../../install/runInstallStep';
import { RuntimeConflictError } from '../../types';
import type { WrappedCommand } from '../../install/runCommand';
import { bwrapArgs, SANDBOX_ROOT, SANDBOX_RUNTIME, sandboxNodePath, type SandboxMounts } from './bwrapArgs';
import type { CgroupHost } from './cgroup';
import { detectCgroupHost } from './detectCgroupHost';
import { SANDBOX_UID_BASE } from './sandboxUsers';
import { inOwnNetwork, isPasta, probeNetworkNamespace, sandboxResolvConf, type PortForwards } from './networkNamespace';
import { ensureDebianPackage } from './debianPackage';

/** Debian's bubblewrap. */
export const BWRAP = '/usr/bin/bwrap';
/** Processes and threads a server may have at once (a fork bomb stops here; a Java server needs about 100). */
export const SANDBOX_PIDS_MAX = 512;

/**
 * The first process of a sandbox: it waits until the panel has put it in the server's cgroup
 * (a line on descriptor 3), then runs bubblewrap and stays as its parent, so the sandbox dies
 * with it (--die-with-parent) yet survives a panel restart (it runs in a session of its own).
 */
const WRAPPER = 'read -r go <&3 || exit 97; exec 3<&-; "$@"; exit $?';

/** How the game's paths look inside its sandbox (placeholders ROOT, NODE and LAUNCHERS). */
export interface GamePaths {
  root: string;
  node: string;
  launchers: string;
}

/** What was found on this host: whether games run sandboxed and with kernel limits. */
export interface SandboxReport {
  /** bubblewrap works here (user namespaces included). */
  isolation: boolean;
  /** cgroups can be made here. */
  cgroups: CgroupHost | null;
  /** Each sandbox gets a network namespace of its own (pasta works here). */
  ownNetwork: boolean;
  /** Why the sandbox cannot be made (null: it can). */
  problem: string | null;
}

/** Makes sure bubblewrap is installed (apt-get through ensure-package.sh when it is missing). */
export function ensureBwrap(): boolean {
  return ensureDebianPackage(BWRAP, 'bubblewrap');
}

/** Whether `exe` (a process's /proc/<pid>/exe) is part of the sandbox around a game (bubblewrap, pasta), not the game. */
export function isSandboxProgram(exe: string): boolean {
  return exe === BWRAP || isPasta(exe);
}

/** Whether bubblewrap can make a sandbox here (unprivileged user namespaces allowed), or why not. */
function probeBwrap(asRoot: boolean): string | null {
  if (!ensureBwrap()) return `bubblewrap is not installed (${BWRAP}; Debian package "bubblewrap").`;
  const args = bwrapArgs(null, testMounts(), asRoot ? null : { uid: SANDBOX_UID_BASE, gid: SANDBOX_UID_BASE });
  const result = spawnSync(BWRAP, [...args, '--', '/bin/sh', '-c', 'exit 0'], {
    ...(asRoot ? { uid: SANDBOX_UID_BASE, gid: SANDBOX_UID_BASE } : {}),
    encoding: 'utf8',
    timeout: 10_000,
  });
  if (result.status === 0) return null;
  return `bubblewrap cannot make a sandbox on this host (user namespaces may be disabled): ${(result.stderr || result.error?.message || '').trim()}`;
}

function testMounts(): SandboxMounts {
  return { launchers: launchersDir, nodeModules: null, node: process.execPath, hidden: [] };
}

/** The node_modules folder our launchers load their packages from (flying-squid), or null. */
function launcherModules(): string | null {
  try {
    const pkg = createRequire(join(launchersDir, 'package.json')).resolve('flying-squid/package.json');
    return dirname(dirname(pkg));
  } catch {
    return null;
  }
}

/**
 * The sandbox every game process and install command of the local driver runs in (bubblewrap for
 * the namespaces and the file system view, a cgroup for memory, CPU and processes). Found once per
 * driver. Where it cannot be made the driver refuses to start servers, unless the host set
 * PANEL_UNSAFE_NO_SANDBOX=true; then games run with what there is (no isolation, polled limits).
 */
export class Sandbox {
  readonly isRoot = process.getuid?.() === 0;
  private readonly mounts: SandboxMounts;

  private constructor(
    readonly report: SandboxReport,
    private readonly unsafe: boolean,
    private readonly dataDir: string,
  ) {
    this.mounts = { launchers: launchersDir, nodeModules: launcherModules(), node: process.execPath, hidden: [dataDir] };
  }

  /**
   * An open descriptor of the resolv.conf sandboxes get when the host's names a resolver on the
   * host's loopback (read at each start: DHCP may change it), or null when the host's serves.
   */
  private resolvConfFd(): number | null {
    let own: string | null;
    try {
      own = sandboxResolvConf(readFileSync('/etc/resolv.conf', 'utf8'));
    } catch {
      return null;
    }
    if (own === null) return null;
    const dir = join(this.dataDir, 'runtime');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const path = join(dir, 'sandbox-resolv.conf');
    writeFileSync(path, own, { mode: 0o600 });
    return openSync(path, constants.O_RDONLY);
  }

  /** Looks at this host once: bubblewrap, user namespaces, cgroups. */
  static async detect(options: { dataDir: string; unsafeNoSandbox: boolean; off?: boolean }): Promise<Sandbox> {
    if (options.off) return new Sandbox({ isolation: false, cgroups: null, ownNetwork: false, problem: 'the sandbox is turned off for this driver.' }, true, options.dataDir);
    const isRoot = process.getuid?.() === 0;
    const bwrapProblem = probeBwrap(isRoot);
    const networkProblem = bwrapProblem === null ? probeNetworkNamespace(isRoot) : null;
    const cgroups = await detectCgroupHost();
    const problem = bwrapProblem ?? networkProblem ?? (cgroups ? null : 'no cgroup (v2 at /sys/fs/cgroup, or v1 memory, cpu, cpuacct and pids) can be made by the panel on this host.');
    return new Sandbox({ isolation: bwrapProblem === null, cgroups, ownNetwork: bwrapProblem === null && networkProblem === null, problem }, options.unsafeNoSandbox, options.dataDir);
  }

  /**
   * Whether game processes run isolated (bubblewrap, with a cgroup). Without cgroups the panel
   * cannot tell a sandboxed game's processes apart (they run in sessions of their own), so a host
   * without them runs games unsandboxed, and only with PANEL_UNSAFE_NO_SANDBOX=true.
   */
  get isolated(): boolean {
    return this.report.isolation && this.report.cgroups !== null;
  }

  /** Whether games run in a network namespace of their own (off the host's loopback and abstract sockets). */
  get ownNetwork(): boolean {
    return this.isolated && this.report.ownNetwork;
  }

  get cgroups(): CgroupHost | null {
    return this.report.cgroups;
  }

  /** Refuses a start (or install) where the sandbox cannot be made and the host did not accept the risk. */
  assertCanRun(): void {
    if (this.report.problem && !this.unsafe) {
      throw new RuntimeConflictError(`Game servers cannot be sandboxed on this host: ${this.report.problem} The panel does not run them without a sandbox unless PANEL_UNSAFE_NO_SANDBOX=true is set.`);
    }
  }

  /** The placeholders of the start command as the game sees them. */
  gamePaths(hostRoot: string): GamePaths {
    if (!this.isolated) return { root: hostRoot, node: process.execPath, launchers: launchersDir };
    return { root: SANDBOX_ROOT, node: sandboxNodePath(process.execPath).path, launchers: `${SANDBOX_RUNTIME}/launchers` };
  }

  /** Maps a path inside the server's folder on the host to the same path inside the sandbox. */
  toSandboxPath(hostRoot: string, path: string): string {
    if (!this.isolated) return path;
    if (path === hostRoot) return SANDBOX_ROOT;
    return path.startsWith(`${hostRoot}/`) ? `${SANDBOX_ROOT}${path.slice(hostRoot.length)}` : path;
  }

  /**
   * The program and arguments that run `command` (argv) sandboxed in the server's folder, with
   * the spawn options for the user. The caller passes a pipe as descriptor 3 and writes "go"
   * into it once the process is in the server's cgroup (see `WRAPPER`), and `fds` from
   * descriptor 4 on, closing them once spawned (the server's folder, opened without following links).
   * With a network namespace of its own, `forwards` are the ports players reach it on (none for
   * an install command): pasta runs bubblewrap, see networkNamespace.ts.
   */
  wrap(hostRoot: string, uid: number, extraBinds: [string, string][], command: string[], forwards: PortForwards | null = null): WrappedCommand {
    if (!this.isolated) return { file: '/bin/sh', args: ['-c', WRAPPER, 'panel-game', ...command], ids: {}, fds: [] };
    const rootFd = openSync(hostRoot, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
    const resolvFd = this.ownNetwork ? this.resolvConfFd() : null;
    // In pasta's user namespace the server's user is root (0); bubblewrap maps it back to its own uid.
    const args = bwrapArgs(4, this.mounts, this.isRoot && !this.ownNetwork ? null : { uid, gid: uid }, resolvFd === null ? null : 5);
    for (const [from, to] of extraBinds) args.push('--bind', from, to);
    const sandbox = [BWRAP, ...args, '--', ...command];
    return {
      file: '/bin/sh',
      args: ['-c', WRAPPER, 'panel-sandbox', ...(this.ownNetwork ? inOwnNetwork(forwards, resolvFd !== null, sandbox) : sandbox)],
      // As root the sandbox runs as the server's own user; otherwise as the panel's, mapped inside.
      ids: this.isRoot ? { uid, gid: uid } : {},
      fds: resolvFd === null ? [rootFd] : [rootFd, resolvFd],
    };
  }
}
