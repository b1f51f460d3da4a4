import type { ConfigFileFormat } from '../games/config-files/ConfigFieldSpec';
import type { ConfigRewrite } from '../games/config-files/rewrites';

/** Power states of a game server, in the order a start goes through them. */
export const powerStates = ['offline', 'starting', 'running', 'stopping'] as const;
export type PowerState = (typeof powerStates)[number];

/** What a customer can ask of a server's power. */
export const powerSignals = ['start', 'stop', 'restart', 'kill'] as const;
export type PowerSignal = (typeof powerSignals)[number];

/** Limits from the server's plan. */
export interface ResourceLimits {
  memoryMb: number;
  /** 100 = one core. The local driver holds a server to it with a cgroup CPU quota (CpuThrottle where there is none). */
  cpuPercent: number;
  diskMb: number;
}

/**
 * What a limit change did to a running server: which limits hold from now on (the kernel's cgroup,
 * or the panel's own CPU pauses and polling), and whether the game must restart to use them (its
 * start command sizes its heap from the memory limit).
 */
export interface LimitUpdate {
  /** The server runs: there was something to change live. */
  running: boolean;
  /** Limits that hold from now on for the running process. */
  appliedLive: ('memory' | 'cpu' | 'disk')[];
  /** The game only uses a new memory limit after a restart (its heap is sized at start). */
  restartNeeded: boolean;
}

/** Transport protocol of a game's port. */
export type PortProtocol = 'tcp' | 'udp';

/** How a server is asked to stop: a console command (`stop`) or a signal (SIGINT). */
export type StopAction = { type: 'command'; value: string } | { type: 'signal'; value: NodeJS.Signals };

/** One install step; see install/runInstallStep.ts for what each does. */
export type InstallStep =
  | { type: 'require-binary'; binary: string; hint: string }
  | { type: 'require-node-module'; module: string }
  | { type: 'download'; url: string; to: string; sha1?: string; executable?: boolean }
  | { type: 'minecraft-server-jar'; version: string; to: string }
  | { type: 'steamcmd'; appId: number; beta?: string }
  | { type: 'extract-zip'; archive: string; subdir?: string; removeArchive?: boolean }
  | { type: 'chmod'; path: string; mode: number }
  | { type: 'write-file'; path: string; content: string; overwrite: boolean; executable?: boolean }
  | { type: 'properties-defaults'; path: string; values: Record<string, string> }
  | { type: 'java-installer'; jar: string; args: string[] }
  /** An egg's install script, run in its own container with the server's folder at /mnt/server (container nodes only). */
  | { type: 'egg-script'; script: string; container: string; entrypoint: string };

/**
 * Everything a driver needs to run one server, with the template's variables already filled in.
 * Built by the runtime manager from the database rows and the template code.
 */
export interface ServerSpec {
  uuid: string;
  /** The node the server is placed on; absent: the panel's own machine (or a runtime of one node). */
  nodeId?: number;
  /** Shell command line; variable values are already shell-quoted. */
  startCommand: string;
  /** The container image of the template (container drivers only). */
  image?: string;
  env: Record<string, string>;
  /** Regular expressions (sources); the first output line matching one marks the server running. */
  doneRegex: string[];
  stop: StopAction;
  /** Time a stop may take before the server is killed. */
  stopTimeoutMs: number;
  limits: ResourceLimits;
  /** The primary port, with the protocol players use on it (the local driver measures TCP traffic only). */
  allocation: { ip: string; port: number; protocol: PortProtocol };
  /** The template's extra ports by name (query, rcon …); their traffic counts as the server's too. */
  extraPorts: Record<string, number>;
  install: InstallStep[];
  /** Keys the panel rewrites in config files before each start (server-port and the like). */
  managedConfig: {
    path: string;
    format: ConfigFileFormat;
    escaping?: 'java' | 'none';
    /** The text a missing file starts from. */
    initial?: string;
    values: Record<string, string>;
  }[];
  /** An egg's rewrites of other config files (file, json, yaml, xml), placeholders filled in; applied before each start. */
  configRewrites?: ConfigRewrite[];
}

/** A resource sample of one server. */
export interface ServerStats {
  state: PowerState;
  /** CPU use in percent of one core (may exceed 100 on several cores). */
  cpuPercent: number;
  /** Whether the server was held back to its plan's CPU limit during the last sample period (at least the last second). */
  cpuLimited: boolean;
  /**
   * Whether the kernel holds the server to its limits (a cgroup: memory, CPU quota, processes).
   * False where no cgroup can be made: the panel then holds the CPU limit by pausing the server
   * and checks memory by polling (see local/CpuThrottle.ts).
   */
  kernelLimits: boolean;
  memoryBytes: number;
  memoryLimitBytes: number;
  diskBytes: number;
  diskLimitBytes: number;
  /**
   * Bytes received and sent on the server's ports since it started. Null where the driver cannot
   * tell a server's own traffic (the local driver measures TCP games only, and needs `ss`).
   */
  networkRxBytes: number | null;
  networkTxBytes: number | null;
  uptimeMs: number;
}

/** How a server is kept apart from the host and the other servers (for the overview). */
export interface ServerIsolation {
  /** It runs in its sandbox (own user, own file system view, namespaces); false only with PANEL_UNSAFE_NO_SANDBOX=true. */
  sandboxed: boolean;
  /** The kernel holds its limits (a cgroup); false: CPU held by pausing it, memory checked by polling. */
  kernelLimits: boolean;
  /** It runs in a network namespace of its own: the panel's port, loopback services and abstract sockets of the host are out of its reach. */
  hostNetworkBlocked: boolean;
  /** The kernel holds its disk quota (a file system of its own, the plan's size); false: the panel checks its disk use every few seconds. */
  kernelDiskQuota: boolean;
}

/** Why a server stopped without being asked to. */
export interface CrashInfo {
  exitCode: number | null;
  signal: string | null;
  /** 'exit': the process ended; 'memory' / 'disk': the panel stopped it for exceeding a limit. */
  reason: 'exit' | 'memory' | 'disk';
  message: string;
}

/** Thrown when a server cannot do what was asked in its current state (answered as 409). */
/** Prefix of the lines the panel itself writes into a server's console (every driver's). */
export const NOTICE_PREFIX = '[Panel]';

export class RuntimeConflictError extends Error {}

/** The server's console input could not take the command: nothing reads it, or it is full (answered as 409). */
export class ConsoleInputError extends Error {}
