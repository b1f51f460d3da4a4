import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountMessages } from '../../lib/accountMessages';
import type { FieldErrors } from '../../lib/fieldErrors';
import { verifyPassword } from '../../services/passwords';

/** Wrong passwords allowed per minute per account, so a stolen token cannot guess the password. */
const PASSWORD_CHECK_LIMIT = { limit: 10, windowMs: 60_000 };

/**
 * Checks the account's current password for a sensitive change; a wrong one adds a field error.
 * Throws 429 after too many wrong passwords.
 */
export async function checkPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  password: unknown,
  errors: FieldErrors,
  field = 'password',
): Promise<void> {
  if (errors.has(field) || typeof password !== 'string') return;
  const limit = { key: `account:password:${request.user!.id}`, ...PASSWORD_CHECK_LIMIT };
  app.rateLimiter.assertAvailable(limit);
  if (await verifyPassword(request.user!.passwordHash, password)) return;
  app.rateLimiter.hit(limit);
  errors.add(field, accountMessages.wrongPassword);
}
