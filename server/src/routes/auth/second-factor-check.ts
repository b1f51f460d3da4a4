import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema';
import { ValidationError } from '../../lib/errors';
import { accountMessages } from '../../lib/accountMessages';
import type { RateLimitRule } from '../../lib/rateLimiter';
import { checkSecondFactor } from '../../services/auth/twoFactor';
import { accountTexts } from '../../services/auth/accountTexts';
import { recordSecondFactorLockout, recordSecondFactorRefused } from '../../services/auth/loginEvents';
import { isKnownSession } from './known-device';

/**
 * Wrong second factors per account and 15 minutes, whatever the ticket: a new password login
 * gives no new guesses. Past it the account answers 429 until the window ends; then the owner's
 * password and code pass again. It never lasts longer than the window.
 */
export const SECOND_FACTOR_ACCOUNT_LIMIT = { limit: 10, windowMs: 15 * 60_000 };

/**
 * The counter a request's wrong codes go to. As the login name's password limit does, the
 * lockout yields to the owner: a known session of the account (this browser finished a login of
 * it, or the request carries a live token of it) counts on an allowance of its own, so a stranger
 * who has the password and guesses codes cannot lock the owner out. That allowance is as small.
 */
async function counterFor(app: FastifyInstance, request: FastifyRequest, userId: number): Promise<RateLimitRule> {
  const known = await isKnownSession(app, request, userId);
  return { key: `two-factor:user:${userId}${known ? ':known-device' : ''}`, ...SECOND_FACTOR_ACCOUNT_LIMIT };
}

/**
 * Checks the second factor of an account with two-factor on, wherever one is asked for (login
 * checkpoint, turning two-factor off, deleting the account). Answers how it was accepted; throws
 * 422 on `field` for a wrong code (counted) or a right one already used (not counted: its own
 * message), and 429 once the account's wrong codes reach the limit.
 *
 * Counted before the code is checked, so a parallel burst gets at most the limit through; an
 * accepted or reused code takes its count back.
 */
export async function verifySecondFactor(app: FastifyInstance, request: FastifyRequest, user: UserRow, code: string, field: string): Promise<'totp' | 'recovery_code'> {
  const counter = await counterFor(app, request, user.id);
  const attempts = await app.rateLimiter.hit(counter);
  if (attempts.current > counter.limit) {
    if (attempts.current === counter.limit + 1) {
      await recordSecondFactorLockout(app.db, user.id, request.ip, { failures: counter.limit, minutes: counter.windowMs / 60_000 });
    }
    throw app.rateLimiter.tooMany(counter, attempts.ttl);
  }

  const outcome = await checkSecondFactor(app.db, user, code);
  if (outcome.status === 'accepted') {
    await app.rateLimiter.refund(counter);
    return outcome.method;
  }
  if (outcome.status === 'reused') {
    await app.rateLimiter.refund(counter);
    await recordSecondFactorRefused(app.db, user.id, request.ip, 'reused');
    const { codeReused } = await accountTexts(user.language);
    throw new ValidationError({ [field]: [codeReused] }, codeReused);
  }
  await recordSecondFactorRefused(app.db, user.id, request.ip, 'invalid');
  throw new ValidationError({ [field]: [accountMessages.invalidCode] }, accountMessages.invalidCode);
}
