import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { servers, type ServerCrashRow, type ServerRow } from '../../db/schema';
import type { RuntimeDriver } from '../../runtime/RuntimeDriver';
import type { ServerFiles } from '../../runtime/files/ServerFiles';
import type { CrashRestartOptions } from '../../runtime/crashRestartPolicy';
import { loadServerContext, specOf, type ServerContext } from './loadServerContext';
import { ServerEventHub, type ServerResources } from '../../runtime/ServerEventHub';
import { OnlinePlayers, PANEL_LINE_MARK } from '../../runtime/players/OnlinePlayers';
import { customerMessage } from '../../lib/customerMessage';
import { ConsoleInputError, RuntimeConflictError, type InstallStep, type LimitUpdate, type PowerSignal, type PowerState, type ResourceLimits, type ServerSpec } from '../../runtime/types';
import { PowerStateStore } from './PowerStateStore';
import { LiveServerStats } from './LiveServerStats';
import { CrashRestarts } from './CrashRestarts';
import { CRASH_LINES } from '../crashes/crashRecords';
import { ServerInstalls, type InstallOptions } from './ServerInstalls';
import type { NodeRoutingDriver } from '../../runtime/nodes/NodeRoutingDriver';
import type { NodeEngine, NodeReachability } from '../../runtime/nodes/NodeConnection';

export interface RuntimeManagerOptions {
  db: Database;
  driver: RuntimeDriver;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  crashRestart: CrashRestartOptions;
  /** How often players online are asked for while a server runs. */
  playerQueryIntervalMs: number;
  /** The router over the nodes, when `driver` is one (a runtime of the panel's machine alone has none). */
  nodes?: Pick<NodeRoutingDriver, 'setNodes' | 'place' | 'nodeState' | 'checkAll' | 'assertReachable' | 'onNodeOpened' | 'onReachabilityChanged' | 'driverOf'>;
}

/**
 * Connects the database and a runtime driver: power actions with their rules (suspension,
 * install state), desired state kept in the database so servers come back after a panel restart
 * (PowerStateStore), crash restarts with back-off (CrashRestarts), installs (ServerInstalls), and
 * the event stream the console sockets follow (stats enriched by LiveServerStats).
 */
export class RuntimeManager {
  readonly events = new ServerEventHub();
  /** Who is online on each server, as the servers themselves report it. */
  readonly players = new OnlinePlayers();
  /** Run before every start (the sleep listener lets go of the port there). */
  private readonly startGuards: ((uuid: string) => Promise<void>)[] = [];
  private readonly stateListeners: ((uuid: string, state: PowerState) => void)[] = [];
  private readonly crashListeners: ((server: ServerRow, crash: ServerCrashRow) => void)[] = [];
  private readonly states: PowerStateStore;
  private readonly live: LiveServerStats;
  private readonly crashes: CrashRestarts;
  private readonly installs: ServerInstalls;
  private closed = false;
  /** Why a server may not start now (a restore replacing its files), by uuid. */
  private readonly startHolds = new Map<string, string>();
  /** Servers recovered since the panel started (a node opened late recovers its own, once). */
  private readonly recovered = new Set<string>();
  private recoveryStarted = false;

  /** Rewrites a template's install steps before they run (the catalogue puts its own verified downloads in). */
  resolveInstallSteps: (steps: InstallStep[]) => Promise<InstallStep[]> = async (steps) => steps;

  constructor(protected readonly options: RuntimeManagerOptions) {
    const { db, driver, log } = options;
    this.states = new PowerStateStore(db, log);
    this.live = new LiveServerStats({ db, driver, events: this.events, players: this.players, playerQueryIntervalMs: options.playerQueryIntervalMs });
    this.crashes = new CrashRestarts({
      db,
      log,
      policy: options.crashRestart,
      notice: (uuid, message) => driver.notice(uuid, message),
      recentLines: (uuid) => this.recentOutput(uuid, CRASH_LINES),
      onCrash: (server, crash) => this.crashListeners.forEach((listener) => listener(server, crash)),
      keepStopped: (id) => this.states.setDesired(id, 'stopped'),
      restart: (server) => this.restartAfterCrash(server),
      closing: () => this.closed,
    });
    this.installs = new ServerInstalls({
      db,
      driver,
      events: this.events,
      log,
      specOf: async (server) => this.spec(await loadServerContext(db, server)),
      resolveSteps: (steps) => this.resolveInstallSteps(steps),
      startAfterInstall: (server) => this.power(server, 'start').catch((error: Error) => this.daemonError(server.uuid, error)),
    });
    options.nodes?.onNodeOpened((nodeId) => void this.recoverNode(nodeId).catch((error: Error) => log.error({ err: error, node: nodeId }, 'could not recover the servers of a node')));
    driver.on('output', (uuid, line) => {
      if (!this.players.consume(uuid, line)) this.events.publish(uuid, { type: 'output', line });
    });
    driver.on('state', (uuid, state) => this.onState(uuid, state));
    driver.on('stats', (uuid, stats) => this.live.sampled(uuid, stats));
    driver.on('crashed', (uuid, info) => void this.crashes.crashed(uuid, info).catch((error: Error) => log.error({ err: error, server: uuid }, 'could not handle a crash')));
  }

  get driver(): RuntimeDriver {
    return this.options.driver;
  }

  async open(): Promise<void> {
    await this.driver.open();
  }

  state(uuid: string): PowerState {
    return this.driver.state(uuid);
  }

  /** Hands the runtime the nodes as they are now with their servers: new ones opened, removed ones let go of, no restart needed. */
  async syncNodes(engines: NodeEngine[], placements: { uuid: string; nodeId: number }[]): Promise<void> {
    if (!this.options.nodes) return;
    await this.options.nodes.setNodes(engines);
    for (const { uuid, nodeId } of placements) this.options.nodes.place(uuid, nodeId);
  }

  /** Whether a node's engine answers; null for the panel's own machine (or a runtime without nodes). */
  nodeState(nodeId: number): NodeReachability | null {
    return this.options.nodes?.nodeState(nodeId) ?? null;
  }

  /** Hears a node go offline and come back online (its servers answer node_offline meanwhile). */
  onNodeReachability(listener: (nodeId: number, state: NodeReachability) => void): void {
    this.options.nodes?.onReachabilityChanged(listener);
  }

  /** A node's driver, to reach a server there before it is placed there (a transfer's target); refused while the node is offline. */
  nodeDriver(nodeId: number): RuntimeDriver {
    return this.options.nodes?.driverOf(nodeId) ?? this.driver;
  }

  /** Pings every node now instead of at the next periodic check. */
  async checkNodes(): Promise<void> {
    await this.options.nodes?.checkAll();
  }

  /** The server's files through the driver's file port (wherever the server runs). */
  files(uuid: string): ServerFiles {
    return this.driver.files(uuid);
  }

  /** The driver spec of a loaded server, with its paths as the game sees them (its version, memory, ports). */
  spec(context: ServerContext): ServerSpec {
    return specOf(context, this.driver.gamePaths(context.server.uuid, context.server.nodeId));
  }

  recentOutput(uuid: string, limit?: number): string[] {
    return this.driver.recentOutput(uuid, limit).filter((line) => !line.startsWith(PANEL_LINE_MARK));
  }

  /** The recent output for a console that opens, from wherever the server runs (another panel process, say). */
  async consoleBacklog(uuid: string): Promise<string[]> {
    return this.recentOutput(uuid);
  }

  /** Writes a panel notice (`[Panel] …`) into the server's console. */
  async notice(uuid: string, message: string): Promise<void> {
    await this.driver.notice(uuid, message);
  }

  /** Disk use of the server's files (a cached figure is fine), running or not. */
  async diskBytes(uuid: string): Promise<number> {
    return this.driver.diskBytes(uuid);
  }

  /**
   * Holds a running server to its plan's new limits at once where the runtime can; an offline
   * server gets them at its next start. Answers what changed live and whether a restart is needed.
   */
  async updateLimits(uuid: string, limits: ResourceLimits): Promise<LimitUpdate> {
    return this.driver.updateLimits(uuid, limits);
  }

  /** Adds a step every start waits for first (e.g. releasing the game's port). */
  addStartGuard(guard: (uuid: string) => Promise<void>): void {
    this.startGuards.push(guard);
  }

  /** Hears every power state change of every server. */
  addStateListener(listener: (uuid: string, state: PowerState) => void): void {
    this.stateListeners.push(listener);
  }

  /** Hears every crash once it is recorded (with what the panel did: restarting, gave up ...). */
  addCrashListener(listener: (server: ServerRow, crash: ServerCrashRow) => void): void {
    this.crashListeners.push(listener);
  }

  /** The server's crash policy changed: its restarts are counted anew under the new cap. */
  crashPolicyChanged(uuid: string): void {
    this.crashes.policyChanged(uuid);
  }

  private async guardStart(uuid: string): Promise<void> {
    for (const guard of this.startGuards) await guard(uuid);
  }

  /** Carries out a power action once it is allowed; long parts (stopping) go on in the background. */
  async power(server: ServerRow, signal: PowerSignal): Promise<void> {
    const uuid = server.uuid;
    // A server on a node that does not answer: refused before its desired state changes.
    this.options.nodes?.assertReachable(uuid);
    this.crashes.reset(uuid);
    if (signal === 'stop' || signal === 'kill') {
      await this.states.setDesired(server.id, 'stopped');
      const action = signal === 'stop' ? this.driver.stop(uuid) : this.driver.kill(uuid);
      void action.catch((error: Error) => this.daemonError(uuid, error));
      return;
    }
    this.assertStartable(server);
    const context = await loadServerContext(this.options.db, server);
    const spec = this.spec(context);
    if (signal === 'start' && this.driver.state(uuid) !== 'offline') throw new RuntimeConflictError('The server is already running.');
    this.live.track(context);
    await this.states.setDesired(server.id, 'running');
    await this.guardStart(uuid);
    if (signal === 'start') {
      await this.driver.start(spec).catch(async (error: Error) => {
        await this.states.setDesired(server.id, 'stopped');
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

  /** Holds a server offline (a restore replacing its files): starts are refused with `reason` until the answered function is called. */
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

  /** Installs a server in the background (install_failed with the real reason when a step fails); resolves once finished, whatever the outcome. */
  install(server: ServerRow, options: InstallOptions = {}): Promise<void> {
    return this.installs.install(server, options);
  }

  /** The install in progress, if any (tests and the CLI wait for it). */
  waitForInstall(uuid: string): Promise<void> {
    return this.installs.waitFor(uuid);
  }

  /**
   * Runs install steps of the panel's own on a stopped server (a software switch's installer),
   * where and how the template's steps run: in the server's sandbox, output on its console.
   */
  async runInstallSteps(server: ServerRow, steps: InstallStep[]): Promise<void> {
    await this.installs.runSteps(server, steps);
  }

  /** Current usage with the plan's limits (zeroes but the disk while offline). */
  async resources(server: ServerRow): Promise<ServerResources> {
    return this.live.resources(server);
  }

  /** Suspends: no more starts, and the server is stopped now. */
  async suspend(server: ServerRow): Promise<void> {
    await this.options.db.update(servers).set({ suspended: true, desiredState: 'stopped', updatedAt: new Date() }).where(eq(servers.id, server.id));
    this.crashes.cancel(server.uuid);
    this.events.publish(server.uuid, { type: 'gone', reason: 'suspended' });
    if (this.driver.state(server.uuid) !== 'offline') {
      await this.driver.notice(server.uuid, 'The server has been suspended.');
      void this.driver.stop(server.uuid).catch((error: Error) => this.daemonError(server.uuid, error));
    }
  }

  async unsuspend(server: ServerRow): Promise<void> {
    await this.options.db.update(servers).set({ suspended: false, updatedAt: new Date() }).where(eq(servers.id, server.id));
  }

  /** Tells the driver that the server's ports changed (its host-network allowance follows). */
  async portsChanged(server: ServerRow): Promise<void> {
    if (!this.driver.portsChanged || this.driver.state(server.uuid) === 'offline') return;
    const context = await loadServerContext(this.options.db, server);
    await this.driver.portsChanged(this.spec(context));
  }

  /** Kills the server and removes its files. The caller deletes the rows. */
  async destroy(server: ServerRow): Promise<void> {
    this.crashes.cancel(server.uuid);
    this.events.publish(server.uuid, { type: 'gone', reason: 'deleted' });
    this.live.forget(server.uuid);
    await this.installs.waitFor(server.uuid);
    await this.driver.destroy(server.uuid);
  }

  /** After a panel start: adopts what still runs, starts what should run, stops adopted ones that should not, resumes installs (never a second start). */
  async recoverAll(): Promise<{ adopted: number; started: number }> {
    this.recoveryStarted = true;
    const counts = { adopted: 0, started: 0 };
    for (const server of await this.options.db.select().from(servers)) await this.recoverServer(server, counts);
    return counts;
  }

  /** A node's driver opened after the panel's start (late engine, new address): its servers are recovered now. */
  private async recoverNode(nodeId: number): Promise<void> {
    if (!this.recoveryStarted || this.closed) return;
    for (const server of await this.options.db.select().from(servers).where(eq(servers.nodeId, nodeId))) {
      this.recovered.delete(server.uuid);
      await this.recoverServer(server, { adopted: 0, started: 0 });
    }
  }

  private async recoverServer(server: ServerRow, counts: { adopted: number; started: number }): Promise<void> {
    // A server of a node that does not answer waits for it (recoverNode); none is recovered twice by one driver.
    if (this.nodeState(server.nodeId) === 'offline' || this.recovered.has(server.uuid)) return;
    this.recovered.add(server.uuid);
    try {
      if (server.installStatus === 'installing') {
        // Resumed in the background; ServerInstalls logs what fails.
        void this.install(server, { startOnCompletion: server.desiredState === 'running' });
        return;
      }
      if (server.installStatus !== 'installed') return;
      const context = await loadServerContext(this.options.db, server);
      const spec = this.spec(context);
      this.live.track(context);
      const result = await this.driver.recover(spec);
      const shouldRun = server.desiredState === 'running' && !server.suspended;
      if (result === 'adopted') {
        counts.adopted++;
        // Our launcher tells who is online when asked (the panel missed the joins).
        if (shouldRun && context.template.slug === 'minecraft-flying-squid') void this.driver.sendCommand(server.uuid, 'panel-players').catch(() => undefined);
        if (!shouldRun) void this.driver.stop(server.uuid).catch((error: Error) => this.daemonError(server.uuid, error));
      } else {
        this.states.persist(server.uuid, 'offline');
        if (shouldRun) {
          await this.guardStart(server.uuid);
          await this.driver.start(spec);
          counts.started++;
        }
      }
    } catch (error) {
      this.options.log.error({ err: error, server: server.uuid }, 'could not recover server');
      await this.driver.notice(server.uuid, `The server could not be started after the panel restarted: ${(error as Error).message}`).catch(() => undefined);
    }
  }

  /** Panel shutdown: stops every server gracefully (their desired state stays for the next start). */
  async shutdown(): Promise<void> {
    this.closed = true;
    this.crashes.cancelAll();
    await this.installs.settle();
    const uuids = this.live.uuids().filter((uuid) => this.driver.state(uuid) !== 'offline');
    await Promise.all(uuids.map((uuid) => this.driver.stop(uuid).catch(() => undefined)));
    await this.states.settle();
    await this.driver.detachAll();
  }

  /** Lets go of every server without stopping them (they are adopted by the next panel run). */
  async detach(): Promise<void> {
    this.closed = true;
    this.crashes.cancelAll();
    await this.states.settle();
    await this.driver.detachAll();
  }

  private onState(uuid: string, state: PowerState): void {
    this.events.publish(uuid, { type: 'state', state });
    if (state === 'offline') this.live.wentOffline(uuid);
    this.states.persist(uuid, state);
    for (const listener of this.stateListeners) listener(uuid, state);
  }

  /** A crash restart that is still wanted: the server starts again from its current rows. */
  private async restartAfterCrash(server: ServerRow): Promise<void> {
    if (this.driver.state(server.uuid) !== 'offline') return;
    try {
      const context = await loadServerContext(this.options.db, server);
      this.live.track(context);
      await this.guardStart(server.uuid);
      await this.driver.start(this.spec(context));
    } catch (error) {
      this.daemonError(server.uuid, error as Error);
    }
  }

  private daemonError(uuid: string, error: Error): void {
    this.options.log.warn({ err: error, server: uuid }, 'runtime action failed');
    // The details (host paths, tool output) stay in the log line above.
    this.events.publish(uuid, { type: 'daemon-error', message: customerMessage(error, [RuntimeConflictError, ConsoleInputError]) });
  }
}
