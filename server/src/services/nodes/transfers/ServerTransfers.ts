import { and, eq } from 'drizzle-orm';
import { allocations, nodes, servers, serverTransfers, type AllocationRow, type NodeRow, type ServerRow } from '../../../db/schema';
import { HttpError, ValidationError } from '../../../lib/errors';
import { NodeOfflineError } from '../../../runtime/nodes/NodeRoutingDriver';
import { recordAudit, type Actor } from '../../audit/audit';
import { networkServiceFor } from '../../network/networkServiceFor';
import { loadServerContext, specOf } from '../../servers/loadServerContext';
import { findNodeRow } from '../nodeAdmin';
import { assertNodeRoom } from '../nodeUsage';
import { forgetNodeLoads, lockNode, portAddress } from '../placement';
import { moveServerFiles } from './moveServerFiles';
import { recoverTransfer } from './recoverTransfer';
import { rollBackTransfer, StrayCopies, type TransferContext } from './transferCleanup';
import type { TransferProgress } from '../../../runtime/ServerEventHub';
import { lastTransferRow, saveTransfer, toTransferView, transferPercent, unfinishedTransferRows, type TransferView } from './transferRecords';
import { allocateTransferPorts } from './transferPorts';

export type { TransferStep, TransferView } from './transferRecords';

interface Job {
  id: number;
  view: TransferView;
  server: ServerRow;
  source: NodeRow;
  target: NodeRow;
  ports: AllocationRow[];
  actor: Actor & { via: string };
  wasRunning: boolean;
  pointed: boolean;
  /** The background work, awaited when the panel closes. */
  done?: Promise<void>;
}

const HOLD_REASON = 'The server is being moved to another node; it can be started once the move has finished.';
const STOP_TIMEOUT_MS = 120_000;
/** Progress is written to the database at most this often (the bytes copied change with every chunk). */
const SAVE_EVERY_MS = 1000;
const INTERRUPTED = 'The panel stopped during the move.';

/**
 * Moves servers between nodes, one job per server, each kept in `server_transfers`: the target's
 * room and ports are taken first (under its row lock, the same port numbers where free), then the
 * server is stopped, its files streamed from the source's file port to the target's, its subdomain
 * pointed at the target, and only then is the server switched over in one write, its old copy
 * removed and, when it ran, it is started there. Until the switch the source copy is untouched: any
 * failure removes what the target got, gives its ports back and starts the server again where it
 * was. A panel that stops meanwhile leaves the job's row as it was, and its next start finishes the
 * job (switched) or rolls it back (not yet switched): see `recover`.
 */
export class ServerTransfers {
  private readonly jobs = new Map<string, Job>();
  private readonly strays: StrayCopies;
  private readonly closing = new AbortController();

  constructor(private readonly context: TransferContext) {
    this.strays = new StrayCopies(context);
  }

  /** Whether the server is being moved now (the API answers its state as `transferring`). */
  isTransferring(uuid: string): boolean {
    return this.jobs.get(uuid)?.view.state === 'running';
  }

  /** The move in progress as the customer's console hears it, or null (a socket that opens meanwhile is told at once). */
  progress(uuid: string): TransferProgress | null {
    const job = this.jobs.get(uuid);
    return job?.view.state === 'running' ? progressOf(job.view) : null;
  }

  /** The server's move in progress, or its last one (kept across restarts), or null. */
  async view(server: Pick<ServerRow, 'id' | 'uuid'>): Promise<TransferView | null> {
    const job = this.jobs.get(server.uuid);
    if (job) return { ...job.view, percent: transferPercent(job.view) };
    const last = await lastTransferRow(this.context.db, server.id);
    return last && toTransferView(last.row, server.uuid, last.from, last.to);
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
    const wasRunning = runtime.state(server.uuid) !== 'offline';
    const { ports, row } = await db.transaction(async (tx) => {
      const locked = await lockNode(tx, target.id);
      // A move a restart has not settled yet holds the server as well.
      const [unsettled] = await tx
        .select({ id: serverTransfers.id })
        .from(serverTransfers)
        .where(and(eq(serverTransfers.serverId, server.id), eq(serverTransfers.state, 'running')));
      if (unsettled) throw new HttpError(409, 'This server is already being moved.');
      const context = await loadServerContext(tx, server);
      await assertNodeRoom(tx, locked, context.plan);
      const ports = await allocateTransferPorts(tx, server, locked, portAddress(this.context, locked));
      const [row] = await tx
        .insert(serverTransfers)
        .values({
          serverId: server.id,
          fromNodeId: source.id,
          toNodeId: target.id,
          state: 'running',
          step: 'stopping',
          address: `${target.publicHost}:${ports[0].port}`,
          wasRunning,
          actorId: actor.userId,
          actorIp: actor.ip?.slice(0, 64) ?? null,
          actorVia: actor.via.slice(0, 128),
        })
        .returning();
      return { ports, row };
    });
    forgetNodeLoads(db);
    const view = toTransferView(row, server.uuid, source.name, target.name);
    const job: Job = { id: row.id, view, server, source, target, ports, actor, wasRunning, pointed: false };
    this.jobs.set(server.uuid, job);
    await recordAudit(db, { actorId: actor.userId, serverUuid: server.uuid, event: 'server.transfer.started', ip: actor.ip, properties: { from: source.name, to: target.name, via: actor.via } });
    this.tell(job);
    job.done = this.run(job);
    return { ...view };
  }

  /** Settles the moves a stopped panel left unfinished; run at start, before the servers are recovered. */
  async recover(): Promise<void> {
    for (const row of await unfinishedTransferRows(this.context.db)) {
      await recoverTransfer(this.context, this.strays, row).catch((error: Error) => this.context.log.error({ err: error, transfer: row.id }, 'could not settle an unfinished server transfer'));
    }
  }

  /** Panel shutdown: moves not yet switched stop where they are (the next start rolls them back); switched ones finish. */
  async close(): Promise<void> {
    this.closing.abort(new Error(INTERRUPTED));
    await Promise.all([...this.jobs.values()].map((job) => job.done));
  }

  /**
   * Tells the server's console sockets how far the move got. While it runs the state is said again
   * as `transferring`: stopping the server on the source publishes its own states meanwhile.
   */
  private tell(job: Job): void {
    job.view.percent = transferPercent(job.view);
    const { runtime } = this.context;
    const uuid = job.server.uuid;
    if (job.view.state === 'running') runtime.events.publish(uuid, { type: 'state', state: 'transferring' });
    runtime.events.publish(uuid, { type: 'transfer', progress: progressOf(job.view) });
    if (job.view.state !== 'running') runtime.events.publish(uuid, { type: 'state', state: runtime.state(uuid) });
  }

  private async run(job: Job): Promise<void> {
    const { db, runtime, log } = this.context;
    const { server, source, target, view } = job;
    const signal = this.closing.signal;
    const release = runtime.holdOffline(server.uuid, HOLD_REASON);
    const network = networkServiceFor(this.context);
    let switched = false;
    let savedAt = 0;
    const save = (force = false) => {
      if (!force && Date.now() - savedAt < SAVE_EVERY_MS) return;
      savedAt = Date.now();
      this.tell(job);
      void saveTransfer(db, job.id, view).catch((error: Error) => log.warn({ err: error, server: server.uuid }, 'could not save a transfer’s progress'));
    };
    try {
      const sourceDriver = runtime.nodeDriver(source.id);
      const targetDriver = runtime.nodeDriver(target.id);
      if (job.wasRunning) {
        await sourceDriver.stop(server.uuid);
        await waitUntil(() => runtime.state(server.uuid) === 'offline', STOP_TIMEOUT_MS, 'The server did not stop', signal);
      }
      view.step = 'copying';
      save(true);
      const context = await loadServerContext(db, server);
      const spec = { ...specOf(context, targetDriver.gamePaths(server.uuid)), nodeId: target.id };
      // The size is for the percent only: measured while the copy starts (an engine measures every volume at once, which takes a while).
      const measured = sourceDriver.diskBytes(server.uuid).then(
        (bytes) => void (view.bytes_total = bytes),
        () => undefined,
      );
      await targetDriver.create(spec);
      await moveServerFiles(
        sourceDriver,
        targetDriver,
        server.uuid,
        (bytes) => {
          view.bytes_copied = bytes;
          save();
        },
        signal,
      );
      await measured;
      signal.throwIfAborted();

      view.step = 'switching';
      this.tell(job);
      job.pointed = await network.pointSubdomain(server, target.publicHost, job.ports[0].port);
      await saveTransfer(db, job.id, view, { pointed: job.pointed });
      await db.transaction(async (tx) => {
        await tx
          .update(allocations)
          .set({ serverId: null, purpose: null, notes: null })
          .where(and(eq(allocations.serverId, server.id), eq(allocations.nodeId, source.id)));
        await tx.update(servers).set({ nodeId: target.id, allocationId: job.ports[0].id, updatedAt: new Date() }).where(eq(servers.id, server.id));
        // In the same write: a restart after it finishes the move instead of rolling it back.
        await tx.update(serverTransfers).set({ switched: true, step: 'starting' }).where(eq(serverTransfers.id, job.id));
      });
      switched = true;
      view.step = 'starting';
      this.tell(job);
      forgetNodeLoads(db);
      const [moved] = await db.select().from(servers).where(eq(servers.id, server.id));
      // Routes the server's calls to the target from now on.
      runtime.spec(await loadServerContext(db, moved));
      // The source copy goes last: a node that does not answer keeps it until it is back, never a server without files.
      await this.strays.remove(source, server.uuid);
      release();
      if (job.wasRunning) await runtime.power(moved, 'start');
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
      if (!switched && signal.aborted) {
        // The panel is closing: the row stays as it is and the next start rolls the move back.
        log.info({ server: server.uuid, from: source.name, to: target.name }, 'server transfer interrupted by the panel stopping');
        release();
        this.jobs.delete(server.uuid);
        return;
      }
      view.error = (error as Error).message;
      log.error({ err: error, server: server.uuid, from: source.name, to: target.name }, 'server transfer failed');
      if (!switched) await rollBackTransfer(this.context, this.strays, job);
      // Said failed only once rolled back: whoever reads "failed" finds the server whole on the source, its ports there only.
      view.state = 'failed';
      release();
      if (!switched && job.wasRunning)
        await runtime.power(server, 'start').catch((startError: Error) => log.error({ err: startError, server: server.uuid }, 'could not start a server again after a failed transfer'));
      await recordAudit(db, {
        actorId: job.actor.userId,
        serverUuid: server.uuid,
        event: 'server.transfer.failed',
        ip: job.actor.ip,
        properties: { from: source.name, to: target.name, error: view.error },
      });
    }
    view.finished_at = new Date().toISOString();
    await saveTransfer(db, job.id, view).catch((error: Error) => log.error({ err: error, server: server.uuid }, 'could not save a transfer’s outcome'));
    this.tell(job);
  }
}

function progressOf(view: TransferView): TransferProgress {
  return { step: view.step, state: view.state, percent: view.percent, address: view.state === 'failed' ? null : view.address };
}

async function waitUntil(condition: () => boolean, timeoutMs: number, what: string, signal: AbortSignal): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    signal.throwIfAborted();
    if (Date.now() > until) throw new Error(`${what} within ${Math.round(timeoutMs / 1000)} s.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
