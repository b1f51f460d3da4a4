import { and, count, desc, eq, lt, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serverCrashes, type ServerCrashRow } from '../../db/schema';
import type { CrashInfo } from '../../runtime/types';
import type { CrashOutcome, ServerCrashJson } from '../../schemas/crashes';

/** Console lines kept with each crash. */
export const CRASH_LINES = 100;
/** Crashes kept per server; older ones go when a new one is recorded. */
const KEPT_PER_SERVER = 100;
/** One console line is cut to this many characters (a game printing a huge line cannot bloat the row). */
const MAX_LINE_CHARS = 2000;

export interface CrashRecordInput {
  serverId: number;
  info: CrashInfo;
  outcome: CrashOutcome;
  restart: { attempt: number; max: number } | null;
  lines: string[];
}

/** Stores a crash with its last console lines, and drops the server's oldest beyond what is kept. */
export async function recordCrash(db: Database, input: CrashRecordInput): Promise<ServerCrashRow> {
  const { info } = input;
  const [row] = await db
    .insert(serverCrashes)
    .values({
      serverId: input.serverId,
      exitCode: info.exitCode,
      signal: info.signal,
      reason: info.reason,
      outOfMemory: info.reason === 'memory',
      message: info.message.slice(0, 500),
      outcome: input.outcome,
      restartAttempt: input.restart?.attempt ?? null,
      maxRestarts: input.restart?.max ?? null,
      lines: input.lines.slice(-CRASH_LINES).map((line) => line.slice(0, MAX_LINE_CHARS)),
    })
    .returning();
  const kept = db.select({ id: serverCrashes.id }).from(serverCrashes).where(eq(serverCrashes.serverId, input.serverId)).orderBy(desc(serverCrashes.id)).limit(KEPT_PER_SERVER);
  await db.delete(serverCrashes).where(and(eq(serverCrashes.serverId, input.serverId), lt(serverCrashes.id, row.id), notInArray(serverCrashes.id, kept)));
  return row;
}

/** Changes what came of a crash (a planned restart dropped because restarts were turned off meanwhile). */
export async function setCrashOutcome(db: Database, id: number, outcome: CrashOutcome): Promise<void> {
  await db.update(serverCrashes).set({ outcome, restartAttempt: null, maxRestarts: null }).where(eq(serverCrashes.id, id));
}

/** A server's crashes, newest first, one page of them with the total. */
export async function listCrashes(db: Database, serverId: number, page: number, perPage: number): Promise<{ data: ServerCrashJson[]; total: number }> {
  const rows = await db
    .select()
    .from(serverCrashes)
    .where(eq(serverCrashes.serverId, serverId))
    .orderBy(desc(serverCrashes.createdAt), desc(serverCrashes.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [{ total }] = await db.select({ total: count() }).from(serverCrashes).where(eq(serverCrashes.serverId, serverId));
  return { data: rows.map(crashJson), total };
}

/** The API's shape of a stored crash. */
export function crashJson(row: ServerCrashRow): ServerCrashJson {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    exit_code: row.exitCode,
    signal: row.signal,
    reason: row.reason as ServerCrashJson['reason'],
    out_of_memory: row.outOfMemory,
    message: row.message,
    outcome: row.outcome as CrashOutcome,
    restart_attempt: row.restartAttempt,
    max_restarts: row.maxRestarts,
    lines: row.lines,
  };
}
