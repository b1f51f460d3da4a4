import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiKeys, users, type ApiKeyRow, type UserRow } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import { recordAudit, type Actor } from '../audit/audit';

/**
 * The beginning of every client API key, so secret scanners (and people) recognise a leaked one:
 * `pck_` and 43 URL-safe characters (256 random bits), e.g. matched by `pck_[A-Za-z0-9_-]{43}`.
 */
export const API_KEY_PREFIX = 'pck_';
/** How many keys one account may hold at a time (revoked ones do not count). */
export const MAX_API_KEYS = 25;
const IDENTIFIER_LENGTH = 12;
// lastUsedAt is refreshed at most this often per key, unless the address changes.
const TOUCH_INTERVAL_MS = 60_000;

/** Whether a presented bearer credential is shaped like a client API key (not a session token). */
export const looksLikeApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX) && token.length <= 128;

/** What a new key is made of, already checked. */
export interface NewApiKey {
  description: string;
  scopes: string[];
  allowedIps: string[];
  expiresAt: Date | null;
}

/** The account's keys that still work or merely expired (revoked ones are gone from the list), newest first. */
export function listApiKeys(db: Database, userId: number): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.id));
}

/**
 * Creates a key; the key itself is answered once and only its SHA-256 kept. 409 past
 * {@link MAX_API_KEYS}. Writes `account.api-key-created`.
 */
export async function createApiKey(db: Database, user: UserRow, input: NewApiKey, actor: Actor): Promise<{ row: ApiKeyRow; token: string }> {
  const [{ held }] = await db
    .select({ held: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, user.id), isNull(apiKeys.revokedAt)));
  if (held >= MAX_API_KEYS) throw new HttpError(409, `An account can hold at most ${MAX_API_KEYS} API keys. Revoke one you no longer use first.`);
  const token = `${API_KEY_PREFIX}${newToken()}`;
  const [row] = await db
    .insert(apiKeys)
    .values({
      userId: user.id,
      identifier: token.slice(0, IDENTIFIER_LENGTH),
      keyHash: hashToken(token),
      description: input.description,
      scopes: input.scopes,
      allowedIps: input.allowedIps,
      expiresAt: input.expiresAt,
    })
    .returning();
  await recordAudit(db, {
    actorId: actor.userId,
    event: 'account.api-key-created',
    ip: actor.ip,
    properties: { identifier: row.identifier, description: row.description, scopes: row.scopes, allowed_ips: row.allowedIps, expires_at: row.expiresAt?.toISOString() ?? null },
  });
  return { row, token };
}

/** Revokes one of the account's keys by its identifier; false when it is not theirs or already revoked. Writes `account.api-key-revoked`. */
export async function revokeApiKey(db: Database, userId: number, identifier: string, actor: Actor): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.userId, userId), eq(apiKeys.identifier, identifier), isNull(apiKeys.revokedAt)))
    .returning({ identifier: apiKeys.identifier, description: apiKeys.description });
  if (rows.length === 0) return false;
  await recordAudit(db, { actorId: actor.userId, event: 'account.api-key-revoked', ip: actor.ip, properties: { identifier: rows[0].identifier, description: rows[0].description } });
  return true;
}

/** A presented key with its row and user, whatever its state (the caller decides what a revoked or expired one answers). */
export async function findApiKey(db: Database, token: string): Promise<{ key: ApiKeyRow; user: UserRow } | null> {
  if (!looksLikeApiKey(token)) return null;
  const [row] = await db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.keyHash, hashToken(token)))
    .limit(1);
  return row ?? null;
}

/** The user of a key while it works (not revoked, not expired, the user not suspended), as a key acts: never a root admin. */
export async function activeApiKeyUser(db: Database, keyId: number, userId: number): Promise<{ key: ApiKeyRow; user: UserRow } | null> {
  const [row] = await db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId)))
    .limit(1);
  if (!row || apiKeyRefusal(row.key) || row.user.suspended) return null;
  return { key: row.key, user: { ...row.user, rootAdmin: false } };
}

/** Why a found key does not authenticate, or null when it does. */
export function apiKeyRefusal(key: ApiKeyRow, now = Date.now()): string | null {
  if (key.revokedAt) return 'This API key has been revoked.';
  if (key.expiresAt && key.expiresAt.getTime() <= now) return 'This API key has expired.';
  return null;
}

/** Records the key's last use (time and address), at most once a minute unless the address changed. */
export async function touchApiKey(db: Database, key: ApiKeyRow, ip: string): Promise<void> {
  const address = ip.slice(0, 64);
  if (key.lastUsedAt && key.lastUsedIp === address && Date.now() - key.lastUsedAt.getTime() < TOUCH_INTERVAL_MS) return;
  const now = new Date();
  await db.update(apiKeys).set({ lastUsedAt: now, lastUsedIp: address }).where(eq(apiKeys.id, key.id));
  // The row may be a cached one: later requests within the cache's life see this use too.
  key.lastUsedAt = now;
  key.lastUsedIp = address;
}

/** Records a use refused because of the request's address (`auth.api-key-refused`); the key's owner sees it in the account's history. */
export async function recordRefusedApiKeyUse(db: Database, key: ApiKeyRow, ip: string): Promise<void> {
  await recordAudit(db, { actorId: key.userId, event: 'auth.api-key-refused', ip, properties: { identifier: key.identifier, reason: 'address' } });
}
