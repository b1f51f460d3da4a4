import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLogs } from '../../db/schema';

/**
 * Whether the session is the account's first: the account's earliest finished login (sign-up
 * included, each recorded as `auth.success` with its session's id) opened it, or none is recorded.
 * The web app greets with "Welcome" then, and with "Welcome back" in every later session.
 */
export async function isFirstSession(db: Database, userId: number, sessionId: number | null): Promise<boolean> {
  const [first] = await db
    .select({ properties: auditLogs.properties })
    .from(auditLogs)
    .where(and(eq(auditLogs.actorId, userId), eq(auditLogs.event, 'auth.success')))
    .orderBy(asc(auditLogs.id))
    .limit(1);
  return !first || (sessionId !== null && first.properties.session_id === sessionId);
}
