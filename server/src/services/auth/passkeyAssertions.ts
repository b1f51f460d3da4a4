import { and, eq, lt } from 'drizzle-orm';
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { Database } from '../../db/client';
import { passkeys, users, type PasskeyRow, type UserRow } from '../../db/schema';
import { ValidationError } from '../../lib/errors';
import { recordAudit } from '../audit/audit';
import { spendChallenge, storeChallenge, type CeremonyPurpose } from './passkeyChallenges';
import type { RelyingParty } from '../../lib/relyingParty';
import { passkeyMessages } from './passkeyMessages';
import { listPasskeys, userHandleOf } from './passkeys';

type AssertionPurpose = Extract<CeremonyPurpose, 'login' | 'second-factor' | 'confirm'>;

/**
 * Options for proving a passkey: for a username-less login any discoverable passkey of this panel
 * (no list sent, so nobody learns which accounts exist); as a second factor or a confirmation one of the account's.
 */
export async function startAssertion(
  db: Database,
  rp: RelyingParty,
  purpose: AssertionPurpose,
  user: UserRow | null,
): Promise<{ ceremony_id: string; options: PublicKeyCredentialRequestOptionsJSON }> {
  const own = user ? await listPasskeys(db, user.id) : [];
  if (purpose !== 'login' && own.length === 0) throw new ValidationError({ token: [passkeyMessages.noPasskeys] }, passkeyMessages.noPasskeys);
  // Loaded on first use (as in passkeys.ts): most starts of the panel never see a passkey.
  const { generateAuthenticationOptions } = await import('@simplewebauthn/server');
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    allowCredentials: own.map((row) => ({ id: row.credentialId, transports: row.transports as never })),
  });
  const ceremonyId = await storeChallenge(db, { purpose, userId: user?.id ?? null, challenge: options.challenge });
  return { ceremony_id: ceremonyId, options };
}

/** Why an assertion was refused, as recorded in `auth.passkey-failed`. */
type Refusal = 'challenge' | 'unknown_credential' | 'other_account' | 'user_handle' | 'signature' | 'counter';

/**
 * Checks a passkey assertion: the ceremony's challenge is spent first (so the same answer twice is
 * refused), then the credential (known, of the expected account, same user handle), the
 * signature, origin, RP ID and user verification, and last the signature counter, which must grow
 * (updated atomically, so two racing copies of one assertion cannot both pass). Answers the
 * account and the passkey used (`auth.passkey-used`); a refusal is recorded as
 * `auth.passkey-failed` and answers 422.
 */
export async function verifyAssertion(
  db: Database,
  rp: RelyingParty,
  { purpose, userId, ceremonyId, response, ip }: { purpose: AssertionPurpose; userId: number | null; ceremonyId: string; response: AuthenticationResponseJSON; ip: string },
): Promise<{ user: UserRow; passkey: PasskeyRow }> {
  const refuse = async (reason: Refusal, actorId: number | null): Promise<never> => {
    await recordAudit(db, { actorId, event: 'auth.passkey-failed', ip, properties: { reason, purpose } });
    const message = reason === 'challenge' ? passkeyMessages.expired : passkeyMessages.notVerified;
    throw new ValidationError({ [reason === 'challenge' ? 'ceremony_id' : 'credential']: [message] }, message);
  };
  const spent = await spendChallenge(db, ceremonyId, purpose, userId);
  const [found] = await db.select({ passkey: passkeys, user: users }).from(passkeys).innerJoin(users, eq(users.id, passkeys.userId)).where(eq(passkeys.credentialId, response.id)).limit(1);
  if (!spent) return refuse('challenge', userId ?? found?.user.id ?? null);
  if (!found) return refuse('unknown_credential', userId);
  const { passkey, user } = found;
  if (userId !== null && passkey.userId !== userId) return refuse('other_account', userId);
  const handle = response.response.userHandle;
  if (handle && handle !== userHandleOf(user)) return refuse('user_handle', user.id);

  const { verifyAuthenticationResponse } = await import('@simplewebauthn/server');
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: spent.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: { id: passkey.credentialId, publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')), counter: passkey.counter, transports: passkey.transports as never },
    });
  } catch (error) {
    // The library throws for a counter that did not grow as for any other mismatch.
    return refuse(/counter/i.test(String((error as Error).message)) ? 'counter' : 'signature', user.id);
  }
  if (!verified.verified) return refuse('signature', user.id);

  const { newCounter, credentialBackedUp } = verified.authenticationInfo;
  // Authenticators that keep no counter always send 0; any other value must be above the stored one.
  const [updated] = await db
    .update(passkeys)
    .set({ counter: newCounter, backedUp: credentialBackedUp, lastUsedAt: new Date() })
    .where(and(eq(passkeys.id, passkey.id), newCounter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, newCounter)))
    .returning();
  if (!updated) return refuse('counter', user.id);
  await recordAudit(db, { actorId: user.id, event: 'auth.passkey-used', ip, properties: { uuid: passkey.uuid, name: passkey.name, purpose } });
  return { user, passkey: updated };
}
