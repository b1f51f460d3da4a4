import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { plans, servers, serverTemplates, type ServerRow } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import type { RuntimeDriver } from '../../runtime/RuntimeDriver';
import type { ServerFiles } from '../../runtime/files/ServerFiles';
import { CrashRestartPolicy, type CrashRestartOptions } from '../../runtime/crashRestartPolicy';
import { loadServerContext, specOf, type ServerContext } from './loadServerContext';
import { minecraftPing, type PlayerCount } from '../../runtime/query/minecraftPing';
import { findTemplate } from '../../games/templates';
import { ServerEventHub, type InstallStatus, type ServerResources } from '../../runtime/ServerEventHub';
import { OnlinePlayers, PANEL_LINE_MARK } from '../../runtime/players/OnlinePlayers';
import { customerMessage } from '../../lib/customerMessage';
import { ConsoleInputError } from '../../runtime/local/ConsoleInput';
import { RuntimeConflictError, type CrashInfo, type InstallStep, type PortProtocol, type PowerSignal, type PowerState, type ServerSpec, type ServerStats } from '../../runtime/types';

export interface RuntimeManagerOptions {
  db: Database;
  driver: RuntimeDriver;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  crashRestart: CrashRestartOptions;
  /** How often players online are asked for while a server runs. */
  playerQueryIntervalMs: number;
}

/** What the manager remembers of a server it runs: enough to enrich its stats. */
interface LiveServer {
  context: ServerContext;
  players: PlayerCount | null;
  playersAt: number;
  querying: boolean;
  /** The last resource sample, sent again at once when someone joins or leaves. */
  lastStats?: ServerStats;
}

/**
 * Connects the database and a runtime driver: power actions with their rules (suspension,
 * install state), desired state kept in the database so servers come back after a panel restart,
 * crash restarts with back-off, installs, and the event stream the console sockets follow.
 */
export class RuntimeManager {
  readonly events = new ServerEventHub();
  /** Who is online on each server, as the servers themselves report it. */
  readonly players = new OnlinePlayers();
  /** Run before every start (the sleep listener lets go of the port there). */
  private readonly startGuards: ((uuid: string) => Promise<void>)[] = [];
  private readonly stateListeners: ((uuid: string, state: PowerState) => void)[] = [];
  private readonly live = new Map<string, LiveServer>();
  private readonly installs = new Map<string, Promise<void>>();
  private readonly stateWrites = new Map<string, Promise<unknown>>();
  private readonly restartTimers = new Map<string, NodeJS.Timeout>();
  private readonly crashPolicy: CrashRestartPolicy;
  private closed = false;
  /** Why a server may not start now (a restore replacing its files), by uuid. */
  private readonly startHolds = new Map<string, string>();

  /** Rewrites a template's install steps before they run (the catalogue puts its own verified downloads in). */
  resolveInstallSteps: (steps: InstallStep[]) => Promise<InstallStep[]> = async (steps) => steps;

  constructor(private readonly options: RuntimeManagerOptions) {
    this.crashPolicy = new CrashRestartPolicy(options.crashRestart);
    const { driver } = options;
    driver.on('output', (uuid, line) => {
      if (!this.players.consume(uuid, line)) this.events.publish(uuid, { type: 'output', line });
    });
    // A join or leave reaches the pages at once (the count in a new sample), not with the next one.
    this.players.on('change', (uuid) => {
      const live = this.live.get(uuid);
      if (live?.lastStats?.state === 'running') this.publishStats(uuid, live.lastStats, live);
    });
    driver.on('state', (uuid, state) => this.onState(uuid, state));
    driver.on('stats', (uuid, stats) => this.onStats(uuid, stats));
    driver.on('crashed', (uuid, info) => void this.onCrash(uuid, info).catch((error: Error) => this.options.log.error({ err: error, server: uuid }, 'could not handle a crash')));
  }

  get driver(): RuntimeDriver {
    return this.options.driver;
  }

  private get db(): Database {
    return this.options.db;
  }

  async open(): Promise<void> {
    await this.driver.open();
  }

  state(uuid: string): PowerState {
    return this.driver.state(uuid);
  }

  /** The server's files through the driver's file port (wherever the server runs). */
  files(uuid: string): ServerFiles {
    return this.driver.files(uuid);
  }

  /** The driver spec of a loaded server, with its paths as the game sees them (its version, memory, ports). */
  spec(context: ServerContext): ServerSpec {
    return specOf(context, this.driver.gamePaths(context.server.uuid));
  }

  recentOutput(uuid: string, limit?: number): string[] {
    return this.driver.recentOutput(uuid, limit).filter((line) => !line.startsWith(PANEL_LINE_MARK));
  }

  /** Adds a step every start waits for first (e.g. releasing the game's port). */
  addStartGuard(guard: (uuid: string) => Promise<void>): void {
    this.startGuards.push(guard);
  }

  /** Hears every power state change of every server. */
  addStateListener(listener: (uuid: string, state: PowerState) => void): void {
    this.stateListeners.push(listener);
  }

  private async guardStart(uuid: string): Promise<void> {
    for (const guard of this.startGuards) await guard(uuid);
  }

  /** Carries out a power action once it is allowed; long parts (stopping) go on in the background. */
  async power(server: ServerRow, signal: PowerSignal): Promise<void> {
    const uuid = server.uuid;
    this.cancelCrashRestart(uuid);
    this.crashPolicy.reset(uuid);
    if (signal === 'stop' || signal === 'kill') {
      await this.setDesiredState(server.id, 'stopped');
      const action = signal === 'stop' ? this.driver.stop(uuid) : this.driver.kill(uuid);
      void action.catch((error: Error) => this.daemonError(uuid, error));
      return;
    }
    this.assertStartable(server);
    const context = await loadServerContext(this.db, server);
    const spec = specOf(context, this.driver.gamePaths(uuid));
    if (signal === 'start' && this.driver.state(uuid) !== 'offline') throw new RuntimeConflictError('The server is already running.');
    this.live.set(uuid, { context, players: null, playersAt: 0, querying: false });
    await this.setDesiredState(server.id, 'running');
    await this.guardStart(uuid);
    if (signal === 'start') {
      await this.driver.start(spec).catch(async (error: Error) => {
        await this.setDesiredState(server.id, 'stopped');
        throw error;
      });
      return;
    }
    void this.driver.restart(spec).catch((error: Error) => this.daemonError(uuid, error));
  }

  /** Writes a line to the server's console input. */
  async sendCommand(server: ServerRow, command: string): Promise<void> {
    if (server.suspended) throw new RuntimeConflictError('This server is suspended.');
    await this.driver.sendCommand(server.uuid, command);
  }

  /**
   * Holds a server offline (a restore is replacing its files): starts are refused with `reason`
   * until the answered function is called.
   */
  holdOffline(uuid: string, reason: string): () => void {
    this.startHolds.set(uuid, reason);
    return () => {
      if (this.startHolds.get(uuid) === reason) this.startHolds.delete(uuid);
    };
  }

  private assertStartable(server: ServerRow): void {
    const hold = this.startHolds.get(server.uuid);
    if (hold) throw new RuntimeConflictError(hold);
    if (server.suspended) throw new RuntimeConflictError('This server is suspended.');
    // A start racing an install is also refused by the driver (it knows when it installs).
    if (server.installStatus === 'installing') throw new RuntimeConflictError('The server is still being installed.');
    if (server.installStatus === 'install_failed') {
      throw new RuntimeConflictError(`The server could not be installed: ${server.installError ?? 'unknown error'}`);
    }
  }

  /**
   * Installs a server in the background (install_failed with the real reason when a step fails).
   * Resolves when the install has finished, whatever its outcome.
   */
  install(server: ServerRow, { startOnCompletion = false } = {}): Promise<void> {
    const running = this.installs.get(server.uuid);
    if (running) return running;
    // Started without waiting by the routes: a failure of the bookkeeping itself (the database
    // gone) is logged, never left as an unhandled rejection that would end the panel.
    const run = this.runInstall(server, startOnCompletion)
      .catch((error: Error) => this.options.log.error({ err: error, server: server.uuid }, 'could not finish an install'))
      .finally(() => this.installs.delete(server.uuid));
    this.installs.set(server.uuid, run);
    return run;
  }

  /** The install in progress, if any (tests and the CLI wait for it). */
  waitForInstall(uuid: string): Promise<void> {
    return this.installs.get(uuid) ?? Promise.resolve();
  }

  /**
   * Runs install steps of the panel's own on a stopped server (a software switch's installer),
   * where and how the template's steps run: in the server's sandbox, output on its console.
   */
  async runInstallSteps(server: ServerRow, steps: InstallStep[]): Promise<void> {
    const context = await loadServerContext(this.db, server);
    await this.driver.install({ ...specOf(context, this.driver.gamePaths(server.uuid)), install: steps });
  }

  private async runInstall(server: ServerRow, startOnCompletion: boolean): Promise<void> {
    const uuid = server.uuid;
    await this.setInstallStatus(server.id, uuid, 'installing', null);
    try {
      const context = await loadServerContext(this.db, server);
      const built = specOf(context, this.driver.gamePaths(uuid));
      await this.driver.create(built);
      // Steps resolved before the driver's install (a catalogue download) fail before it could say
      // so: the console says it here, as the driver does for its own steps.
      const install = await this.resolveInstallSteps(built.install).catch(async (error: Error) => {
        await this.driver.notice(uuid, `Installation failed: ${error.message || String(error)}`).catch(() => undefined);
        throw error;
      });
      await this.driver.install({ ...built, install });
      await this.setInstallStatus(server.id, uuid, 'installed', null);
      await recordAudit(this.db, { actorId: null, serverUuid: uuid, event: 'server.installed', ip: null });
    } catch (error) {
      const message = (error as Error).message || String(error);
      await this.setInstallStatus(server.id, uuid, 'install_failed', message);
      await recordAudit(this.db, { actorId: null, serverUuid: uuid, event: 'server.install-failed', ip: null, properties: { reason: message } });
      return;
    }
    const [fresh] = await this.db.select().from(servers).where(eq(servers.id, server.id));
    if (startOnCompletion && fresh && !fresh.suspended) await this.power(fresh, 'start').catch((error: Error) => this.daemonError(uuid, error));
  }

  private async setInstallStatus(id: number, uuid: string, status: InstallStatus, error: string | null): Promise<void> {
    await this.db
      .update(servers)
      .set({ installStatus: status, installError: error, updatedAt: new Date(), ...(status === 'installed' ? { installedAt: new Date() } : {}) })
      .where(eq(servers.id, id));
    this.events.publish(uuid, { type: 'install', status, error });
  }

  /** Current usage with the plan's limits (zeroes but the disk while offline). */
  async resources(server: ServerRow): Promise<ServerResources> {
    const [plan] = await this.db.select().from(plans).where(eq(plans.id, server.planId));
    const stats = this.driver.stats(server.uuid);
    const live = this.live.get(server.uuid);
    const MiB = 1024 * 1024;
    return {
      state: this.driver.state(server.uuid),
      cpuPercent: stats?.cpuPercent ?? 0,
      cpuLimitPercent: plan?.cpuPercent ?? 0,
      cpuLimited: stats?.cpuLimited ?? false,
      memoryBytes: stats?.memoryBytes ?? 0,
      memoryLimitBytes: (plan?.memoryMb ?? 0) * MiB,
      diskBytes: stats?.diskBytes ?? (await this.driver.diskBytes(server.uuid).catch(() => 0)),
      diskLimitBytes: (plan?.diskMb ?? 0) * MiB,
      networkRxBytes: stats?.networkRxBytes ?? null,
      networkTxBytes: stats?.networkTxBytes ?? null,
      networkProtocol: live?.context.template.portProtocol ?? (await this.portProtocol(server)),
      uptimeMs: stats?.uptimeMs ?? 0,
      players: stats ? this.playerCount(server.uuid, live) : null,
      isolation: this.driver.isolation(server.uuid),
    };
  }

  /** The protocol of a server's game port, from its template (TCP for a template this panel lacks). */
  private async portProtocol(server: ServerRow): Promise<PortProtocol> {
    const [row] = await this.db.select({ slug: serverTemplates.slug }).from(serverTemplates).where(eq(serverTemplates.id, server.templateId));
    return (row && findTemplate(row.slug)?.portProtocol) ?? 'tcp';
  }

  /** Suspends: no more starts, and the server is stopped now. */
  async suspend(server: ServerRow): Promise<void> {
    await this.db.update(servers).set({ suspended: true, desiredState: 'stopped', updatedAt: new Date() }).where(eq(servers.id, server.id));
    this.cancelCrashRestart(server.uuid);
    this.events.publish(server.uuid, { type: 'gone', reason: 'suspended' });
    if (this.driver.state(server.uuid) !== 'offline') {
      await this.driver.notice(server.uuid, 'The server has been suspended.');
      void this.driver.stop(server.uuid).catch((error: Error) => this.daemonError(server.uuid, error));
    }
  }

  async unsuspend(server: ServerRow): Promise<void> {
    await this.db.update(servers).set({ suspended: false, updatedAt: new Date() }).where(eq(servers.id, server.id));
  }

  /** Tells the driver that the server's ports changed (its host-network allowance follows). */
  async portsChanged(server: ServerRow): Promise<void> {
    if (!this.driver.portsChanged || this.driver.state(server.uuid) === 'offline') return;
    const context = await loadServerContext(this.db, server);
    await this.driver.portsChanged(specOf(context, this.driver.gamePaths(server.uuid)));
  }

  /** Kills the server and removes its files. The caller deletes the rows. */
  async destroy(server: ServerRow): Promise<void> {
    this.cancelCrashRestart(server.uuid);
    this.events.publish(server.uuid, { type: 'gone', reason: 'deleted' });
    this.live.delete(server.uuid);
    await this.installs.get(server.uuid)?.catch(() => undefined);
    await this.driver.destroy(server.uuid);
  }

  /**
   * After a panel start: adopts servers still running from before, starts those whose desired
   * state is running, stops adopted ones that should not run, resumes interrupted installs.
   * A server is never started twice: an adopted process counts as running.
   */
  async recoverAll(): Promise<{ adopted: number; started: number }> {
    let adopted = 0;
    let started = 0;
    for (const server of await this.db.select().from(servers)) {
      try {
        if (server.installStatus === 'installing') {
          void this.install(server, { startOnCompletion: server.desiredState === 'running' });
          continue;
        }
        if (server.installStatus !== 'installed') continue;
        const context = await loadServerContext(this.db, server);
        const spec = specOf(context, this.driver.gamePaths(server.uuid));
        this.live.set(server.uuid, { context, players: null, playersAt: 0, querying: false });
        const result = await this.driver.recover(spec);
        const shouldRun = server.desiredState === 'running' && !server.suspended;
        if (result === 'adopted') {
          adopted++;
          // Our launcher tells who is online when asked (the panel missed the joins).
          if (shouldRun && context.template.slug === 'minecraft-flying-squid') void this.driver.sendCommand(server.uuid, 'panel-players').catch(() => undefined);
          if (!shouldRun) void this.driver.stop(server.uuid).catch((error: Error) => this.daemonError(server.uuid, error));
        } else {
          this.persistState(server.uuid, 'offline');
          if (shouldRun) {
            await this.guardStart(server.uuid);
            await this.driver.start(spec);
            started++;
          }
        }
      } catch (error) {
        this.options.log.error({ err: error, server: server.uuid }, 'could not recover server');
        await this.driver.notice(server.uuid, `The server could not be started after the panel restarted: ${(error as Error).message}`).catch(() => undefined);
      }
    }
    return { adopted, started };
  }

  /** Panel shutdown: stops every server gracefully (their desired state stays for the next start). */
  async shutdown(): Promise<void> {
    this.closed = true;
    for (const timer of this.restartTimers.values()) clearTimeout(timer);
    this.restartTimers.clear();
    await Promise.all([...this.installs.values()].map((p) => p.catch(() => undefined)));
    const uuids = [...this.live.keys()].filter((uuid) => this.driver.state(uuid) !== 'offline');
    await Promise.all(uuids.map((uuid) => this.driver.stop(uuid).catch(() => undefined)));
    await Promise.all([...this.stateWrites.values()]);
    await this.driver.detachAll();
  }

  /** Lets go of every server without stopping them (they are adopted by the next panel run). */
  async detach(): Promise<void> {
    this.closed = true;
    for (const timer of this.restartTimers.values()) clearTimeout(timer);
    await Promise.all([...this.stateWrites.values()]);
    await this.driver.detachAll();
  }

  private onState(uuid: string, state: PowerState): void {
    this.events.publish(uuid, { type: 'state', state });
    if (state === 'offline') {
      const live = this.live.get(uuid);
      if (live) live.players = null;
      this.players.clear(uuid);
    }
    this.persistState(uuid, state);
    for (const listener of this.stateListeners) listener(uuid, state);
  }

  /** State writes of one server are chained, so the database never ends on an older state. */
  private persistState(uuid: string, state: PowerState): void {
    const previous = this.stateWrites.get(uuid) ?? Promise.resolve();
    const next = previous
      .then(() => this.db.update(servers).set({ state }).where(eq(servers.uuid, uuid)))
      .catch((error: Error) => this.options.log.warn({ err: error, server: uuid }, 'could not save server state'));
    this.stateWrites.set(uuid, next);
    void next.then(() => {
      if (this.stateWrites.get(uuid) === next) this.stateWrites.delete(uuid);
    });
  }

  private onStats(uuid: string, stats: ServerStats): void {
    const live = this.live.get(uuid);
    if (live) live.lastStats = stats;
    if (live && live.context.template.query === 'minecraft' && stats.state === 'running') this.queryPlayers(live);
    this.publishStats(uuid, stats, live);
  }

  private publishStats(uuid: string, stats: ServerStats, live: LiveServer | undefined): void {
    this.events.publish(uuid, {
      type: 'stats',
      resources: {
        ...stats,
        cpuLimitPercent: live?.context.plan.cpuPercent ?? 0,
        networkProtocol: live?.context.template.portProtocol ?? 'tcp',
        players: stats.state === 'running' ? this.playerCount(uuid, live) : null,
        isolation: { ...this.driver.isolation(uuid), kernelLimits: stats.kernelLimits },
      },
    });
  }

  /**
   * Players online: the count and names the server itself reported when it does (the ping's
   * sample lags behind its count), the maximum from the status ping.
   */
  private playerCount(uuid: string, live: LiveServer | undefined): PlayerCount | null {
    const pinged = live?.players ?? null;
    const list = this.players.list(uuid);
    if (!pinged || !list) return pinged;
    return { online: list.length, max: pinged.max, sample: list.slice(0, 12).map((p) => p.name) };
  }

  private queryPlayers(live: LiveServer): void {
    if (live.querying || Date.now() - live.playersAt < this.options.playerQueryIntervalMs) return;
    live.querying = true;
    const { ip, port } = live.context.primary;
    minecraftPing(ip, port)
      .then(
        (players) => (live.players = players),
        () => (live.players = null),
      )
      .finally(() => {
        live.querying = false;
        live.playersAt = Date.now();
      });
  }

  private async onCrash(uuid: string, info: CrashInfo): Promise<void> {
    const [server] = await this.db.select().from(servers).where(eq(servers.uuid, uuid));
    if (!server) return;
    await recordAudit(this.db, {
      actorId: null,
      serverUuid: uuid,
      event: 'server.crashed',
      ip: null,
      properties: { reason: info.reason, exit_code: info.exitCode, signal: info.signal },
    });
    const eligible = info.reason === 'exit' && server.crashRestart && server.desiredState === 'running' && !server.suspended && !this.closed;
    const next = eligible ? this.crashPolicy.next(uuid) : null;
    if (!next) {
      await this.setDesiredState(server.id, 'stopped');
      if (eligible) await this.driver.notice(uuid, `The server crashed ${this.options.crashRestart.maxRestarts + 1} times in a short time; it stays stopped.`);
      return;
    }
    await this.driver.notice(uuid, `Restarting the server in ${Math.round(next.delayMs / 100) / 10} s (attempt ${next.attempt} of ${next.max}).`);
    const timer = setTimeout(() => {
      this.restartTimers.delete(uuid);
      void this.restartAfterCrash(server.id).catch((error: Error) => this.options.log.error({ err: error, server: uuid }, 'could not restart after a crash'));
    }, next.delayMs);
    timer.unref();
    this.restartTimers.set(uuid, timer);
  }

  private async restartAfterCrash(id: number): Promise<void> {
    const [server] = await this.db.select().from(servers).where(eq(servers.id, id));
    if (!server || server.suspended || server.desiredState !== 'running' || this.closed) return;
    if (this.driver.state(server.uuid) !== 'offline') return;
    try {
      const context = await loadServerContext(this.db, server);
      this.live.set(server.uuid, { context, players: null, playersAt: 0, querying: false });
      await this.guardStart(server.uuid);
      await this.driver.start(specOf(context, this.driver.gamePaths(server.uuid)));
    } catch (error) {
      this.daemonError(server.uuid, error as Error);
    }
  }

  private cancelCrashRestart(uuid: string): void {
    const timer = this.restartTimers.get(uuid);
    if (timer) clearTimeout(timer);
    this.restartTimers.delete(uuid);
  }

  private async setDesiredState(id: number, desiredState: 'running' | 'stopped'): Promise<void> {
    await this.db.update(servers).set({ desiredState }).where(eq(servers.id, id));
  }

  private daemonError(uuid: string, error: Error): void {
    this.options.log.warn({ err: error, server: uuid }, 'runtime action failed');
    // The details (host paths, tool output) stay in the log line above.
    this.events.publish(uuid, { type: 'daemon-error', message: customerMessage(error, [RuntimeConflictError, ConsoleInputError]) });
  }
}
