import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../lib/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A user by uuid, email or username (what billing systems and admins have at hand). */
export async function findUser(db: Database, identifier: string): Promise<UserRow | null> {
  const where = UUID.test(identifier)
    ? eq(users.uuid, identifier.toLowerCase())
    : identifier.includes('@')
      ? eq(sql`lower(${users.email})`, identifier.toLowerCase())
      : eq(users.username, identifier.toLowerCase());
  const [row] = await db.select().from(users).where(where).limit(1);
  return row ?? null;
}

/** Like findUser, answering 404 when there is none. */
export async function requireUser(db: Database, identifier: string): Promise<UserRow> {
  const user = await findUser(db, identifier);
  if (!user) throw notFound('User');
  return user;
}
