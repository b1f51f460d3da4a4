import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FieldErrors } from '../../lib/fieldErrors';
import { panelRelyingParty } from '../../lib/relyingParty';
import { ruleText } from '../../lib/validationMessages';
import { verifyAssertion } from '../../services/auth/passkeyAssertions';
import { checkPassword } from './check-password';

/** Passkey confirmations per minute per account (each proof spends a ceremony). */
const PASSKEY_CONFIRM_LIMIT = { limit: 10, windowMs: 60_000 };

/** How the owner proves it is them: the password, or an assertion of a `confirm` passkey ceremony. */
export interface OwnerProof {
  password?: unknown;
  ceremony_id?: unknown;
  credential?: unknown;
}

/**
 * Confirms that the signed-in owner is at the keyboard before a sensitive change, with the password
 * or, for an account that has passkeys (also one without a password), a passkey of the account
 * (user verification required, so it proves as much as the password). A wrong password adds a field
 * error; a refused passkey answers 422 at once.
 */
export async function confirmOwner(app: FastifyInstance, request: FastifyRequest, proof: OwnerProof | undefined, errors: FieldErrors): Promise<void> {
  const { password, ceremony_id: ceremonyId, credential } = proof ?? {};
  if (ceremonyId !== undefined || credential !== undefined) {
    if (typeof ceremonyId !== 'string' && !errors.has('ceremony_id')) errors.add('ceremony_id', ruleText.required);
    if (credential === undefined && !errors.has('credential')) errors.add('credential', ruleText.required);
    errors.throwIfAny();
    const user = request.user!;
    await app.rateLimit({ key: `account:passkey-confirm:${user.id}`, ...PASSKEY_CONFIRM_LIMIT });
    await verifyAssertion(app.db, panelRelyingParty(app), {
      purpose: 'confirm',
      userId: user.id,
      ceremonyId: ceremonyId as string,
      response: credential as AuthenticationResponseJSON,
      ip: request.ip,
    });
    return;
  }
  if (password === undefined && !errors.has('password')) errors.add('password', ruleText.required);
  await checkPassword(app, request, password, errors);
}
