import { and, asc, count, eq } from 'drizzle-orm';
import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Database } from '../../db/client';
import { passkeys, type PasskeyRow, type UserRow } from '../../db/schema';
import { ValidationError } from '../../lib/errors';
import { uniqueViolation } from '../../lib/uniqueViolation';
import { recordAudit, type Actor } from '../audit/audit';
import { spendChallenge, storeChallenge } from './passkeyChallenges';
import type { RelyingParty } from '../../lib/relyingParty';
import { passkeyMessages } from './passkeyMessages';

/** Passkeys one account may hold. */
export const MAX_PASSKEYS = 20;

/** A passkey as the account page lists it. */
export interface PasskeyResource {
  uuid: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  /** Synced between the owner's devices (a multi-device passkey) rather than bound to one. */
  synced: boolean;
}

export const toPasskeyResource = (row: PasskeyRow): PasskeyResource => ({
  uuid: row.uuid,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  synced: row.deviceType === 'multiDevice',
});

/** The user handle of an account in its passkeys: its UUID, which never changes. */
export const userHandleOf = (user: Pick<UserRow, 'uuid'>): string => Buffer.from(user.uuid, 'utf8').toString('base64url');

export function listPasskeys(db: Database, userId: number): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
}

/** Whether the account has at least one passkey (it then counts as protected by more than a password). */
export async function userHasPasskeys(db: Database, userId: number): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return Number(row?.n ?? 0) > 0;
}

/**
 * Options for registering a new passkey: a discoverable credential (so it can log in without a
 * username) with user verification, none of the account's passkeys again, no attestation asked.
 */
export async function startRegistration(db: Database, rp: RelyingParty, user: UserRow): Promise<{ ceremony_id: string; options: PublicKeyCredentialCreationOptionsJSON }> {
  const existing = await listPasskeys(db, user.id);
  if (existing.length >= MAX_PASSKEYS) throw new ValidationError({ name: [passkeyMessages.tooMany(MAX_PASSKEYS)] }, passkeyMessages.tooMany(MAX_PASSKEYS));
  // Loaded on first use: the WebAuthn library and its crypto stack are some 300 modules most starts never need.
  const { generateRegistrationOptions } = await import('@simplewebauthn/server');
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userDisplayName: user.email,
    userID: new Uint8Array(Buffer.from(user.uuid, 'utf8')),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports as never })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const ceremonyId = await storeChallenge(db, { purpose: 'register', userId: user.id, challenge: options.challenge });
  return { ceremony_id: ceremonyId, options };
}

/**
 * Checks the authenticator's answer to {@link startRegistration} (challenge spent once, origin,
 * RP ID, user verification) and keeps the new passkey under `name` (`account.passkey-added`).
 */
export async function finishRegistration(
  db: Database,
  rp: RelyingParty,
  user: UserRow,
  { ceremonyId, name, response }: { ceremonyId: string; name: string; response: RegistrationResponseJSON },
  actor: Actor,
): Promise<PasskeyRow> {
  const refused = () => new ValidationError({ credential: [passkeyMessages.notVerified] }, passkeyMessages.notVerified);
  const spent = await spendChallenge(db, ceremonyId, 'register', user.id);
  if (!spent) throw new ValidationError({ ceremony_id: [passkeyMessages.expired] }, passkeyMessages.expired);
  const { verifyRegistrationResponse } = await import('@simplewebauthn/server');
  let verification;
  try {
    verification = await verifyRegistrationResponse({ response, expectedChallenge: spent.challenge, expectedOrigin: rp.origins, expectedRPID: rp.id, requireUserVerification: true });
  } catch {
    throw refused();
  }
  if (!verification.verified) throw refused();
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  let row: PasskeyRow;
  try {
    [row] = await db
      .insert(passkeys)
      .values({
        userId: user.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        name,
      })
      .returning();
  } catch (error) {
    if (uniqueViolation(error)) throw new ValidationError({ credential: [passkeyMessages.alreadyRegistered] }, passkeyMessages.alreadyRegistered);
    throw error;
  }
  await recordAudit(db, { actorId: actor.userId, event: 'account.passkey-added', ip: actor.ip, properties: { uuid: row.uuid, name } });
  return row;
}

/** Renames one of the account's passkeys; null when it is not theirs. */
export async function renamePasskey(db: Database, userId: number, uuid: string, name: string, actor: Actor): Promise<PasskeyRow | null> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.userId, userId), eq(passkeys.uuid, uuid)))
    .returning();
  if (row) await recordAudit(db, { actorId: actor.userId, event: 'account.passkey-renamed', ip: actor.ip, properties: { uuid, name } });
  return row ?? null;
}

/** Removes one of the account's passkeys (`account.passkey-removed`); false when it is not theirs. */
export async function removePasskey(db: Database, userId: number, uuid: string, actor: Actor): Promise<boolean> {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.uuid, uuid)))
    .returning();
  if (!row) return false;
  await recordAudit(db, { actorId: actor.userId, event: 'account.passkey-removed', ip: actor.ip, properties: { uuid, name: row.name } });
  return true;
}
