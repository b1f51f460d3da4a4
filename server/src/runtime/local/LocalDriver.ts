import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { mkdirSync, promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { RecoveryResult, RuntimeDriver, RuntimeDriverEvents } from '../RuntimeDriver';
import { RootedFileSystem } from '../RootedFileSystem';
import type { ServerFiles } from '../files/ServerFiles';
import { RootedServerFiles } from '../files/rooted/RootedServerFiles';
import { measureFolder } from './DiskUsage';
import { removeAllStagingLeftovers } from './stagingLeftovers';
import { NOTICE_PREFIX, RuntimeConflictError, type LimitUpdate, type PowerState, type ResourceLimits, type ServerIsolation, type ServerSpec, type ServerStats } from '../types';
import { runInstallStep } from '../install/runInstallStep';
import { describeError, InstallError } from '../install/InstallError';
import type { InstallContext } from '../install/InstallContext';
import { ProcessSupervisor } from './ProcessSupervisor';
import { acquireDriverLock } from './driverLock';
import type { SsRunner } from './network/TcpTrafficSampler';
import { ServerSampler } from './ServerSampler';
import type { GamePaths, Sandbox } from './sandbox/Sandbox';
import { SandboxUsers } from './sandbox/sandboxUsers';
import { claimFiles } from './sandbox/claimFiles';
import { HostIsolation, type HostIsolationReport } from './sandbox/HostIsolation';
import { ServerDisks } from './disk/ServerDisks';

export interface LocalDriverOptions {
  /** The panel's data directory: servers/<uuid> holds each server's files, runtime/<uuid> ours. */
  dataDir: string;
  statsIntervalMs: number;
  /** Console lines kept in memory per server. */
  ringSize: number;
  /** Rotate a server's console log past this size. */
  logMaxBytes: number;
  diskMaxAgeMs: number;
  /** Where the driver reports trouble of its own (a missing `ss`). */
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** How the TCP connection table is read (default: iproute2's `ss`). */
  runSs?: SsRunner;
  /**
   * Run game servers even where no sandbox can be made (PANEL_UNSAFE_NO_SANDBOX=true): without
   * isolation, and with polled limits where there are no cgroups. Never the default.
   */
  unsafeNoSandbox?: boolean;
  /**
   * Keep sandboxes off the host's own services with the panel's nftables table (default true;
   * it needs root and `nft`, see sandbox/hostFirewall.ts).
   */
  hostFirewall?: boolean;
  /**
   * Runs games as plain child processes (no bubblewrap, no cgroup), as on a host without a
   * sandbox with PANEL_UNSAFE_NO_SANDBOX=true. Only for measuring the sandbox's cost (bench/sandbox).
   */
  sandboxOff?: boolean;
  /**
   * Give each server with a disk limit a file system of its own, the plan's size, so the kernel
   * holds the quota (default true; it needs root and loop devices, see disk/DiskImages.ts).
   */
  diskImages?: boolean;
}

export const localDriverDefaults: Omit<LocalDriverOptions, 'dataDir'> = {
  statsIntervalMs: 1000,
  ringSize: 1000,
  logMaxBytes: 8 * 1024 * 1024,
  diskMaxAgeMs: 10_000,
};

/**
 * Runs every game server as a child process on this machine, in `<dataDir>/servers/<uuid>`.
 * One lock per data directory makes sure a single panel process runs them.
 */
export class LocalDriver implements RuntimeDriver {
  readonly name = 'local';
  private readonly emitter = new EventEmitter();
  private readonly servers = new Map<string, ProcessSupervisor>();
  private readonly attaching = new Map<string, Promise<ProcessSupervisor>>();
  private ticker: NodeJS.Timeout | null = null;
  private releaseLock: (() => Promise<void>) | null = null;
  private readonly sampler: ServerSampler;
  private readonly users: SandboxUsers;
  /** The sandbox and the host firewall: how servers are kept apart from this machine. */
  private readonly host: HostIsolation;
  /** Each server's own file system (its disk quota held by the kernel), where the host allows. */
  private readonly disks: ServerDisks;

  constructor(private readonly options: LocalDriverOptions) {
    this.emitter.setMaxListeners(0);
    this.users = new SandboxUsers(join(options.dataDir, 'runtime', 'sandbox-uids.json'));
    this.host = new HostIsolation(options, this.users);
    this.sampler = new ServerSampler({
      log: options.log,
      runSs: options.runSs,
      running: () => [...this.servers.values()].filter((s) => s.state !== 'offline'),
      sampled: (uuid, stats) => this.emitter.emit('stats', uuid, stats),
    });
    this.disks = new ServerDisks({ dataDir: options.dataDir, enabled: options.diskImages !== false && !options.sandboxOff, log: options.log });
    mkdirSync(join(options.dataDir, 'servers'), { recursive: true });
    mkdirSync(join(options.dataDir, 'runtime'), { recursive: true, mode: 0o700 });
  }

  /** Takes the data directory's runtime lock and starts sampling. */
  async open(): Promise<void> {
    this.releaseLock ??= await acquireDriverLock(join(this.options.dataDir, 'runtime', 'driver.lock'));
    await this.host.open();
    await this.disks.open();
    // Before any request: what an upload, extraction or pull cut short by a crash left behind goes.
    const removed = await removeAllStagingLeftovers(join(this.options.dataDir, 'servers'), (uuid, error) => this.options.log?.warn({ err: error, server: uuid }, 'could not clean staging leftovers'));
    if (removed > 0) this.options.log?.info({ removed }, 'staging leftovers of interrupted file operations removed');
    // Each tick samples in full or is skipped; nothing waits for it.
    this.ticker ??= setInterval(() => void this.sampler.tick(), this.options.statsIntervalMs);
  }

  /** A running server may reach exactly its current ports on the host from now on. */
  async portsChanged(spec: ServerSpec): Promise<void> {
    if (this.state(spec.uuid) === 'offline') return;
    await this.host.allowOwnPorts(spec);
  }

  /** The sandbox of this host, looked for once. */
  private sandbox(): Promise<Sandbox> {
    return this.host.sandbox();
  }

  /** Whether the game servers run sandboxed, and why not (for the overview and the logs). */
  sandboxReport(): (HostIsolationReport & { kernelDiskQuota: boolean; diskProblem: string | null }) | null {
    const report = this.host.report();
    return report && { ...report, kernelDiskQuota: this.disks.problem === null, diskProblem: this.disks.problem };
  }

  /** How a server is isolated: the running process's own limits, else what its next start gets. */
  isolation(uuid: string): ServerIsolation {
    const report = this.sandboxReport();
    const stats = this.stats(uuid);
    return {
      sandboxed: report?.sandboxed ?? false,
      kernelLimits: stats?.kernelLimits ?? report?.kernelLimits ?? false,
      hostNetworkBlocked: report?.hostNetworkBlocked ?? false,
      kernelDiskQuota: this.disks.kernelQuota(uuid),
    };
  }

  /** The server's folder on this machine. */
  serverRoot(uuid: string): string {
    return join(this.options.dataDir, 'servers', uuid);
  }

  gamePaths(uuid: string): GamePaths {
    const sandbox = this.host.current;
    if (!sandbox) throw new Error('The local driver is not open.');
    return sandbox.gamePaths(this.serverRoot(uuid));
  }

  /** The supervisor of a server, attached (console followed) on first use. */
  private async supervisor(uuid: string): Promise<ProcessSupervisor> {
    const existing = this.servers.get(uuid);
    if (existing) return existing;
    let pending = this.attaching.get(uuid);
    if (!pending) {
      const sandbox = this.host.current ?? (await this.sandbox());
      const again = this.servers.get(uuid) ?? this.attaching.get(uuid);
      if (again) return again;
      const supervisor = new ProcessSupervisor(
        uuid,
        {
          root: this.serverRoot(uuid),
          runtimeDir: join(this.options.dataDir, 'runtime', uuid),
          ringSize: this.options.ringSize,
          log: { maxBytes: this.options.logMaxBytes, keep: 3, pollMs: 250 },
          diskMaxAgeMs: this.options.diskMaxAgeMs,
          sandbox,
          uid: () => this.users.uidOf(uuid),
        },
        {
          output: (line) => this.emitter.emit('output', uuid, line),
          state: (state) => this.emitter.emit('state', uuid, state),
          crashed: (info) => this.emitter.emit('crashed', uuid, info),
        },
      );
      pending = supervisor.attach().then(() => {
        this.servers.set(uuid, supervisor);
        this.attaching.delete(uuid);
        return supervisor;
      });
      this.attaching.set(uuid, pending);
    }
    return pending;
  }

  private known(uuid: string): ProcessSupervisor {
    const supervisor = this.servers.get(uuid);
    if (!supervisor) throw new RuntimeConflictError('The server is offline.');
    return supervisor;
  }

  async create(spec: ServerSpec): Promise<void> {
    await this.prepareDisk(spec, await this.supervisor(spec.uuid));
  }

  /** A stopped server's own file system, made, moved onto or resized to its plan (see ServerDisks). */
  private async prepareDisk(spec: ServerSpec, supervisor: ProcessSupervisor): Promise<void> {
    if (supervisor.state === 'offline' && !supervisor.installing) await this.disks.prepare(spec.uuid, spec.limits.diskMb, (line) => supervisor.notice(line));
  }

  async install(spec: ServerSpec): Promise<void> {
    const supervisor = await this.supervisor(spec.uuid);
    if (supervisor.state !== 'offline') throw new RuntimeConflictError('Stop the server before installing it.');
    if (supervisor.installing) throw new RuntimeConflictError('The server is already being installed.');
    const sandbox = await this.sandbox();
    sandbox.assertCanRun();
    await this.prepareDisk(spec, supervisor);
    if (supervisor.installing || supervisor.state !== 'offline') throw new RuntimeConflictError('The server is already being installed or started.');
    supervisor.installing = true;
    const lines: string[] = [];
    const flush = () => (lines.length ? supervisor.notice(...lines.splice(0)) : Promise.resolve());
    const root = this.serverRoot(spec.uuid);
    const claim = async () => {
      if (sandbox.isolated && sandbox.isRoot) await claimFiles(root, await this.users.uidOf(spec.uuid), await this.users.uidOf(spec.uuid));
    };
    const context: InstallContext = {
      files: supervisor.files,
      root,
      toolsDir: join(this.options.dataDir, 'tools'),
      log: (line: string) => {
        lines.push(`[Installer] ${line}`);
      },
    };
    if (sandbox.isolated) {
      const uid = await this.users.uidOf(spec.uuid);
      context.sandbox = (binds) => ({ wrap: (argv) => sandbox.wrap(root, uid, binds, argv) });
      context.sandboxPath = (path) => sandbox.toSandboxPath(root, path);
    }
    try {
      await claim();
      await supervisor.notice('Installing the server.');
      for (const step of spec.install) {
        await runInstallStep(context, step);
        await flush();
      }
      await claim();
      await supervisor.notice('Installation finished.');
    } catch (error) {
      await flush();
      const reason = error instanceof InstallError ? error.message : describeError(error);
      await supervisor.notice(`Installation failed: ${reason}`);
      throw new InstallError(reason);
    } finally {
      supervisor.installing = false;
    }
  }

  async start(spec: ServerSpec): Promise<void> {
    await this.host.allowOwnPorts(spec);
    const supervisor = await this.supervisor(spec.uuid);
    await this.prepareDisk(spec, supervisor);
    await supervisor.start(spec);
  }

  async stop(uuid: string): Promise<void> {
    await this.servers.get(uuid)?.stop();
  }

  async restart(spec: ServerSpec): Promise<void> {
    const supervisor = await this.supervisor(spec.uuid);
    await supervisor.stop();
    await this.host.allowOwnPorts(spec);
    await this.prepareDisk(spec, supervisor);
    await supervisor.start(spec);
  }

  async kill(uuid: string): Promise<void> {
    await this.servers.get(uuid)?.kill();
  }

  async sendCommand(uuid: string, command: string): Promise<void> {
    await this.known(uuid).sendCommand(command);
  }

  async destroy(uuid: string): Promise<void> {
    const supervisor = this.servers.get(uuid);
    if (supervisor) {
      await supervisor.kill();
      await supervisor.detach();
      this.servers.delete(uuid);
    }
    await this.disks.remove(uuid);
    await fs.rm(this.serverRoot(uuid), { recursive: true, force: true });
    await fs.rm(join(this.options.dataDir, 'runtime', uuid), { recursive: true, force: true });
    await this.users.release(uuid);
  }

  /**
   * Gives the files of a server back to its sandbox user after the panel changed them (the file
   * manager writes as the panel's user); never follows links. Nothing to do without a sandbox.
   */
  async claimFiles(uuid: string): Promise<void> {
    const sandbox = await this.sandbox();
    if (!sandbox.isolated || !sandbox.isRoot) return;
    const uid = await this.users.uidOf(uuid);
    await claimFiles(this.serverRoot(uuid), uid, uid);
  }

  async recover(spec: ServerSpec): Promise<RecoveryResult> {
    await this.host.allowOwnPorts(spec);
    const supervisor = await this.supervisor(spec.uuid);
    const result = await supervisor.recover(spec);
    // A server from before disk images gets its own at the panel's start, before any request.
    if (result === 'not-running') await this.prepareDisk(spec, supervisor);
    return result;
  }

  async detachAll(): Promise<void> {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    await Promise.all([...this.servers.values()].map((s) => s.detach()));
    this.servers.clear();
    await this.releaseLock?.();
    this.releaseLock = null;
  }

  async updateLimits(uuid: string, limits: ResourceLimits): Promise<LimitUpdate> {
    const supervisor = this.servers.get(uuid);
    const running = supervisor !== undefined && supervisor.state !== 'offline';
    // The kernel's quota follows at once where it can (grown online; shrunk only while stopped).
    const disk = await this.disks.resize(uuid, limits.diskMb, running || (supervisor?.installing ?? false));
    if (!supervisor) return { running: false, appliedLive: [], restartNeeded: false };
    const update = await supervisor.updateLimits(limits);
    if (disk !== 'deferred' || !update.running) return update;
    await supervisor.notice(`The server's disk takes its new size (${limits.diskMb} MiB) at the next start: restart the server.`);
    return { ...update, appliedLive: update.appliedLive.filter((limit) => limit !== 'disk'), restartNeeded: true };
  }

  async notice(uuid: string, message: string): Promise<void> {
    await (await this.supervisor(uuid)).notice(message);
  }

  state(uuid: string): PowerState {
    return this.servers.get(uuid)?.state ?? 'offline';
  }

  isInstalling(uuid: string): boolean {
    return this.servers.get(uuid)?.installing ?? false;
  }

  recentOutput(uuid: string, limit?: number): string[] {
    return this.servers.get(uuid)?.ring.toArray(limit) ?? [];
  }

  stats(uuid: string): ServerStats | null {
    const state = this.state(uuid);
    return state === 'offline' ? null : this.sampler.last(uuid);
  }

  files(uuid: string): ServerFiles {
    const root = this.serverRoot(uuid);
    // Fresh: statfs of its own file system, else a walk; else the supervisor's figure of a few seconds.
    return new RootedServerFiles(this.rootedFiles(uuid), (fresh) => (fresh ? measureFolder(root) : this.diskBytes(uuid)));
  }

  /** The folder behind the file port (the local driver's own; not part of the driver interface). */
  private rootedFiles(uuid: string): RootedFileSystem {
    const supervisor = this.servers.get(uuid);
    if (supervisor) return supervisor.files;
    mkdirSync(this.serverRoot(uuid), { recursive: true });
    return new RootedFileSystem(this.serverRoot(uuid));
  }

  /** Disk use of a server's folder (cached walk), whether it runs or not. */
  async diskBytes(uuid: string): Promise<number> {
    return (await this.supervisor(uuid)).diskBytes();
  }

  on<E extends keyof RuntimeDriverEvents>(event: E, listener: RuntimeDriverEvents[E]): void {
    this.emitter.on(event, listener);
  }

  off<E extends keyof RuntimeDriverEvents>(event: E, listener: RuntimeDriverEvents[E]): void {
    this.emitter.off(event, listener);
  }
}

export { NOTICE_PREFIX };
