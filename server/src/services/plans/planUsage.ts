import { and, count, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { allocations, backups, type PlanRow, type ServerRow } from '../../db/schema';
import type { RuntimeManager } from '../servers/RuntimeManager';
import { countServerDatabases } from '../databases/serverDatabases';

/** What a server uses of the limits a plan sets. */
export interface PlanUsage {
  diskMb: number;
  backups: number;
  extraPorts: number;
  databases: number;
}

/** One limit a plan would break, with how much to remove first. */
export interface PlanBlocker {
  resource: keyof PlanUsage;
  used: number;
  limit: number;
  /** How much must go before the plan fits (MiB for disk, a count otherwise). */
  remove: number;
}

type Counter = (db: Database, server: ServerRow, runtime: RuntimeManager) => Promise<number>;

const MiB = 1024 * 1024;

/**
 * One counter per limit; adding a limit is one line here (and one in the plan). Backups count as
 * the backup area counts them against its limit (everything but failed ones); extra ports are the
 * server's allocation rows besides its primary one, leaving out the ports its template needs
 * (query, rcon: rows with a purpose), which the plan does not count either.
 */
const counters: Record<keyof PlanUsage, Counter> = {
  diskMb: async (_db, server, runtime) => Math.ceil((await runtime.diskBytes(server.uuid).catch(() => 0)) / MiB),
  backups: async (db, server) =>
    (
      await db
        .select({ n: count() })
        .from(backups)
        .where(and(eq(backups.serverId, server.id), ne(backups.state, 'failed')))
    )[0].n,
  extraPorts: async (db, server) => {
    const rows = await db
      .select({ id: allocations.id })
      .from(allocations)
      .where(and(eq(allocations.serverId, server.id), isNull(allocations.purpose)));
    return rows.filter((row) => row.id !== server.allocationId).length;
  },
  databases: (db, server) => countServerDatabases(db, server.id),
};

/** The server's real usage of every limit. */
export async function planUsage(db: Database, server: ServerRow, runtime: RuntimeManager): Promise<PlanUsage> {
  const entries = await Promise.all(Object.entries(counters).map(async ([key, counter]) => [key, await counter(db, server, runtime)] as const));
  return Object.fromEntries(entries) as unknown as PlanUsage;
}

const limitOf: Record<keyof PlanUsage, (plan: PlanRow) => number> = {
  diskMb: (plan) => plan.diskMb,
  backups: (plan) => plan.backups,
  extraPorts: (plan) => plan.extraPorts,
  databases: (plan) => plan.databases,
};

/** The limits of `plan` the usage is over; empty when the server fits. */
export function blockersFor(usage: PlanUsage, plan: PlanRow): PlanBlocker[] {
  return (Object.keys(limitOf) as (keyof PlanUsage)[]).flatMap((resource) => {
    const used = usage[resource];
    const limit = limitOf[resource](plan);
    return used > limit ? [{ resource, used, limit, remove: used - limit }] : [];
  });
}
