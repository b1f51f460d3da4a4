import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { servers, users } from '../../db/schema';
import type { UserRow } from '../../db/schema';
import { HttpError, ValidationError } from '../../lib/errors';
import { hashPassword } from '../auth/passwords';
import { createUser, findTakenFields } from '../auth/userAccounts';
import { revokeOtherAccessTokens } from '../auth/accessTokens';
import { recordAudit } from '../audit/audit';
import type { ProvisioningContext } from '../servers/ProvisioningContext';

export interface CreateUserInput {
  username: string;
  email: string;
  /** When absent a random one is set; the customer signs in through billing SSO or resets it. */
  password?: string;
  nameFirst?: string | null;
  nameLast?: string | null;
  rootAdmin?: boolean;
  language?: string;
}

/** Creates an account for the billing system; 422 when the username or email is taken. */
export async function createPanelUser({ db }: ProvisioningContext, input: CreateUserInput): Promise<UserRow> {
  const taken = await findTakenFields(db, { username: input.username, email: input.email });
  if (taken.length) {
    throw new ValidationError(Object.fromEntries(taken.map((field) => [field, [`This ${field} is already taken`]])));
  }
  const password = input.password ?? randomBytes(24).toString('base64url');
  let user = await createUser(db, { username: input.username, email: input.email, passwordHash: await hashPassword(password), rootAdmin: input.rootAdmin ?? false });
  if (input.nameFirst !== undefined || input.nameLast !== undefined || input.language) {
    [user] = await db
      .update(users)
      .set({ nameFirst: input.nameFirst ?? null, nameLast: input.nameLast ?? null, ...(input.language ? { language: input.language } : {}) })
      .where(eq(users.id, user.id))
      .returning();
  }
  await recordAudit(db, { actorId: null, event: 'admin.user-created', ip: null, properties: { user: user.uuid } });
  return user;
}

/** Suspends an account: every session ends at once; the account's servers are left as they are. */
export async function setUserSuspended({ db }: ProvisioningContext, user: UserRow, suspended: boolean): Promise<UserRow> {
  const [row] = await db.update(users).set({ suspended, updatedAt: new Date() }).where(eq(users.id, user.id)).returning();
  if (suspended) await revokeOtherAccessTokens(db, user.id, null);
  await recordAudit(db, { actorId: null, event: suspended ? 'admin.user-suspended' : 'admin.user-unsuspended', ip: null, properties: { user: user.uuid } });
  return row;
}

/** Deletes an account that owns no servers (409 otherwise: delete or move them first). */
export async function deletePanelUser({ db }: ProvisioningContext, user: UserRow): Promise<void> {
  const [{ owned }] = await db.select({ owned: count() }).from(servers).where(eq(servers.ownerId, user.id));
  if (owned > 0) throw new HttpError(409, `The user owns ${owned} server(s); delete them first.`);
  await db.delete(users).where(eq(users.id, user.id));
  await recordAudit(db, { actorId: null, event: 'admin.user-deleted', ip: null, properties: { user: user.uuid, username: user.username } });
}
