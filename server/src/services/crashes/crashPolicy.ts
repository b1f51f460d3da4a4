import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { servers, type ServerRow } from '../../db/schema';
import { recordAudit, type Actor } from '../audit/audit';
import type { CrashPolicy } from '../../schemas/crashes';

/** A server's crash policy as the API answers it. */
export function crashPolicyOf(server: ServerRow): CrashPolicy {
  return { enabled: server.crashRestart, max_restarts: server.crashMaxRestarts, window_minutes: server.crashWindowMinutes };
}

/**
 * Changes whether and how often a crashed server is started again. The body was checked against
 * CrashPolicySchema (bounds answered as 422). `policyChanged` lets the restarts start counting
 * anew under the new cap. Audited as server.crash-policy.updated with the old and new values.
 */
export async function updateCrashPolicy(db: Database, server: ServerRow, policy: CrashPolicy, actor: Actor, policyChanged: (uuid: string) => void): Promise<CrashPolicy> {
  const [updated] = await db
    .update(servers)
    .set({ crashRestart: policy.enabled, crashMaxRestarts: policy.max_restarts, crashWindowMinutes: policy.window_minutes, updatedAt: new Date() })
    .where(eq(servers.id, server.id))
    .returning();
  policyChanged(server.uuid);
  await recordAudit(db, {
    actorId: actor.userId,
    serverUuid: server.uuid,
    event: 'server.crash-policy.updated',
    ip: actor.ip,
    properties: { before: crashPolicyOf(server), after: crashPolicyOf(updated) },
  });
  return crashPolicyOf(updated);
}
