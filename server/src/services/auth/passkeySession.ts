import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLogs } from '../../db/schema';

/** The login methods that prove a passkey: alone, or as the second factor after the password. */
export const PASSKEY_METHODS = ['passkey'] as const;

/**
 * Whether a session was opened with a passkey, read from its `auth.success` entry (each records
 * its session's id and method), as isFirstSession reads the account's first one.
 */
export async function sessionUsedPasskey(db: Database, userId: number, sessionId: number | null): Promise<boolean> {
  if (sessionId === null) return false;
  const [row] = await db
    .select({ method: sql<string>`${auditLogs.properties}->>'method'` })
    .from(auditLogs)
    .where(and(eq(auditLogs.actorId, userId), eq(auditLogs.event, 'auth.success'), sql`${auditLogs.properties}->>'session_id' = ${String(sessionId)}`))
    .orderBy(desc(auditLogs.id))
    .limit(1);
  return (PASSKEY_METHODS as readonly string[]).includes(row?.method ?? '');
}
