import { count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { servers, users, type UserRow } from '../../db/schema';
import { ValidationError } from '../../lib/errors';
import { findTakenFields } from '../auth/userAccounts';
import { disableTwoFactor } from '../auth/twoFactor';
import { requestPasswordReset } from '../auth/passwordResetFlow';
import type { Mailer } from '../mail/Mailer';
import type { Actor } from '../audit/audit';
import type { UpdateAdminUserBody } from '../../schemas/adminArea';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of users (newest first) matching a search in username, email or name, with their server counts. */
export async function listAdminUsers(db: Database, search: string | undefined, page: { limit: number; offset: number }): Promise<{ rows: { user: UserRow; servers: number }[]; total: number }> {
  const pattern = search ? `%${escapeLike(search)}%` : null;
  const where = pattern ? or(ilike(users.username, pattern), ilike(users.email, pattern), ilike(sql`coalesce(${users.nameFirst}, '') || ' ' || coalesce(${users.nameLast}, '')`, pattern)) : undefined;
  const owned = db
    .select({ ownerId: servers.ownerId, servers: count().as('servers') })
    .from(servers)
    .groupBy(servers.ownerId)
    .as('owned');
  const rows = await db
    .select({ user: users, servers: sql<number>`coalesce(${owned.servers}, 0)::int` })
    .from(users)
    .leftJoin(owned, eq(owned.ownerId, users.id))
    .where(where)
    .orderBy(desc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  return { rows, total };
}

/** Changes a user's email, names, language or admin flag; 422 when the email is taken. */
export async function updatePanelUser(db: Database, user: UserRow, input: UpdateAdminUserBody): Promise<UserRow> {
  if (input.email && (await findTakenFields(db, { email: input.email }, user.id)).length) throw new ValidationError({ email: ['This email is already taken'] });
  const changes: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (input.email !== undefined) changes.email = input.email.toLowerCase();
  if (input.name_first !== undefined) changes.nameFirst = input.name_first;
  if (input.name_last !== undefined) changes.nameLast = input.name_last;
  if (input.language !== undefined) changes.language = input.language;
  if (input.root_admin !== undefined) changes.rootAdmin = input.root_admin;
  const [row] = await db.update(users).set(changes).where(eq(users.id, user.id)).returning();
  return row;
}

/**
 * Turns a user's two-factor off (a lost phone): they sign in with the password and may enrol again.
 * Recorded with the admin (or admin key) as the actor and the user as the target.
 */
export async function resetUserTwoFactor(db: Database, user: UserRow, actor: Actor & { via: string }): Promise<void> {
  await disableTwoFactor(db, user, actor);
}

/** Mails the user a password-reset link, as "forgot password" does. */
export async function sendUserPasswordReset(db: Database, mailer: Mailer, user: UserRow, ip: string, panelUrl: string): Promise<void> {
  await requestPasswordReset(db, mailer, { email: user.email, ip, panelUrl });
}
