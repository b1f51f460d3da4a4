import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adminApiKeys, type AdminApiKeyRow } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';

const PREFIX = 'padm_';

/** Creates an admin API key. The key itself is shown once; only its hash is stored. */
export async function createAdminKey(db: Database, description: string): Promise<{ key: string; row: AdminApiKeyRow }> {
  const key = `${PREFIX}${newToken()}`;
  const [row] = await db
    .insert(adminApiKeys)
    .values({ identifier: key.slice(0, 16), keyHash: hashToken(key), description })
    .returning();
  return { key, row };
}

/** The active key row for a presented key, or null. Records when it was last used. */
export async function verifyAdminKey(db: Database, key: string): Promise<AdminApiKeyRow | null> {
  if (!key.startsWith(PREFIX) || key.length > 128) return null;
  const [row] = await db
    .select()
    .from(adminApiKeys)
    .where(and(eq(adminApiKeys.keyHash, hashToken(key)), isNull(adminApiKeys.revokedAt)))
    .limit(1);
  if (!row) return null;
  await db.update(adminApiKeys).set({ lastUsedAt: new Date() }).where(eq(adminApiKeys.id, row.id));
  return row;
}

export async function listAdminKeys(db: Database): Promise<AdminApiKeyRow[]> {
  return db.select().from(adminApiKeys).orderBy(adminApiKeys.id);
}

/** Revokes a key by its identifier (the first 16 characters); false when there is none. */
export async function revokeAdminKey(db: Database, identifier: string): Promise<boolean> {
  const rows = await db
    .update(adminApiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(adminApiKeys.identifier, identifier), isNull(adminApiKeys.revokedAt)))
    .returning({ id: adminApiKeys.id });
  return rows.length > 0;
}
