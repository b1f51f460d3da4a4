import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountMessages } from '../../lib/accountMessages';
import type { FieldErrors } from '../../lib/fieldErrors';
import { verifyPassword } from '../../services/auth/passwords';

/** Wrong passwords allowed per minute per account, so a stolen token cannot guess the password. */
const PASSWORD_CHECK_LIMIT = { limit: 10, windowMs: 60_000 };

/**
 * Checks the account's current password for a sensitive change; a wrong one adds a field error.
 * Each check is counted before the hash runs (a parallel burst gets at most the limit through)
 * and a correct password takes its count back. Throws 429 after too many wrong passwords.
 */
export async function checkPassword(app: FastifyInstance, request: FastifyRequest, password: unknown, errors: FieldErrors, field = 'password'): Promise<void> {
  if (errors.has(field) || typeof password !== 'string') return;
  const limit = { key: `account:password:${request.user!.id}`, ...PASSWORD_CHECK_LIMIT };
  await app.rateLimit(limit);
  if (await verifyPassword(request.user!.passwordHash, password)) {
    await app.rateLimiter.refund(limit);
    return;
  }
  errors.add(field, accountMessages.wrongPassword);
}
