import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { RecoveryResult, RuntimeDriver, RuntimeDriverEvents } from '../RuntimeDriver';
import type { ServerFiles } from '../files/ServerFiles';
import { RuntimeConflictError, type LimitUpdate, type PowerState, type ResourceLimits, type ServerIsolation, type ServerSpec, type ServerStats } from '../types';
import { NodeConnection, sameEngine, type NodeEngine, type NodeReachability, type OpenNodeDriver } from './NodeConnection';

/** A server's node does not answer: nothing can be done to the server there now (answered as 409). */
export class NodeOfflineError extends RuntimeConflictError {
  constructor(node: string) {
    super(`The node "${node}" is offline: the panel cannot reach its Docker Engine. The server is kept as it is; try again once the node is back.`);
  }
}

export interface NodeRoutingOptions {
  /** The driver of the panel's own machine: every server not placed on a node runs there. */
  local: RuntimeDriver;
  openNode: OpenNodeDriver;
  /** How often every node's engine is pinged (an engine gone is noticed within this plus the timeout). */
  checkIntervalMs?: number;
  /** How long a ping may take before the node counts as offline. */
  timeoutMs?: number;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

const EVENTS: (keyof RuntimeDriverEvents)[] = ['output', 'state', 'stats', 'crashed'];
type Forwarders = { [E in keyof RuntimeDriverEvents]: RuntimeDriverEvents[E] };

/**
 * The runtime of a panel with nodes: one driver per node (a Docker Engine each) beside the local
 * driver, every call sent to the driver of the server's node and every event of every driver passed
 * on. Which node a server is on comes from its spec (`nodeId`) and from the placements the panel
 * hands over at start. A node whose engine does not answer never holds the panel up: it is offline,
 * its servers' actions are refused with {@link NodeOfflineError}, and a ping every few seconds opens
 * it once it answers. Nodes added, changed or removed take effect through {@link setNodes}.
 */
export class NodeRoutingDriver implements RuntimeDriver {
  readonly name = 'nodes';
  private readonly emitter = new EventEmitter();
  private readonly nodes = new Map<number, NodeConnection>();
  private readonly forwarders = new Map<NodeConnection, Forwarders>();
  /** The node of each server that runs on one (the others run on the panel's machine). */
  private readonly placements = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private readonly checkIntervalMs: number;
  private readonly openedListeners: ((nodeId: number) => void)[] = [];
  private readonly reachabilityListeners: ((nodeId: number, state: NodeReachability) => void)[] = [];
  private readonly timeoutMs: number;
  /** The change of nodes under way ({@link setNodes}). */
  private changing: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: NodeRoutingOptions) {
    this.emitter.setMaxListeners(0);
    this.checkIntervalMs = options.checkIntervalMs ?? 10_000;
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.forward(options.local);
  }

  private get local(): RuntimeDriver {
    return this.options.local;
  }

  private forward(driver: RuntimeDriver): Forwarders {
    const forwarders = Object.fromEntries(EVENTS.map((event) => [event, (...args: unknown[]) => this.emitter.emit(event, ...args)])) as unknown as Forwarders;
    for (const event of EVENTS) driver.on(event, forwarders[event]);
    return forwarders;
  }

  /**
   * Opens the local driver, then checks every node at once, waiting for them at most one ping
   * timeout: one that does not answer stays offline, and the panel starts all the same.
   */
  async open(): Promise<void> {
    await this.local.open();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.checkAll(), new Promise<void>((resolve) => (timer = setTimeout(resolve, this.timeoutMs)))]);
    clearTimeout(timer);
    this.timer ??= setInterval(() => void this.checkAll(), this.checkIntervalMs).unref();
  }

  /** Pings every node now (the periodic check; tests call it to skip the wait). */
  async checkAll(): Promise<void> {
    await Promise.all([...this.nodes.values()].map((connection) => connection.check()));
  }

  /**
   * The nodes as they are now: new ones are opened, removed ones let go of (their containers keep
   * running), changed ones (another address, certificates or public address) reopened. Changes
   * are made one after the other: opening a node may first load its driver's code, and two changes
   * interleaved there could open the same node twice.
   */
  async setNodes(engines: NodeEngine[]): Promise<void> {
    const change = this.changing.then(() => this.changeNodes(engines));
    this.changing = change.catch(() => undefined);
    const added = await change;
    // Before open(), the panel's start checks them; after it, they are checked at once.
    if (this.timer) await Promise.all(added.map((connection) => connection.check()));
  }

  /** Applies one change of {@link setNodes}; answers the connections it added. */
  private async changeNodes(engines: NodeEngine[]): Promise<NodeConnection[]> {
    const wanted = new Map(engines.map((engine) => [engine.id, engine]));
    for (const [id, connection] of this.nodes) {
      const engine = wanted.get(id);
      if (engine && sameEngine(engine, connection.engine)) {
        // A new name only: nothing to reopen.
        Object.assign(connection.engine, { name: engine.name });
        wanted.delete(id);
        continue;
      }
      this.nodes.delete(id);
      const forwarders = this.forwarders.get(connection)!;
      for (const event of EVENTS) connection.driver.off(event, forwarders[event]);
      this.forwarders.delete(connection);
      await connection.close();
    }
    const added: NodeConnection[] = [];
    for (const engine of wanted.values()) {
      const connection = new NodeConnection({ ...engine }, await this.options.openNode(engine), this.timeoutMs, {
        changed: (c, state) => this.reachabilityChanged(c, state),
        opened: (c) => {
          for (const listener of this.openedListeners) listener(c.engine.id);
        },
      });
      this.forwarders.set(connection, this.forward(connection.driver));
      this.nodes.set(engine.id, connection);
      added.push(connection);
    }
    for (const [uuid, nodeId] of this.placements) if (!this.nodes.has(nodeId)) this.placements.delete(uuid);
    return added;
  }

  private reachabilityChanged(connection: NodeConnection, state: NodeReachability): void {
    if (state === 'online') this.options.log?.info({ node: connection.engine.name }, 'node online');
    else this.options.log?.warn({ node: connection.engine.name, reason: connection.lastError }, 'node offline: its engine does not answer');
    for (const listener of this.reachabilityListeners) listener(connection.engine.id, state);
  }

  /** Hears a node go offline (its engine stopped answering) and come back online. */
  onReachabilityChanged(listener: (nodeId: number, state: NodeReachability) => void): void {
    this.reachabilityListeners.push(listener);
  }

  /** Hears a node's driver open (its engine answered for the first time since the node was added or the panel started). */
  onNodeOpened(listener: (nodeId: number) => void): void {
    this.openedListeners.push(listener);
  }

  /** Records which node a server is on (null or a node the panel does not drive: the panel's machine). */
  place(uuid: string, nodeId: number | null | undefined): void {
    if (nodeId != null && this.nodes.has(nodeId)) this.placements.set(uuid, nodeId);
    else this.placements.delete(uuid);
  }

  /** Whether a node's engine answers, or null for a node this runtime does not drive (the local one). */
  nodeState(nodeId: number): NodeReachability | null {
    return this.nodes.get(nodeId)?.state ?? null;
  }

  private connectionOf(uuid: string): NodeConnection | null {
    const nodeId = this.placements.get(uuid);
    return nodeId === undefined ? null : (this.nodes.get(nodeId) ?? null);
  }

  /** The driver of the server's node, whether it answers or not (for what it remembers). */
  private route(uuid: string): RuntimeDriver {
    return this.connectionOf(uuid)?.driver ?? this.local;
  }

  /** The driver of the server's node, refusing when the node does not answer. */
  private reachable(uuid: string): RuntimeDriver {
    const connection = this.connectionOf(uuid);
    if (!connection) return this.local;
    if (connection.state !== 'online') throw new NodeOfflineError(connection.engine.name);
    return connection.driver;
  }

  /** The driver of a node (the local one for the panel's own machine), refusing a node that does not answer. */
  driverOf(nodeId: number): RuntimeDriver {
    const connection = this.nodes.get(nodeId);
    if (!connection) return this.local;
    if (connection.state !== 'online') throw new NodeOfflineError(connection.engine.name);
    return connection.driver;
  }

  /** Throws {@link NodeOfflineError} when the server's node does not answer (before an action changes anything). */
  assertReachable(uuid: string): void {
    this.reachable(uuid);
  }

  private offline(uuid: string): boolean {
    const connection = this.connectionOf(uuid);
    return connection !== null && connection.state !== 'online';
  }

  private forSpec(spec: ServerSpec): RuntimeDriver {
    this.place(spec.uuid, spec.nodeId);
    return this.reachable(spec.uuid);
  }

  serverRoot(uuid: string): string {
    return this.route(uuid).serverRoot(uuid);
  }

  gamePaths(uuid: string, nodeId?: number | null): { root: string; node: string; launchers: string } {
    if (nodeId !== undefined) this.place(uuid, nodeId);
    return this.route(uuid).gamePaths(uuid);
  }

  create(spec: ServerSpec): Promise<void> {
    return this.forSpec(spec).create(spec);
  }

  install(spec: ServerSpec): Promise<void> {
    return this.forSpec(spec).install(spec);
  }

  start(spec: ServerSpec): Promise<void> {
    return this.forSpec(spec).start(spec);
  }

  async stop(uuid: string): Promise<void> {
    await this.reachable(uuid).stop(uuid);
  }

  restart(spec: ServerSpec): Promise<void> {
    return this.forSpec(spec).restart(spec);
  }

  async kill(uuid: string): Promise<void> {
    await this.reachable(uuid).kill(uuid);
  }

  async sendCommand(uuid: string, command: string): Promise<void> {
    await this.reachable(uuid).sendCommand(uuid, command);
  }

  async destroy(uuid: string): Promise<void> {
    // Refused while the node is offline: its container and volume would be left behind unseen.
    await this.reachable(uuid).destroy(uuid);
    this.placements.delete(uuid);
  }

  recover(spec: ServerSpec): Promise<RecoveryResult> {
    return this.forSpec(spec).recover(spec);
  }

  async detachAll(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.all([this.local.detachAll(), ...[...this.nodes.values()].map((connection) => connection.close())]);
  }

  async portsChanged(spec: ServerSpec): Promise<void> {
    this.place(spec.uuid, spec.nodeId);
    if (this.offline(spec.uuid)) return;
    await this.route(spec.uuid).portsChanged?.(spec);
  }

  async updateLimits(uuid: string, limits: ResourceLimits): Promise<LimitUpdate> {
    // An offline node's server gets its new limits at its next start, as any stopped server.
    if (this.offline(uuid)) return { running: false, appliedLive: [], restartNeeded: false };
    return this.route(uuid).updateLimits(uuid, limits);
  }

  async notice(uuid: string, message: string): Promise<void> {
    await this.reachable(uuid).notice(uuid, message);
  }

  state(uuid: string): PowerState {
    return this.offline(uuid) ? 'offline' : this.route(uuid).state(uuid);
  }

  isInstalling(uuid: string): boolean {
    return this.route(uuid).isInstalling(uuid);
  }

  async diskBytes(uuid: string): Promise<number> {
    // An engine that does not answer would hold the server's page up: no figure until it is back.
    if (this.offline(uuid)) return 0;
    return this.route(uuid).diskBytes(uuid);
  }

  recentOutput(uuid: string, limit?: number): string[] {
    return this.route(uuid).recentOutput(uuid, limit);
  }

  stats(uuid: string): ServerStats | null {
    return this.offline(uuid) ? null : this.route(uuid).stats(uuid);
  }

  isolation(uuid: string): ServerIsolation {
    return this.route(uuid).isolation(uuid);
  }

  files(uuid: string): ServerFiles {
    return this.reachable(uuid).files(uuid);
  }

  on<E extends keyof RuntimeDriverEvents>(event: E, listener: RuntimeDriverEvents[E]): void {
    this.emitter.on(event, listener);
  }

  off<E extends keyof RuntimeDriverEvents>(event: E, listener: RuntimeDriverEvents[E]): void {
    this.emitter.off(event, listener);
  }
}
