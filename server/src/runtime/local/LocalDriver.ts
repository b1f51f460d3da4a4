import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { mkdirSync, promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { RecoveryResult, RuntimeDriver, RuntimeDriverEvents } from '../RuntimeDriver';
import { RootedFileSystem } from '../RootedFileSystem';
import { RuntimeConflictError, type PowerState, type ServerSpec, type ServerStats } from '../types';
import { runInstallStep } from '../install/runInstallStep';
import { describeError, InstallError } from '../install/InstallError';
import { NOTICE_PREFIX, ProcessSupervisor } from './ProcessSupervisor';
import { readProcessTable } from './procfs';
import { acquireDriverLock } from './driverLock';
import { TcpTrafficSampler, type SsRunner } from './network/TcpTrafficSampler';
import type { TrafficTotals } from './network/TcpTrafficMeter';

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

  constructor(private readonly options: LocalDriverOptions) {
    this.emitter.setMaxListeners(0);
    this.traffic = new TcpTrafficSampler({ log: options.log, run: options.runSs });
    mkdirSync(join(options.dataDir, 'servers'), { recursive: true });
    mkdirSync(join(options.dataDir, 'runtime'), { recursive: true, mode: 0o700 });
  }

  /** Takes the data directory's runtime lock and starts sampling. */
  async open(): Promise<void> {
    this.releaseLock ??= await acquireDriverLock(join(this.options.dataDir, 'runtime', 'driver.lock'));
    this.ticker ??= setInterval(() => void this.tick(), this.options.statsIntervalMs);
  }

  serverRoot(uuid: string): string {
    return join(this.options.dataDir, 'servers', uuid);
  }

  /** The supervisor of a server, attached (console followed) on first use. */
  private async supervisor(uuid: string): Promise<ProcessSupervisor> {
    const existing = this.servers.get(uuid);
    if (existing) return existing;
    let pending = this.attaching.get(uuid);
    if (!pending) {
      const supervisor = new ProcessSupervisor(
        uuid,
        {
          root: this.serverRoot(uuid),
          runtimeDir: join(this.options.dataDir, 'runtime', uuid),
          ringSize: this.options.ringSize,
          log: { maxBytes: this.options.logMaxBytes, keep: 3, pollMs: 250 },
          diskMaxAgeMs: this.options.diskMaxAgeMs,
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
    await this.supervisor(spec.uuid);
  }

  async install(spec: ServerSpec): Promise<void> {
    const supervisor = await this.supervisor(spec.uuid);
    if (supervisor.state !== 'offline') throw new RuntimeConflictError('Stop the server before installing it.');
    if (supervisor.installing) throw new RuntimeConflictError('The server is already being installed.');
    supervisor.installing = true;
    const lines: string[] = [];
    const flush = () => (lines.length ? supervisor.notice(...lines.splice(0)) : Promise.resolve());
    const context = {
      files: supervisor.files,
      root: this.serverRoot(spec.uuid),
      toolsDir: join(this.options.dataDir, 'tools'),
      log: (line: string) => {
        lines.push(`[Installer] ${line}`);
      },
    };
    try {
      await supervisor.notice('Installing the server.');
      for (const step of spec.install) {
        await runInstallStep(context, step);
        await flush();
      }
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
    await (await this.supervisor(spec.uuid)).start(spec);
  }

  async stop(uuid: string): Promise<void> {
    await this.servers.get(uuid)?.stop();
  }

  async restart(spec: ServerSpec): Promise<void> {
    const supervisor = await this.supervisor(spec.uuid);
    await supervisor.stop();
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
    await fs.rm(this.serverRoot(uuid), { recursive: true, force: true });
    await fs.rm(join(this.options.dataDir, 'runtime', uuid), { recursive: true, force: true });
  }

  async recover(spec: ServerSpec): Promise<RecoveryResult> {
    return (await this.supervisor(spec.uuid)).recover(spec);
  }

  async detachAll(): Promise<void> {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    await Promise.all([...this.servers.values()].map((s) => s.detach()));
    this.servers.clear();
    await this.releaseLock?.();
    this.releaseLock = null;
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

  files(uuid: string): RootedFileSystem {
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
    const [table, traffic] = await Promise.all([
      readProcessTable().catch(() => []),
      owners.size > 0 ? this.traffic.sample(owners) : Promise.resolve(null),
    ]);
    const now = Date.now();
    for (const supervisor of running) {
      const key = ownerKeys.get(supervisor.uuid);
      // A server that started again while `ss` ran has new totals to count: none yet.
      const sameRun = key !== undefined && supervisor.trafficOwner()?.key === key;
      const totals: TrafficTotals | null = (sameRun && traffic?.get(key)) || null;
      const stats = supervisor.sample(table, now, totals);
      if (!stats) continue;
      this.lastStats.set(supervisor.uuid, stats);
      this.emitter.emit('stats', supervisor.uuid, stats);
    }
  }
}

export { NOTICE_PREFIX };
