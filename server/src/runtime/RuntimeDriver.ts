import type { CrashInfo, LimitUpdate, PowerState, ResourceLimits, ServerIsolation, ServerSpec, ServerStats } from './types';
import type { ServerFiles } from './files/ServerFiles';

/** Events a driver reports, each with the server's uuid. */
export interface RuntimeDriverEvents {
  /** A console line (output of the game, or a panel notice prefixed with `[Panel]`). */
  output: (uuid: string, line: string) => void;
  state: (uuid: string, state: PowerState) => void;
  stats: (uuid: string, stats: ServerStats) => void;
  /** The server stopped without being asked to (exit, or killed for exceeding a limit). */
  crashed: (uuid: string, info: CrashInfo) => void;
}

/** A server's files as one tar stream read on its node (exportFiles); close it when done, read or not. */
export interface FilesArchive {
  /**
   * Reads the archive front to back, each piece handed to `take` as it is read: valid only during
   * the call (the reader reuses its memory, so a gigabyte passes without a gigabyte of garbage);
   * `take` answering false pauses the reading until `resume`. Resolves at the archive's end.
   */
  read(take: (piece: Buffer) => boolean): Promise<void>;
  /** Goes on reading after `take` asked to pause. */
  resume(): void;
  close(): Promise<void>;
}

/** How an archive is written into a server's storage (importFiles). */
export interface FilesImportOptions {
  /** Bytes of file content written so far. */
  onBytes?: (bytes: number) => void;
  /** Stops the import; what was written stays until the server's copy is destroyed. */
  signal?: AbortSignal;
}

/** What a driver found for a server when the panel started. */
export type RecoveryResult = 'adopted' | 'not-running';

/**
 * The runtime a game server runs on. The local driver runs child processes on this machine; a
 * Kubernetes driver can implement the same interface (pods, volumes, exec for commands) and the
 * routes and the manager stay as they are.
 *
 * Drivers enforce the resource limits of the spec they were given (memory, disk) and report
 * state changes, console output and stats through `on`. Policy (who may do what, suspension,
 * restart after a crash) is the manager's.
 */
export interface RuntimeDriver {
  readonly name: string;
  /** Starts the driver (locks, samplers). Called once before anything else. */
  open(): Promise<void>;
  /** The server's folder on the panel's machine (the file manager's root). */
  serverRoot(uuid: string): string;
  /**
   * The server's folder, Node and our launchers as the game process sees them (ROOT, NODE, LAUNCHERS
   * in templates), on the node `nodeId` when the runtime drives several (the server's node).
   */
  gamePaths(uuid: string, nodeId?: number | null): { root: string; node: string; launchers: string };
  /** Prepares the server's storage. Idempotent. */
  create(spec: ServerSpec): Promise<void>;
  /** Runs the install steps; output goes to the console stream. Rejects with the real reason. */
  install(spec: ServerSpec): Promise<void>;
  /** Starts the server (offline → starting → running once the done line appears). */
  start(spec: ServerSpec): Promise<void>;
  /** Asks the server to stop, and kills it after `spec.stopTimeoutMs`. Resolves once offline. */
  stop(uuid: string): Promise<void>;
  /** Stop (waiting for it), then start. */
  restart(spec: ServerSpec): Promise<void>;
  /** Kills the server and every process it started, at once. */
  kill(uuid: string): Promise<void>;
  /** Writes a line to the server's console input. */
  sendCommand(uuid: string, command: string): Promise<void>;
  /** Removes the server and its files (killing it first). */
  destroy(uuid: string): Promise<void>;
  /** Attaches to a server that may still run from before the panel restarted. */
  recover(spec: ServerSpec): Promise<RecoveryResult>;
  /** Stops watching every server without stopping them (panel shutdown keeps them running). */
  detachAll(): Promise<void>;
  /**
   * The server's ports changed (added, removed, another primary): a running server's host-network
   * allowance follows at once (a removed port may go to another server); the game itself sees
   * the new ports at its next start. Optional: drivers without a host firewall need nothing.
   */
  portsChanged?(spec: ServerSpec): Promise<void>;
  /**
   * Holds a running server to new limits at once where the runtime can (memory and CPU of its
   * cgroup, or the panel's CPU pauses and memory polling; the disk quota); an offline server gets
   * them at its next start.
   */
  updateLimits(uuid: string, limits: ResourceLimits): Promise<LimitUpdate>;
  /** Writes a panel notice (`[Panel] …`) into the server's console. */
  notice(uuid: string, message: string): Promise<void>;
  state(uuid: string): PowerState;
  isInstalling(uuid: string): boolean;
  /** Disk use of the server's files (a cached figure is fine), running or not. */
  diskBytes(uuid: string): Promise<number>;
  /** The last console lines, oldest first. */
  recentOutput(uuid: string, limit?: number): string[];
  /** The latest resource sample, or one with zeroes when the server is offline. */
  stats(uuid: string): ServerStats | null;
  /** How the server is (or, offline, will be) kept apart from the host: sandbox, kernel limits, host network. */
  isolation(uuid: string): ServerIsolation;
  /** The server's files through the file port, every path resolved inside its root (wherever the server runs). */
  files(uuid: string): ServerFiles;
  /**
   * Optional, for moves between nodes: the stopped server's files as one tar stream read by its
   * node, which another node of the same kind writes with importFiles. A move between drivers
   * that both have them streams the archive from node to node through the panel; otherwise it
   * copies file by file through the file port.
   */
  exportFiles?(uuid: string, signal?: AbortSignal): Promise<FilesArchive>;
  /**
   * Optional, see exportFiles: writes such an archive into the server's storage (made by create)
   * as it arrives, keeping only folders and files (links and special files left out), and
   * resolves once it is on the node's disk.
   */
  importFiles?(uuid: string, archive: FilesArchive, options?: FilesImportOptions): Promise<void>;
  on<E extends keyof RuntimeDriverEvents>(event: E, listener: RuntimeDriverEvents[E]): void;
  off<E extends keyof RuntimeDriverEvents>(event: E, listener: RuntimeDriverEvents[E]): void;
}
