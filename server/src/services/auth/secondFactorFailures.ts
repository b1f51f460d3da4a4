import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLogs } from '../../db/schema';

/**
 * Wrong second factors (TOTP or recovery codes) entered for the account since its last finished
 * login, read from the audit log (`auth.fail` with reason `two_factor`). Told to the owner at the
 * next login, so guessing with a stolen password does not go unnoticed.
 */
export async function failedSecondFactorsSinceLastLogin(db: Database, userId: number): Promise<number> {
  const [last] = await db
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(and(eq(auditLogs.actorId, userId), eq(auditLogs.event, 'auth.success')))
    .orderBy(desc(auditLogs.id))
    .limit(1);
  const [row] = await db
    .select({ n: count() })
    .from(auditLogs)
    .where(and(eq(auditLogs.actorId, userId), eq(auditLogs.event, 'auth.fail'), sql`${auditLogs.properties}->>'reason' = 'two_factor'`, last ? gt(auditLogs.id, last.id) : undefined));
  return Number(row?.n ?? 0);
}
