import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { UserRow } from '../../db/schema';
import { ValidationError } from '../../lib/errors';
import { accountMessages } from '../../lib/accountMessages';
import { uniqueViolation } from '../../lib/uniqueViolation';

export type UniqueField = 'username' | 'email';

/**
 * Which of the given username/email already belong to another account. Emails are compared
 * case-insensitively (they are stored lower-cased; lower() also covers older rows).
 */
export async function findTakenFields(db: Database, { username, email }: { username?: string; email?: string }, exceptUserId?: number): Promise<UniqueField[]> {
  const checks = [];
  if (username) checks.push(eq(users.username, username.toLowerCase()));
  if (email) checks.push(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (checks.length === 0) return [];
  const where = exceptUserId === undefined ? or(...checks) : and(or(...checks), ne(users.id, exceptUserId));
  const rows = await db.select({ username: users.username, email: users.email }).from(users).where(where);
  const taken = new Set<UniqueField>();
  for (const row of rows) {
    if (username && row.username === username.toLowerCase()) taken.add('username');
    if (email && row.email.toLowerCase() === email.toLowerCase()) taken.add('email');
  }
  return [...taken];
}

/** Maps a unique-constraint failure on users to the 422 the client shows under the field. */
function rethrowUnique(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint?.includes('username')) throw new ValidationError({ username: [accountMessages.taken.username] });
  if (constraint?.includes('email')) throw new ValidationError({ email: [accountMessages.taken.email] });
  throw error;
}

/**
 * Inserts an account. The unique constraints decide races: of two concurrent registrations with
 * the same name or email exactly one wins, the other gets a 422.
 */
export async function createUser(db: Database, values: { username: string; email: string; passwordHash: string; rootAdmin?: boolean }): Promise<UserRow> {
  try {
    const [row] = await db
      .insert(users)
      .values({ ...values, username: values.username.toLowerCase(), email: values.email.toLowerCase() })
      .returning();
    return row;
  } catch (error) {
    rethrowUnique(error);
  }
}

/** The account for a login name: a username or an email address, case-insensitively. */
export async function findUserByLogin(db: Database, login: string): Promise<UserRow | null> {
  const value = login.trim().toLowerCase();
  const where = value.includes('@') ? eq(sql`lower(${users.email})`, value) : eq(users.username, value);
  const [row] = await db.select().from(users).where(where).limit(1);
  return row ?? null;
}

export async function findUserById(db: Database, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

type UserChanges = Partial<Pick<UserRow, 'nameFirst' | 'nameLast' | 'language' | 'timeFormat' | 'restartConfirmation' | 'email' | 'passwordHash'>>;

/** Applies the defined changes (undefined fields stay) and bumps updated_at. */
export async function updateUser(db: Database, id: number, changes: UserChanges): Promise<UserRow> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as UserChanges;
  if (set.email) set.email = set.email.toLowerCase();
  try {
    const [row] = await db
      .update(users)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  } catch (error) {
    rethrowUnique(error);
  }
}
