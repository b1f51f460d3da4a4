import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { allocations, nodes, servers, type AllocationRow, type NodeRow, type ServerRow } from '../../../db/schema';
import { HttpError, ValidationError } from '../../../lib/errors';
import { NodeOfflineError } from '../../../runtime/nodes/NodeRoutingDriver';
import { recordAudit, type Actor } from '../../audit/audit';
import { networkServiceFor } from '../../network/networkServiceFor';
import { loadServerContext, specOf } from '../../servers/loadServerContext';
import type { ProvisioningContext } from '../../servers/ProvisioningContext';
import { findNodeRow } from '../nodeAdmin';
import { assertNodeRoom } from '../nodeUsage';
import { forgetNodeLoads, lockNode, portAddress } from '../placement';
import { copyServerFiles } from './copyServerFiles';
import { allocateTransferPorts } from './transferPorts';

export type TransferStep = 'stopping' | 'copying' | 'switching' | 'starting' | 'done';

/** A transfer as the admin API answers it. */
export interface TransferView {
  server: string;
  from: string;
  to: string;
  state: 'running' | 'completed' | 'failed';
  step: TransferStep;
  bytes_copied: number;
  bytes_total: number | null;
  /** Where players reach the server once moved (host:port). */
  address: string | null;
  error: string | null;
  started_at: string;
  finished_at: string | null;
}

interface Job {
  view: TransferView;
  server: ServerRow;
  source: NodeRow;
  target: NodeRow;
  ports: AllocationRow[];
  actor: Actor & { via: string };
}

const HOLD_REASON = 'The server is being moved to another node; it can be started once the move has finished.';
const STOP_TIMEOUT_MS = 120_000;

/**
 * Moves servers between nodes, one job per server: the target's room and ports are taken first
 * (under its row lock, the same port numbers where free), then the server is stopped, its files
 * streamed from the source's file port to the target's, its subdomain pointed at the target, and
 * only then is the server switched over in one write, its old copy removed and, when it ran, it is
 * started there. Until the switch the source copy is untouched: any failure removes what the
 * target got, gives its ports back and starts the server again where it was.
 */
export class ServerTransfers {
  private readonly jobs = new Map<string, Job>();

  constructor(private readonly context: ProvisioningContext & { log: Pick<FastifyBaseLogger, 'warn' | 'error'> }) {}

  /** Whether the server is being moved now (the API answers its state as `transferring`). */
  isTransferring(uuid: string): boolean {
    return this.jobs.get(uuid)?.view.state === 'running';
  }

  /** The server's last transfer since the panel started, or null. */
  view(uuid: string): TransferView | null {
    return this.jobs.get(uuid)?.view ?? null;
  }

  /** Checks the move and takes the target's room and ports; the move itself goes on in the background. */
  async start(server: ServerRow, nodeIdentifier: string, actor: Actor & { via: string }): Promise<TransferView> {
    const { db, runtime } = this.context;
    if (this.isTransferring(server.uuid)) throw new HttpError(409, 'This server is already being moved.');
    if (server.installStatus === 'installing') throw new HttpError(409, 'The server is still being installed; move it once the install has finished.');
    const target = await findNodeRow(db, nodeIdentifier);
    if (!target) throw new ValidationError({ node: ['Unknown node'] });
    if (target.id === server.nodeId) throw new ValidationError({ node: ['The server is already on this node.'] });
    const [source] = await db.select().from(nodes).where(eq(nodes.id, server.nodeId));
    for (const node of [source, target]) if (runtime.nodeState(node.id) === 'offline') throw new HttpError(409, new NodeOfflineError(node.name).message);
    const ports = await db.transaction(async (tx) => {
      const locked = await lockNode(tx, target.id);
      const context = await loadServerContext(tx, server);
      await assertNodeRoom(tx, locked, context.plan);
      return allocateTransferPorts(tx, server, locked, portAddress(this.context, locked));
    });
    forgetNodeLoads(db);
    const view: TransferView = {
      server: server.uuid,
      from: source.name,
      to: target.name,
      state: 'running',
      step: 'stopping',
      bytes_copied: 0,
      bytes_total: null,
      address: `${target.publicHost}:${ports[0].port}`,
      error: null,
      started_at: new Date().toISOString(),
      finished_at: null,
    };
    const job: Job = { view, server, source, target, ports, actor };
    this.jobs.set(server.uuid, job);
    await recordAudit(db, { actorId: actor.userId, serverUuid: server.uuid, event: 'server.transfer.started', ip: actor.ip, properties: { from: source.name, to: target.name, via: actor.via } });
    runtime.events.publish(server.uuid, { type: 'state', state: 'transferring' });
    void this.run(job);
    return view;
  }

  private async run(job: Job): Promise<void> {
    const { db, runtime, log } = this.context;
    const { server, source, target, view } = job;
    const release = runtime.holdOffline(server.uuid, HOLD_REASON);
    const wasRunning = runtime.state(server.uuid) !== 'offline';
    const network = networkServiceFor(this.context);
    let pointed = false;
    let switched = false;
    try {
      const sourceDriver = runtime.nodeDriver(source.id);
      const targetDriver = runtime.nodeDriver(target.id);
      if (wasRunning) {
        await sourceDriver.stop(server.uuid);
        await waitUntil(() => runtime.state(server.uuid) === 'offline', STOP_TIMEOUT_MS, 'The server did not stop');
      }
      view.step = 'copying';
      const context = await loadServerContext(db, server);
      const spec = { ...specOf(context, targetDriver.gamePaths(server.uuid)), nodeId: target.id };
      await targetDriver.create(spec);
      view.bytes_total = await sourceDriver.diskBytes(server.uuid).catch(() => null);
      await copyServerFiles(sourceDriver.files(server.uuid), targetDriver.files(server.uuid), (bytes) => (view.bytes_copied = bytes));

      view.step = 'switching';
      pointed = await network.pointSubdomain(server, target.publicHost, job.ports[0].port);
      await db.transaction(async (tx) => {
        await tx
          .update(allocations)
          .set({ serverId: null, purpose: null, notes: null })
          .where(and(eq(allocations.serverId, server.id), eq(allocations.nodeId, source.id)));
        await tx.update(servers).set({ nodeId: target.id, allocationId: job.ports[0].id, updatedAt: new Date() }).where(eq(servers.id, server.id));
      });
      switched = true;
      forgetNodeLoads(db);
      const [moved] = await db.select().from(servers).where(eq(servers.id, server.id));
      // Routes the server's calls to the target from now on.
      runtime.spec(await loadServerContext(db, moved));
      // The source copy goes last: a failure here leaves a stray copy on the old node (logged), never a server without files.
      await sourceDriver.destroy(server.uuid).catch((error: Error) => log.warn({ err: error, server: server.uuid, node: source.name }, 'could not remove a moved server’s old copy'));
      release();
      view.step = 'starting';
      if (wasRunning) await runtime.power(moved, 'start');
      view.step = 'done';
      view.state = 'completed';
      await recordAudit(db, {
        actorId: job.actor.userId,
        serverUuid: server.uuid,
        event: 'server.transfer.completed',
        ip: job.actor.ip,
        properties: { from: source.name, to: target.name, address: view.address },
      });
    } catch (error) {
      view.state = 'failed';
      view.error = (error as Error).message;
      log.error({ err: error, server: server.uuid, from: source.name, to: target.name }, 'server transfer failed');
      if (!switched) await this.rollBack(job, pointed);
      release();
      if (!switched && wasRunning)
        await runtime.power(server, 'start').catch((startError: Error) => log.error({ err: startError, server: server.uuid }, 'could not start a server again after a failed transfer'));
      await recordAudit(db, {
        actorId: job.actor.userId,
        serverUuid: server.uuid,
        event: 'server.transfer.failed',
        ip: job.actor.ip,
        properties: { from: source.name, to: target.name, error: view.error },
      });
    } finally {
      view.finished_at = new Date().toISOString();
      runtime.events.publish(server.uuid, { type: 'state', state: runtime.state(server.uuid) });
    }
  }

  /** Leaves the server whole on the source: the target's copy removed, its ports given back, the subdomain pointed home again. */
  private async rollBack(job: Job, pointed: boolean): Promise<void> {
    const { db, runtime, log } = this.context;
    const { server, source, target } = job;
    const targetDriver = (() => {
      try {
        return runtime.nodeDriver(target.id);
      } catch {
        return null;
      }
    })();
    await targetDriver?.destroy(server.uuid).catch((error: Error) => log.warn({ err: error, server: server.uuid, node: target.name }, 'could not remove a failed transfer’s copy'));
    await db
      .update(allocations)
      .set({ serverId: null, purpose: null, notes: null })
      .where(and(eq(allocations.serverId, server.id), eq(allocations.nodeId, target.id)));
    forgetNodeLoads(db);
    if (pointed) {
      const [primary] = await db
        .select()
        .from(allocations)
        .where(eq(allocations.id, server.allocationId ?? -1));
      if (primary)
        await networkServiceFor(this.context)
          .pointSubdomain(server, source.publicHost, primary.port)
          .catch(() => undefined);
    }
  }
}

async function waitUntil(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`${what} within ${Math.round(timeoutMs / 1000)} s.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
