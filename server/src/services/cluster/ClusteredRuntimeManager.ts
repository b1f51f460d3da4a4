import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { servers, type ServerRow } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import type { ServerEvent, ServerResources } from '../../runtime/ServerEventHub';
import type { NodeReachability } from '../../runtime/nodes/NodeConnection';
import { ConsoleInputError, powerSignals, RuntimeConflictError, type InstallStep, type LimitUpdate, type PowerSignal, type PowerState, type ResourceLimits } from '../../runtime/types';
import { RuntimeManager, type RuntimeManagerOptions } from '../servers/RuntimeManager';
import { CLUSTER_PREFIX, ClusterUnreachableError, type ClusterRefusal, type ClusterRequest } from './clusterMessages';
import type { PanelCluster } from './PanelCluster';
import { RELEASE, RuntimeLease } from './RuntimeLease';

const EVENTS_CHANNEL = `${CLUSTER_PREFIX}server-events`;
const STATES_KEY = `${CLUSTER_PREFIX}server-states`;
const NODES_CHANNEL = `${CLUSTER_PREFIX}node-states`;
const NODES_KEY = `${CLUSTER_PREFIX}node-states`;
/** A power action holds its server this long at most (a process dying mid-action frees it then). */
const POWER_LOCK_MS = 60_000;
/** A hold on starts (a restore, a transfer) lasts this long unless renewed: its process died meanwhile. */
const HOLD_MS = 5 * 60_000;

/** The key of a server's hold on starts, whichever process holds it. */
export const startHoldKey = (uuid: string): string => `${CLUSTER_PREFIX}start-hold:${uuid}`;

/** Refusals of the process running the game, thrown again here as what they were there. */
function rethrow(error: Error & { refusal?: ClusterRefusal }): never {
  const refusal = error.refusal;
  if (!refusal) throw error;
  if (refusal.kind === 'ConsoleInputError') throw new ConsoleInputError(refusal.message);
  if (refusal.kind.endsWith('ConflictError') || refusal.kind === 'NodeOfflineError') throw new RuntimeConflictError(refusal.message);
  if (refusal.statusCode && refusal.statusCode < 500) throw new HttpError(refusal.statusCode, refusal.message);
  throw new ClusterUnreachableError(refusal.kind === 'unreachable' ? refusal.message : 'The panel process running this server could not carry this out.');
}

/**
 * The runtime of one of several panel processes (PostgreSQL and Redis). One process at a time,
 * the holder of the runtime lease, runs the game servers: it opens the drivers, follows every
 * engine's streams, restarts crashed servers and pings the nodes. Every process hands its server
 * events (console lines, states, stats ...) to the others through Redis, so a console open on any
 * process follows any server. What only the runner can do (power actions, commands, installs,
 * suspensions ...) is forwarded to it. A power action holds a lock on its server in Redis while
 * it is carried out, so two at once (two processes, two clicks) never run twice: the second is
 * refused. When the runner dies another takes the lease and adopts the games that still run.
 */
export class ClusteredRuntimeManager extends RuntimeManager {
  /** The last state heard of each server from the runner (this process's answer while it does not run them). */
  private readonly heardStates = new Map<string, string>();
  /** Whether each node's engine answers, as the runner (the one process pinging them) last said. */
  private readonly heardNodes = new Map<number, NodeReachability>();
  private opened = false;

  constructor(
    options: RuntimeManagerOptions,
    private readonly cluster: PanelCluster,
    readonly lease: RuntimeLease,
  ) {
    super(options);
    lease.onGained(() => this.openDrivers());
    // A runner cut off from Redis past its lease lets go: another one adopts the games.
    lease.onLost(() => void super.detach().catch(() => undefined));
    cluster.serve((request) => this.carryOut(request));
  }

  /** Shares this process's server events with the others and hears theirs; loads the states known so far. */
  async connect(): Promise<void> {
    this.events.tap((uuid, event) => this.share(uuid, event));
    await this.cluster.listen(EVENTS_CHANNEL, (message) => {
      const { from, uuid, event } = message as { from: string; uuid: string; event: ServerEvent };
      if (from === this.cluster.processId) return;
      if (event.type === 'state') this.heardStates.set(uuid, event.state);
      if (event.type === 'gone' && event.reason === 'deleted') this.heardStates.delete(uuid);
      this.events.deliver(uuid, event);
    });
    for (const [uuid, state] of Object.entries(await this.cluster.redis.hgetall(STATES_KEY))) if (!this.heardStates.has(uuid)) this.heardStates.set(uuid, state);
    this.onNodeReachability((nodeId, state) => {
      if (!this.lease.holding) return;
      void this.cluster.redis.hset(NODES_KEY, String(nodeId), state).catch(() => undefined);
      this.cluster.publish(NODES_CHANNEL, { nodeId, state });
    });
    await this.cluster.listen(NODES_CHANNEL, (message) => {
      const { nodeId, state } = message as { nodeId: number; state: NodeReachability };
      this.heardNodes.set(nodeId, state);
    });
    for (const [nodeId, state] of Object.entries(await this.cluster.redis.hgetall(NODES_KEY))) this.heardNodes.set(Number(nodeId), state as NodeReachability);
  }

  /** Only the runner pings the nodes: the others answer what it last found (online until it said otherwise). */
  override nodeState(nodeId: number): NodeReachability | null {
    const own = super.nodeState(nodeId);
    if (this.lease.holding || own === null) return own;
    return this.heardNodes.get(nodeId) ?? 'online';
  }

  private share(uuid: string, event: ServerEvent): void {
    this.cluster.publish(EVENTS_CHANNEL, { from: this.cluster.processId, uuid, event });
    // A deleted server's last state goes with it (any process may delete it).
    if (event.type === 'gone' && event.reason === 'deleted') void this.cluster.redis.hdel(STATES_KEY, uuid).catch(() => undefined);
    if (event.type !== 'state') return;
    this.heardStates.set(uuid, event.state);
    if (this.lease.holding) void this.cluster.redis.hset(STATES_KEY, uuid, event.state).catch(() => undefined);
  }

  /**
   * Whether this process runs the games, once its take-over has finished (drivers opened, games
   * adopted): a request that comes meanwhile waits for it rather than meet a driver half open.
   */
  private async runsGames(): Promise<boolean> {
    if (!this.lease.holding) return false;
    await this.lease.tookOver();
    return this.lease.holding;
  }

  /** The drivers open when this process takes the lease (the runtime plugin's call comes before). */
  override async open(): Promise<void> {
    if (this.lease.holding) await this.openDrivers();
  }

  private async openDrivers(): Promise<void> {
    if (this.opened) return;
    this.opened = true;
    await super.open();
  }

  override state(uuid: string): PowerState {
    return this.lease.holding ? super.state(uuid) : ((this.heardStates.get(uuid) ?? 'offline') as PowerState);
  }

  override async power(server: ServerRow, signal: PowerSignal): Promise<void> {
    const key = `${CLUSTER_PREFIX}power:${server.uuid}`;
    const token = randomUUID();
    if ((await this.cluster.redis.set(key, token, 'PX', POWER_LOCK_MS, 'NX')) !== 'OK') {
      throw new RuntimeConflictError('Another power action on this server is still being carried out.');
    }
    try {
      // A restore or a transfer on any process keeps the server from starting meanwhile.
      const hold = signal === 'start' || signal === 'restart' ? await this.cluster.redis.get(startHoldKey(server.uuid)) : null;
      if (hold) throw new RuntimeConflictError((JSON.parse(hold) as { reason: string }).reason);
      if (await this.runsGames()) await super.power(server, signal);
      else await this.forward('power', server.uuid, [signal]);
    } finally {
      await this.cluster.redis.eval(RELEASE, 1, key, token).catch(() => undefined);
    }
  }

  /** Holds the server offline on every process (see power), renewed while held. */
  override holdOffline(uuid: string, reason: string): () => void {
    const release = super.holdOffline(uuid, reason);
    const key = startHoldKey(uuid);
    const value = JSON.stringify({ reason, by: randomUUID() });
    const put = () => void this.cluster.redis.set(key, value, 'PX', HOLD_MS).catch((error: Error) => this.options.log.warn({ err: error, server: uuid }, 'could not hold the server offline in Redis'));
    put();
    const renew = setInterval(put, HOLD_MS / 3).unref();
    return () => {
      release();
      clearInterval(renew);
      void this.cluster.redis.eval(RELEASE, 1, key, value).catch(() => undefined);
    };
  }

  override async sendCommand(server: ServerRow, command: string): Promise<void> {
    if (await this.runsGames()) return super.sendCommand(server, command);
    await this.forward('command', server.uuid, [command]);
  }

  override async consoleBacklog(uuid: string): Promise<string[]> {
    return (await this.runsGames()) ? super.consoleBacklog(uuid) : ((await this.forward('backlog', uuid, [])) as string[]);
  }

  override async resources(server: ServerRow): Promise<ServerResources> {
    return (await this.runsGames()) ? super.resources(server) : ((await this.forward('resources', server.uuid, [])) as ServerResources);
  }

  override async install(server: ServerRow, options: { startOnCompletion?: boolean } = {}): Promise<void> {
    if (await this.runsGames()) return super.install(server, options);
    await this.forward('install', server.uuid, [options]);
  }

  override async suspend(server: ServerRow): Promise<void> {
    await ((await this.runsGames()) ? super.suspend(server) : this.forward('suspend', server.uuid, []));
  }

  override async destroy(server: ServerRow): Promise<void> {
    await ((await this.runsGames()) ? super.destroy(server) : this.forward('destroy', server.uuid, []));
  }

  override async notice(uuid: string, message: string): Promise<void> {
    await ((await this.runsGames()) ? super.notice(uuid, message) : this.forward('notice', uuid, [message]));
  }

  override async updateLimits(uuid: string, limits: ResourceLimits): Promise<LimitUpdate> {
    return (await this.runsGames()) ? super.updateLimits(uuid, limits) : ((await this.forward('limits', uuid, [limits])) as LimitUpdate);
  }

  override async portsChanged(server: ServerRow): Promise<void> {
    await ((await this.runsGames()) ? super.portsChanged(server) : this.forward('ports', server.uuid, []));
  }

  override async runInstallSteps(server: ServerRow, steps: InstallStep[]): Promise<void> {
    await ((await this.runsGames()) ? super.runInstallSteps(server, steps) : this.forward('steps', server.uuid, [steps], 30 * 60_000));
  }

  /** Leaves the games running for the next runner (a rolling restart stops none) and gives the lease up. */
  override async shutdown(): Promise<void> {
    if (this.lease.holding) await super.detach();
    await this.lease.stop();
  }

  /** Hands a request to the runner and waits for its answer. */
  private async forward(op: string, uuid: string, args: unknown[], timeoutMs?: number): Promise<unknown> {
    const runner = await this.lease.holder();
    if (!runner) throw new ClusterUnreachableError('No panel process runs the game servers right now: try again in a few seconds.');
    if (runner === this.cluster.processId) return this.carryOut({ op, uuid, args });
    return this.cluster.call(runner, { op, uuid, args }, timeoutMs).catch(rethrow);
  }

  /** Carries out what another process forwarded, on the server's current row. */
  private async carryOut({ op, uuid, args }: ClusterRequest): Promise<unknown> {
    if (!(await this.runsGames())) throw new ClusterUnreachableError('This panel process no longer runs the game servers: try again in a few seconds.');
    const [server] = await this.options.db.select().from(servers).where(eq(servers.uuid, uuid));
    if (!server) throw notFound('Server');
    switch (op) {
      case 'power':
        if (!(powerSignals as readonly unknown[]).includes(args[0])) throw new HttpError(422, 'Unknown power action.');
        return super.power(server, args[0] as PowerSignal);
      case 'command':
        return super.sendCommand(server, String(args[0]));
      case 'backlog':
        return super.consoleBacklog(uuid);
      case 'resources':
        return super.resources(server);
      case 'install':
        // Answered once started: an install outlasts any wait for an answer.
        void super.install(server, args[0] as { startOnCompletion?: boolean });
        return null;
      case 'suspend':
        return super.suspend(server);
      case 'destroy':
        return super.destroy(server);
      case 'notice':
        return super.notice(uuid, String(args[0]));
      case 'limits':
        return super.updateLimits(uuid, args[0] as ResourceLimits);
      case 'ports':
        return super.portsChanged(server);
      case 'steps':
        return super.runInstallSteps(server, args[0] as InstallStep[]);
      default:
        throw new HttpError(400, `Unknown request "${op}".`);
    }
  }
}
