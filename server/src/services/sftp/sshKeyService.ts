import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sftpSettings, sshKeys, type SshKeyRow } from '../../db/schema';
import { ValidationError } from '../../lib/errors';
import { uniqueViolation } from '../../lib/uniqueViolation';
import { recordAudit } from '../audit/audit';
import { parsePublicKey, PublicKeyError } from './publicKeys';

/** Keys an account may hold: plenty for every machine of a person, not a dumping ground. */
export const MAX_SSH_KEYS = 25;

/** The account's SSH keys, oldest first. */
export async function listSshKeys(db: Database, userId: number): Promise<SshKeyRow[]> {
  return db.select().from(sshKeys).where(eq(sshKeys.userId, userId)).orderBy(asc(sshKeys.id));
}

/** Adds a public key to the account (422 for anything but a strong public key, a duplicate or one too many). */
export async function addSshKey(db: Database, userId: number, input: { name: string; publicKey: string }, ip: string): Promise<SshKeyRow> {
  const name = input.name.trim();
  if (!name) throw new ValidationError({ name: ['Give the key a name.'] });
  let key;
  try {
    key = await parsePublicKey(input.publicKey);
  } catch (error) {
    if (error instanceof PublicKeyError) throw new ValidationError({ public_key: [error.message] }, error.message);
    throw error;
  }
  const [{ held }] = await db.select({ held: count() }).from(sshKeys).where(eq(sshKeys.userId, userId));
  if (held >= MAX_SSH_KEYS) throw new ValidationError({ public_key: [`An account holds at most ${MAX_SSH_KEYS} SSH keys; remove one first.`] });
  try {
    const [row] = await db
      .insert(sshKeys)
      .values({ userId, name, ...key })
      .returning();
    await recordAudit(db, { actorId: userId, event: 'account.ssh-key-added', ip, properties: { name, fingerprint: row.fingerprint } });
    return row;
  } catch (error) {
    if (uniqueViolation(error)) throw new ValidationError({ public_key: ['This key is already on your account.'] });
    throw error;
  }
}

/** Removes one of the account's keys; false when the account has no such key. */
export async function removeSshKey(db: Database, userId: number, keyUuid: string, ip: string): Promise<boolean> {
  const [row] = await db
    .delete(sshKeys)
    .where(and(eq(sshKeys.userId, userId), eq(sshKeys.uuid, keyUuid)))
    .returning();
  if (!row) return false;
  await recordAudit(db, { actorId: userId, event: 'account.ssh-key-removed', ip, properties: { name: row.name, fingerprint: row.fingerprint } });
  return true;
}

/** Whether SFTP refuses the account's password (keys only). */
export async function sftpKeyOnly(db: Database, userId: number): Promise<boolean> {
  const [row] = await db.select({ keyOnly: sftpSettings.keyOnly }).from(sftpSettings).where(eq(sftpSettings.userId, userId));
  return row?.keyOnly ?? false;
}

/** Turns key-only SFTP on or off for the account. */
export async function setSftpKeyOnly(db: Database, userId: number, keyOnly: boolean, ip: string): Promise<void> {
  await db.insert(sftpSettings).values({ userId, keyOnly }).onConflictDoUpdate({ target: sftpSettings.userId, set: { keyOnly } });
  await recordAudit(db, { actorId: userId, event: keyOnly ? 'account.sftp-key-only-enabled' : 'account.sftp-key-only-disabled', ip, properties: {} });
}

/** The account's key with this fingerprint (an SFTP sign-in's offered key), or null. */
export async function findSshKey(db: Database, userId: number, fingerprint: string): Promise<SshKeyRow | null> {
  const [row] = await db
    .select()
    .from(sshKeys)
    .where(and(eq(sshKeys.userId, userId), eq(sshKeys.fingerprint, fingerprint)));
  return row ?? null;
}

/** Records that a key signed in (shown as its last use). */
export async function touchSshKey(db: Database, id: number): Promise<void> {
  await db.update(sshKeys).set({ lastUsedAt: new Date() }).where(eq(sshKeys.id, id));
}
