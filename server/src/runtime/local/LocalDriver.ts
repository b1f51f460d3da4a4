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
import { RuntimeConflictError, type LimitUpdate, type PowerState, type ResourceLimits, type ServerIsolation, type ServerSpec, type ServerStats } from '../types';
import { runInstallStep } from '../install/runInstallStep';
import { describeError, InstallError } from '../install/InstallError';
import type { InstallContext } from '../install/InstallContext';
import { NOTICE_PREFIX, ProcessSupervisor } from './ProcessSupervisor';
import { readProcessTable } from './procfs';
import { acquireDriverLock } from './driverLock';
import { TcpTrafficSampler, type SsRunner } from './network/TcpTrafficSampler';
import type { TrafficTotals } from './network/TcpTrafficMeter';
import { Sandbox, type GamePaths } from './sandbox/Sandbox';
import { SandboxUsers } from './sandbox/sandboxUsers';
import { claimFiles } from './sandbox/claimFiles';
import { HostFirewall } from './sandbox/hostFirewall';
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
  private readonly traffic: TcpTrafficSampler;
  private sampling = false;
  private sandboxFound: Promise<Sandbox> | null = null;
  /** The sandbox, once `open` has looked at the host. */
  private sandboxNow: Sandbox | null = null;
  private readonly users: SandboxUsers;
  /** The rule keeping sandboxes off the host's own services, once `open` tried to install it. */
  private firewall: HostFirewall | null = null;
  private firewallProblem: string | null = 'the panel has not looked yet.';
  /** Each server's own file system (its disk quota held by the kernel), where the host allows. */
  private readonly disks: ServerDisks;

  constructor(private readonly options: LocalDriverOptions) {
    this.emitter.setMaxListeners(0);
    this.users = new SandboxUsers(join(options.dataDir, 'runtime', 'sandbox-uids.json'));
    this.traffic = new TcpTrafficSampler({ log: options.log, run: options.runSs });
    this.disks = new ServerDisks({ dataDir: options.dataDir, enabled: options.diskImages !== false && !options.sandboxOff, log: options.log });
    mkdirSync(join(options.dataDir, 'servers'), { recursive: true });
    mkdirSync(join(options.dataDir, 'runtime'), { recursive: true, mode: 0o700 });
  }

  /** Takes the data directory's runtime lock and starts sampling. */
  async open(): Promise<void> {
    this.releaseLock ??= await acquireDriverLock(join(this.options.dataDir, 'runtime', 'driver.lock'));
    const sandbox = await this.sandbox();
    if (sandbox.isolated && sandbox.isRoot) await this.openWayToServers();
    const { problem, cgroups } = sandbox.report;
    if (problem === null) this.options.log?.info({ cgroups: cgroups?.version }, 'game servers run sandboxed (bubblewrap, cgroups)');
    else if (this.options.unsafeNoSandbox) this.options.log?.warn({ problem }, 'PANEL_UNSAFE_NO_SANDBOX=true: game servers run WITHOUT a (complete) sandbox');
    else this.options.log?.warn({ problem }, 'game servers cannot be sandboxed on this host; starting them is refused');
    await this.guardHostNetwork(sandbox);
    await this.disks.open();
    // Before any request: what an upload, extraction or pull cut short by a crash left behind goes.
    const removed = await removeAllStagingLeftovers(join(this.options.dataDir, 'servers'), (uuid, error) => this.options.log?.warn({ err: error, server: uuid }, 'could not clean staging leftovers'));
    if (removed > 0) this.options.log?.info({ removed }, 'staging leftovers of interrupted file operations removed');
    this.ticker ??= setInterval(() => void this.tick(), this.options.statsIntervalMs);
  }

  /**
   * bubblewrap runs as the server's user and resolves the server's folder on the host: the data
   * dir and its servers folder get execute (pass-through) for others, never read. What is in
   * them stays closed (the secret and runtime files are 0600/0700, each server's folder 0700
   * and its own user's), and only the sandbox's wrapper and bubblewrap run as those users outside
   * a sandbox.
   */
  private async openWayToServers(): Promise<void> {
    for (const dir of [this.options.dataDir, join(this.options.dataDir, 'servers')]) {
      const { mode } = await fs.stat(dir);
      if ((mode & 0o001) === 0) await fs.chmod(dir, (mode & 0o7777) | 0o001);
    }
  }

  /** Installs the rule that keeps sandboxes off the host's own addresses, or records why it cannot. */
  private async guardHostNetwork(sandbox: Sandbox): Promise<void> {
    if (this.firewall) return;
    if (!sandbox.isolated) this.firewallProblem = 'game servers do not run sandboxed here.';
    else if (this.options.hostFirewall === false) this.firewallProblem = 'turned off for this driver.';
    else {
      const firewall = await HostFirewall.install();
      this.firewallProblem = firewall.report.problem;
      if (firewall.report.active) this.firewall = firewall;
      else
        void HostFirewall.installLater().then((later) => {
          if (!later) return;
          this.firewall = later;
          this.firewallProblem = null;
        });
    }
    if (sandbox.ownNetwork) this.options.log?.info("game servers run in network namespaces of their own (pasta): the host's loopback and abstract sockets are out of their reach");
    if (this.firewall) this.options.log?.info("game servers cannot connect to the host's own addresses (nftables table inet panel_sandbox)");
    else if (sandbox.ownNetwork) this.options.log?.warn({ problem: this.firewallProblem }, "game servers can reach the host's other addresses through their network namespace (no nftables rule)");
    else this.options.log?.warn({ problem: this.firewallProblem }, "game servers can connect to the host's own services (the panel's port, loopback services)");
  }

  /** A running server may reach exactly its current ports on the host from now on. */
  async portsChanged(spec: ServerSpec): Promise<void> {
    if (this.state(spec.uuid) === 'offline') return;
    await this.allowOwnPorts(spec);
  }

  /** Lets a server reach its own ports on the host, the rest of the host staying closed to it. */
  private async allowOwnPorts(spec: ServerSpec): Promise<void> {
    if (!this.firewall) return;
    await this.firewall.allow(await this.users.uidOf(spec.uuid), [spec.allocation.port, ...Object.values(spec.extraPorts)]);
  }

  /** The sandbox of this host, looked for once. */
  private sandbox(): Promise<Sandbox> {
    this.sandboxFound ??= Sandbox.detect({ dataDir: this.options.dataDir, unsafeNoSandbox: this.options.unsafeNoSandbox ?? false, off: this.options.sandboxOff }).then((found) => {
      this.sandboxNow = found;
      return found;
    });
    return this.sandboxFound;
  }

  /** Whether the game servers run sandboxed, and why not (for the overview and the logs). */
  sandboxReport(): (ServerIsolation & { problem: string | null; networkProblem: string | null; diskProblem: string | null }) | null {
    const sandbox = this.sandboxNow;
    return (
      sandbox && {
        sandboxed: sandbox.isolated,
        kernelLimits: sandbox.cgroups !== null,
        problem: sandbox.report.problem,
        // Its own network namespace keeps a game off the host's loopback (the panel's port, local
        // services) and abstract sockets; the nftables rule is the second layer, for the host's
        // other addresses. Without a namespace only the rule holds, and never for abstract sockets.
        hostNetworkBlocked: sandbox.ownNetwork,
        networkProblem: sandbox.ownNetwork ? (this.firewall ? null : this.firewallProblem) : (sandbox.report.problem ?? this.firewallProblem),
        kernelDiskQuota: this.disks.problem === null,
        diskProblem: this.disks.problem,
      }
    );
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
    if (!this.sandboxNow) throw new Error('The local driver is not open.');
    return this.sandboxNow.gamePaths(this.serverRoot(uuid));
  }

  /** The supervisor of a server, attached (console followed) on first use. */
  private async supervisor(uuid: string): Promise<ProcessSupervisor> {
    const existing = this.servers.get(uuid);
    if (existing) return existing;
    let pending = this.attaching.get(uuid);
    if (!pending) {
      const sandbox = this.sandboxNow ?? (await this.sandbox());
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
    await this.allowOwnPorts(spec);
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
    await this.allowOwnPorts(spec);
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
    await this.allowOwnPorts(spec);
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

  private readonly lastStats = new Map<string, ServerStats>();

  stats(uuid: string): ServerStats | null {
    const state = this.state(uuid);
    return state === 'offline' ? null : (this.lastStats.get(uuid) ?? null);
  }

  files(uuid: string): ServerFiles {
    const root = this.serverRoot(uuid);
    // Fresh: statfs of its own file system, else a walk; else the supervisor's figure of a few seconds.
    return new RootedServerFiles(this.rootedFiles(uuid), (fresh) => (fresh ? measureFolder(root) : this.diskBytes(uuid)));
  }

  rootedFiles(uuid: string): RootedFileSystem {
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

  /** One process-table scan and one `ss` run per tick serve every running server. */
  private async tick(): Promise<void> {
    if (this.sampling) return;
    const running = [...this.servers.values()].filter((s) => s.state !== 'offline');
    if (running.length === 0) return;
    this.sampling = true;
    try {
      await this.sampleAll(running);
    } finally {
      this.sampling = false;
    }
  }

  private async sampleAll(running: ProcessSupervisor[]): Promise<void> {
    const owners = new Map<number, string>();
    const ownerKeys = new Map<string, string>();
    for (const supervisor of running) {
      const owner = supervisor.trafficOwner();
      if (!owner) continue;
      ownerKeys.set(supervisor.uuid, owner.key);
      for (const port of owner.ports) owners.set(port, owner.key);
    }
    const [table, traffic] = await Promise.all([readProcessTable().catch(() => []), owners.size > 0 ? this.traffic.sample(owners) : Promise.resolve(null)]);
    const now = Date.now();
    await Promise.all(
      running.map(async (supervisor) => {
        const key = ownerKeys.get(supervisor.uuid);
        // A server that started again while `ss` ran has new totals to count: none yet.
        const sameRun = key !== undefined && supervisor.trafficOwner()?.key === key;
        const totals: TrafficTotals | null = (sameRun && traffic?.get(key)) || null;
        const stats = await supervisor.sample(table, now, totals);
        if (!stats) return;
        this.lastStats.set(supervisor.uuid, stats);
        this.emitter.emit('stats', supervisor.uuid, stats);
      }),
    );
  }
}

export { NOTICE_PREFIX };
