import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { linkedIdentities, users, type LinkedIdentityRow, type UserRow } from '../../../db/schema';
import { uniqueViolation } from '../../../lib/uniqueViolation';
import { recordAudit, type Actor } from '../../audit/audit';
import type { ProviderIdentity } from './oauthProfiles';

/**
 * The password hash of an account created through a provider: no password matches it (argon2
 * refuses the empty hash), until the owner sets one through "Forgot password".
 */
export const NO_PASSWORD = '';

export const hasPassword = (user: Pick<UserRow, 'passwordHash'>): boolean => user.passwordHash !== NO_PASSWORD;

/** The account an identity is linked to, with the link. */
export async function findLinkedAccount(db: Database, provider: string, subject: string): Promise<{ user: UserRow; link: LinkedIdentityRow } | null> {
  const [row] = await db
    .select({ user: users, link: linkedIdentities })
    .from(linkedIdentities)
    .innerJoin(users, eq(users.id, linkedIdentities.userId))
    .where(and(eq(linkedIdentities.provider, provider), eq(linkedIdentities.subject, subject)))
    .limit(1);
  return row ?? null;
}

export const listLinkedIdentities = (db: Database, userId: number): Promise<LinkedIdentityRow[]> =>
  db.select().from(linkedIdentities).where(eq(linkedIdentities.userId, userId)).orderBy(asc(linkedIdentities.linkedAt));

export const touchLinkedIdentity = (db: Database, id: number) => db.update(linkedIdentities).set({ lastUsedAt: new Date() }).where(eq(linkedIdentities.id, id));

/**
 * Links an identity to an account (`account.oauth-linked`). False when the identity is linked to
 * another account, or the account already has one of this provider (the unique indexes decide races).
 */
export async function linkIdentity(db: Database, userId: number, provider: string, identity: ProviderIdentity, actor: Actor): Promise<boolean> {
  try {
    await db.insert(linkedIdentities).values({ userId, provider, subject: identity.subject, email: identity.email });
  } catch (error) {
    if (uniqueViolation(error)) return false;
    throw error;
  }
  // Discord's identity fills the user entity's discord_* fields (SPEC section 3).
  if (provider === 'discord') await db.update(users).set({ discordId: identity.subject, discordUsername: identity.username, discordAvatar: identity.avatar }).where(eq(users.id, userId));
  await recordAudit(db, { actorId: actor.userId, event: 'account.oauth-linked', ip: actor.ip, properties: { provider, email: identity.email } });
  return true;
}

/** Removes the account's link to a provider (`account.oauth-unlinked`); false when there was none. */
export async function unlinkIdentity(db: Database, userId: number, provider: string, actor: Actor): Promise<boolean> {
  const removed = await db
    .delete(linkedIdentities)
    .where(and(eq(linkedIdentities.userId, userId), eq(linkedIdentities.provider, provider)))
    .returning({ id: linkedIdentities.id });
  if (removed.length === 0) return false;
  if (provider === 'discord') await db.update(users).set({ discordId: null, discordUsername: null, discordAvatar: null }).where(eq(users.id, userId));
  await recordAudit(db, { actorId: actor.userId, event: 'account.oauth-unlinked', ip: actor.ip, properties: { provider } });
  return true;
}
