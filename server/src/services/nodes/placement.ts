import { count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { allocations, nodes, plans, servers, type AllocationRow, type NodeRow, type PlanRow, type ServerRow } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { NodeOfflineError } from '../../runtime/nodes/NodeRoutingDriver';
import { allocatePorts } from '../servers/allocatePorts';
import type { ProvisioningContext } from '../servers/ProvisioningContext';
import { assertNodeRoom } from './nodeUsage';

/** What a new server needs of a node. */
export interface PlacementRequest {
  plan: Pick<PlanRow, 'memoryMb' | 'diskMb'>;
  /** Only nodes of this location (a data centre, a city); any location when absent. */
  location?: string;
  /** The node the admin chose: the server goes there or is refused with the reason. */
  node?: NodeRow;
  /** The ports it takes: null for the primary one, then the template's named ones (query, rcon). */
  ports: (string | null)[];
}

/** A node as placement weighs it: its row and what its servers already hold. */
export interface NodeLoad {
  node: NodeRow;
  servers: number;
  memoryMb: number;
  diskMb: number;
  heldPorts: number;
}

/** A placed server: the node it went to and the ports it holds there (the first is its primary). */
export interface Placement {
  server: ServerRow;
  node: NodeRow;
  ports: AllocationRow[];
}

/** Creates the server's row on the chosen node, inside the placement's transaction (use `tx`, never the outer database). */
export type CreatePlacedServer = (tx: Database, node: NodeRow) => Promise<ServerRow>;

type PlacementContext = Pick<ProvisioningContext, 'db' | 'runtime' | 'config'>;

/** Every node with its use, in one statement (the admin listing and placement read the same figures). */
export async function nodeLoads(db: Database): Promise<NodeLoad[]> {
  const used = db
    .select({
      nodeId: servers.nodeId,
      servers: count().as('used_servers'),
      memoryMb: sql<string>`coalesce(sum(${plans.memoryMb}), 0)`.as('used_memory_mb'),
      diskMb: sql<string>`coalesce(sum(${plans.diskMb}), 0)`.as('used_disk_mb'),
    })
    .from(servers)
    .innerJoin(plans, eq(plans.id, servers.planId))
    .groupBy(servers.nodeId)
    .as('used');
  const held = db
    .select({ nodeId: allocations.nodeId, ports: count().as('held_ports') })
    .from(allocations)
    .where(isNotNull(allocations.serverId))
    .groupBy(allocations.nodeId)
    .as('held');
  const rows = await db
    .select({ node: nodes, servers: used.servers, memoryMb: used.memoryMb, diskMb: used.diskMb, heldPorts: held.ports })
    .from(nodes)
    .leftJoin(used, eq(used.nodeId, nodes.id))
    .leftJoin(held, eq(held.nodeId, nodes.id));
  return rows.map((row) => ({
    node: row.node,
    servers: Number(row.servers ?? 0),
    memoryMb: Number(row.memoryMb ?? 0),
    diskMb: Number(row.diskMb ?? 0),
    heldPorts: Number(row.heldPorts ?? 0),
  }));
}

const portCount = (node: NodeRow): number => node.portRangeEnd - node.portRangeStart + 1;

/** Whether the node has room for the plan and the ports now (a node without a memory or disk figure has no limit of it). */
export function hasRoom(load: NodeLoad, plan: PlacementRequest['plan'], ports: number): boolean {
  const { node } = load;
  if (node.memoryMb !== null && load.memoryMb + plan.memoryMb > node.memoryMb) return false;
  if (node.diskMb !== null && load.diskMb + plan.diskMb > node.diskMb) return false;
  return load.heldPorts + ports <= portCount(node);
}

/** How full a node is, from 0 to 1: the fullest of its memory, disk and ports (a resource without a limit counts as empty). */
export function fullness(load: NodeLoad): number {
  const { node } = load;
  return Math.max(node.memoryMb ? load.memoryMb / node.memoryMb : 0, node.diskMb ? load.diskMb / node.diskMb : 0, load.heldPorts / portCount(node));
}

/**
 * What placement knows of every node's use, per database: read in one statement and kept for a few
 * seconds, counted up by each placement this process makes. Ranking from it costs no query; the
 * room a placement takes is checked again under the node's row lock, so a figure a few seconds old
 * only makes the ranking less even, never a node overfilled.
 */
interface LoadBook {
  loads: NodeLoad[];
  readAt: number;
}
const books = new WeakMap<Database, LoadBook>();
/** How long the figures are trusted before they are read again (deleted servers, other panel processes). */
const LOAD_BOOK_MAX_AGE_MS = 5_000;

async function currentLoads(db: Database, fresh: boolean): Promise<NodeLoad[]> {
  const book = books.get(db);
  if (!fresh && book && Date.now() - book.readAt < LOAD_BOOK_MAX_AGE_MS) return book.loads;
  const loads = await nodeLoads(db);
  books.set(db, { loads, readAt: Date.now() });
  return loads;
}

/** Placement reads every node's use again at its next decision (a node added, changed or removed; a server moved or deleted). */
export function forgetNodeLoads(db: Database): void {
  books.delete(db);
}

/** Counts a placement in the figures (the next ranking sees the node fuller). */
function countPlacement(db: Database, nodeId: number, plan: PlacementRequest['plan'], ports: number): void {
  const load = books.get(db)?.loads.find((entry) => entry.node.id === nodeId);
  if (!load) return;
  Object.assign(load, { servers: load.servers + 1, memoryMb: load.memoryMb + plan.memoryMb, diskMb: load.diskMb + plan.diskMb, heldPorts: load.heldPorts + ports });
}

/**
 * The nodes a new server may go to, least used first: not in maintenance, of the location asked
 * for, answering (the panel's own machine always does), with room for the plan and its ports.
 * `fresh` reads the use from the database instead of the figures kept.
 */
export async function placementCandidates(context: PlacementContext, request: Omit<PlacementRequest, 'node'>, fresh = false): Promise<NodeLoad[]> {
  const loads = await currentLoads(context.db, fresh);
  return loads
    .filter(
      (load) =>
        !load.node.maintenance &&
        (request.location === undefined || load.node.location === request.location) &&
        context.runtime.nodeState(load.node.id) !== 'offline' &&
        hasRoom(load, request.plan, request.ports.length),
    )
    .sort((a, b) => fullness(a) - fullness(b) || a.servers - b.servers || a.node.id - b.node.id);
}

/** Locks the node's row for the rest of the transaction: placements on one node follow one another. */
export async function lockNode(tx: Database, nodeId: number): Promise<NodeRow> {
  const [row] = await tx.select().from(nodes).where(eq(nodes.id, nodeId)).for('update');
  if (!row) throw new HttpError(409, 'The node was removed meanwhile.');
  return row;
}

/** The address a server's ports are held on: the panel's game address locally, every address of a node (its engine publishes them). */
export const portAddress = (context: Pick<PlacementContext, 'config'>, node: NodeRow): string => (node.driver === 'local' ? context.config.gameIp : '0.0.0.0');

/** Places on one node inside a transaction that holds its row: room checked again, the row created, ports allocated. */
async function placeOn(context: PlacementContext, nodeId: number, request: PlacementRequest, create: CreatePlacedServer): Promise<Placement> {
  return context.db.transaction(async (tx) => {
    const node = await lockNode(tx, nodeId);
    // The same checks (and messages) as a node chosen by hand: another placement may have filled it meanwhile.
    await assertNodeRoom(tx, node, request.plan);
    if (context.runtime.nodeState(node.id) === 'offline') throw new HttpError(409, new NodeOfflineError(node.name).message);
    const created = await create(tx, node);
    const ports = await allocatePorts(tx, node, portAddress(context, node), created.id, request.ports);
    const [server] = await tx.update(servers).set({ allocationId: ports[0].id }).where(eq(servers.id, created.id)).returning();
    return { server, node, ports };
  });
}

/**
 * Where a new server goes, and it created there: on the node given (refused with the reason when
 * it cannot take it), else on the least used node that can (not in maintenance, of its location,
 * answering, with room for the plan's memory and disk and a free port). Each try holds the node's
 * row for its transaction, so concurrent placements never overfill a node or share a port; a node
 * filled meanwhile passes the server to the next. 409 when no node has room.
 */
export async function placeServer(context: PlacementContext, request: PlacementRequest, create: CreatePlacedServer): Promise<Placement> {
  if (request.node) {
    const placed = await placeOn(context, request.node.id, request, create);
    countPlacement(context.db, placed.node.id, request.plan, request.ports.length);
    return placed;
  }
  // The figures kept first; when they find no room, the database's (a server deleted meanwhile frees some).
  for (const fresh of [false, true]) {
    for (const candidate of await placementCandidates(context, request, fresh)) {
      try {
        const placed = await placeOn(context, candidate.node.id, request, create);
        countPlacement(context.db, placed.node.id, request.plan, request.ports.length);
        return placed;
      } catch (error) {
        // Full since it was ranked (or its ports are taken by something else): the next one.
        if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
        forgetNodeLoads(context.db);
      }
    }
  }
  const where = request.location ? ` in location "${request.location}"` : '';
  throw new HttpError(
    409,
    `No node${where} has room for this server: it needs ${request.plan.memoryMb} MiB of memory, ${request.plan.diskMb} MiB of disk and ${request.ports.length} free port(s) on an online node that is not in maintenance. Add a node or free room on one.`,
  );
}
