import { and, asc, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { allocations, nodes, type NodeRow } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import { FieldErrors } from '../../lib/fieldErrors';
import { sealSecret } from '../../lib/secretBox';
import { uniqueViolation } from '../../lib/uniqueViolation';
import type { NodeState } from '../../schemas/nodes';
import { recordAudit, type Actor } from '../audit/audit';
import { checkNodeFields, type NodeFields } from './checkNodeFields';
import type { NodeInput } from './nodeInput';
import { emptyUsage, nodeUsages, type NodeUsage } from './nodeUsage';
import { NODE_TLS_PURPOSE, syncRuntimeNodes, type NodeContext } from './nodeEngines';

/** A node with its use and state (never its TLS material). */
export interface NodeView {
  row: NodeRow;
  usage: NodeUsage;
  state: NodeState;
}

/** Who changes a node: the admin key (or the CLI on the panel's machine) and the address. */
export type NodeActor = Actor & { via: string };

function stateOf(context: NodeContext, row: NodeRow): NodeState {
  if (row.maintenance) return 'maintenance';
  return context.runtime.nodeState(row.id) ?? 'online';
}

/** Every node, the local one first, with its use and state. */
export async function listNodes(context: NodeContext): Promise<NodeView[]> {
  const [rows, usages] = await Promise.all([context.db.select().from(nodes).orderBy(asc(nodes.id)), nodeUsages(context.db)]);
  return rows.map((row) => ({ row, usage: usages.get(row.id) ?? emptyUsage, state: stateOf(context, row) }));
}

/** A node by name, uuid or id, or null. */
export async function findNodeRow(db: Database, identifier: string): Promise<NodeRow | null> {
  const conditions = [eq(nodes.name, identifier)];
  if (/^[0-9a-f-]{36}$/i.test(identifier)) conditions.push(eq(nodes.uuid, identifier));
  if (/^\d{1,9}$/.test(identifier)) conditions.push(eq(nodes.id, Number(identifier)));
  const [row] = await db
    .select()
    .from(nodes)
    .where(or(...conditions))
    .limit(1);
  return row ?? null;
}

/** A node by name, uuid or id, with its use and state; 404 when there is none. */
export async function requireNode(context: NodeContext, identifier: string): Promise<NodeView> {
  const row = await findNodeRow(context.db, identifier);
  if (!row) throw notFound('Node');
  const usage = (await nodeUsages(context.db, row.id)).get(row.id) ?? emptyUsage;
  return { row, usage, state: stateOf(context, row) };
}

/** Refuses a port range that overlaps another node's on the same public address (the same machine's ports). */
async function checkRangeOverlap(db: Database, fields: { publicHost: string; portRangeStart: number; portRangeEnd: number }, self: number | null, errors: FieldErrors): Promise<void> {
  const others = await db
    .select()
    .from(nodes)
    .where(and(eq(nodes.publicHost, fields.publicHost), self === null ? undefined : ne(nodes.id, self)));
  const overlapping = others.find((other) => other.portRangeStart <= fields.portRangeEnd && fields.portRangeStart <= other.portRangeEnd);
  if (overlapping) errors.add('port_range', `Overlaps the ports ${overlapping.portRangeStart}-${overlapping.portRangeEnd} of node "${overlapping.name}" on the same address.`);
}

/** Refuses a range that leaves out ports servers of the node hold. */
async function checkHeldPorts(db: Database, row: NodeRow, start: number, end: number, errors: FieldErrors): Promise<void> {
  const [outside] = await db
    .select({ port: allocations.port })
    .from(allocations)
    .where(and(eq(allocations.nodeId, row.id), isNotNull(allocations.serverId), sql`(${allocations.port} < ${start} or ${allocations.port} > ${end})`))
    .limit(1);
  if (outside) errors.add('port_range', `Servers on this node hold ports outside this range (port ${outside.port}).`);
}

function columnsOf(context: NodeContext, fields: Partial<NodeFields>): Partial<typeof nodes.$inferInsert> {
  const columns: Partial<typeof nodes.$inferInsert> = {};
  if (fields.name !== undefined) columns.name = fields.name;
  if (fields.location !== undefined) columns.location = fields.location;
  if (fields.dockerHost !== undefined) columns.dockerHost = fields.dockerHost;
  if (fields.tls !== undefined) columns.tlsSealed = fields.tls === null ? null : sealSecret(context.config.secret, NODE_TLS_PURPOSE, JSON.stringify(fields.tls));
  if (fields.publicHost !== undefined) columns.publicHost = fields.publicHost;
  if (fields.portRange !== undefined) Object.assign(columns, { portRangeStart: fields.portRange.start, portRangeEnd: fields.portRange.end });
  if (fields.memoryMb !== undefined) columns.memoryMb = fields.memoryMb;
  if (fields.diskMb !== undefined) columns.diskMb = fields.diskMb;
  if (fields.maintenance !== undefined) columns.maintenance = fields.maintenance;
  return columns;
}

async function withUniqueName<T>(work: () => Promise<T>, errors: FieldErrors): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolation(error)?.includes('name')) errors.add('name', 'A node with this name exists.').throwIfAny();
    throw error;
  }
}

/** Field names an audit entry lists for a change (never the TLS material itself). */
const changedFields = (input: NodeInput): string[] => Object.entries(input).flatMap(([key, value]) => (value === undefined ? [] : [key]));

/**
 * Registers a docker node: checks every field (422 naming each bad one), stores the TLS material
 * sealed with the panel secret, and hands the node to the runtime at once (it shows offline when
 * its engine does not answer; the panel keeps trying).
 */
export async function createNode(context: NodeContext, input: NodeInput, actor: NodeActor, schemaErrors = new FieldErrors()): Promise<NodeView> {
  const { fields, errors } = checkNodeFields(input, null, schemaErrors);
  if (!errors.has('port_range') && fields.portRange && fields.publicHost) {
    await checkRangeOverlap(context.db, { publicHost: fields.publicHost, portRangeStart: fields.portRange.start, portRangeEnd: fields.portRange.end }, null, errors);
  }
  if (!errors.has('name') && fields.name && (await findNodeRow(context.db, fields.name))) errors.add('name', 'A node with this name exists.');
  errors.throwIfAny();
  const [row] = await withUniqueName(
    () =>
      context.db
        .insert(nodes)
        .values({ driver: 'docker', ...columnsOf(context, fields) } as typeof nodes.$inferInsert)
        .returning(),
    errors,
  );
  await recordAudit(context.db, { actorId: actor.userId, event: 'node.created', ip: actor.ip, properties: { node: row.name, docker_host: row.dockerHost, via: actor.via } });
  await syncRuntimeNodes(context);
  return requireNode(context, String(row.id));
}

/**
 * Changes a node. The panel's own machine takes its address and ports from the configuration:
 * only its location, capacity and maintenance can change here.
 */
export async function updateNode(context: NodeContext, identifier: string, input: NodeInput, actor: NodeActor, schemaErrors = new FieldErrors()): Promise<NodeView> {
  const { row } = await requireNode(context, identifier);
  const { fields, errors } = checkNodeFields(input, row, schemaErrors);
  const start = fields.portRange?.start ?? row.portRangeStart;
  const end = fields.portRange?.end ?? row.portRangeEnd;
  if (!errors.has('port_range') && (fields.portRange || fields.publicHost)) {
    await checkRangeOverlap(context.db, { publicHost: fields.publicHost ?? row.publicHost, portRangeStart: start, portRangeEnd: end }, row.id, errors);
    if (fields.portRange) await checkHeldPorts(context.db, row, start, end, errors);
  }
  errors.throwIfAny();
  const columns = columnsOf(context, fields);
  if (Object.keys(columns).length > 0) {
    await withUniqueName(
      () =>
        context.db
          .update(nodes)
          .set({ ...columns, updatedAt: new Date() })
          .where(eq(nodes.id, row.id)),
      errors,
    );
  }
  await recordAudit(context.db, { actorId: actor.userId, event: 'node.updated', ip: actor.ip, properties: { node: row.name, changed: changedFields(input), via: actor.via } });
  await syncRuntimeNodes(context);
  return requireNode(context, String(row.id));
}

/** Removes a node from the panel; refused (409) while servers are on it, and for the panel's own machine. */
export async function deleteNode(context: NodeContext, identifier: string, actor: NodeActor): Promise<void> {
  const { row, usage } = await requireNode(context, identifier);
  if (row.driver === 'local') throw new HttpError(409, 'The panel’s own machine cannot be removed.');
  if (usage.servers > 0) throw new HttpError(409, `The node "${row.name}" still holds ${usage.servers} server(s); delete or move them first.`);
  try {
    await context.db.delete(nodes).where(eq(nodes.id, row.id));
  } catch (error) {
    // A database host serving the node keeps it (its customers' databases would lose their node).
    if ((error as { code?: string }).code === '23503') throw new HttpError(409, `The node "${row.name}" still has database hosts; remove them first.`);
    throw error;
  }
  await recordAudit(context.db, { actorId: actor.userId, event: 'node.deleted', ip: actor.ip, properties: { node: row.name, via: actor.via } });
  await syncRuntimeNodes(context);
}
