import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { FieldErrors } from '../../lib/fieldErrors';
import { HttpError, ValidationError } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import { accountMessages } from '../../lib/accountMessages';
import { consumeLoginConfirmation, findLoginConfirmation } from '../../services/auth/loginConfirmations';
import { acceptSecondFactor } from '../../services/auth/twoFactor';
import { findUserById } from '../../services/auth/userAccounts';
import { recordAudit } from '../../services/audit/audit';
import { completeLogin } from './complete-login';
import { CompleteLoginResponseSchema, LoginCheckpointBodySchema } from '../../schemas/auth';

/** Attempts per minute per confirmation token. */
const CHECKPOINT_LIMIT = { limit: 5, windowMs: 60_000 };

/**
 * Wrong second factors per account and 15 minutes, whatever the ticket: a new password login
 * gives no new guesses. Past it the account's checkpoint answers 429 until the window ends; then
 * the owner's password and code pass again. Reaching the checkpoint needs the password, so no
 * stranger can start the lockout, and it never lasts longer than the window.
 */
export const SECOND_FACTOR_ACCOUNT_LIMIT = { limit: 10, windowMs: 15 * 60_000 };

const expired = () => new ValidationError({ token: [accountMessages.confirmationExpired] }, accountMessages.confirmationExpired);

/**
 * POST /auth/login-checkpoint: the second step of a two-factor login. Accepts a TOTP code (each
 * time step once) or an unused recovery code; the confirmation token is single-use.
 */
export async function loginCheckpointRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/login-checkpoint',
    {
      schema: {
        operationId: 'loginCheckpoint',
        tags: ['auth'],
        summary: 'Finish a two-factor login with a TOTP or recovery code',
        body: LoginCheckpointBodySchema,
        response: { 200: CompleteLoginResponseSchema, ...errorResponses(403, 419, 422, 429) },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      FieldErrors.fromRequest(request).throwIfAny();
      const { token, authentication_code: code } = request.body;
      // Keyed by the token's hash so the limiter's memory never holds a usable token.
      await app.rateLimit({ key: `checkpoint:${hashToken(token)}`, ...CHECKPOINT_LIMIT });

      const confirmation = await findLoginConfirmation(app.db, token);
      const user = confirmation ? await findUserById(app.db, confirmation.userId) : null;
      if (!confirmation || !user || !user.useTotp || !user.totpSecret) throw expired();

      // Counted before the code is checked (a parallel burst gets at most the limit through).
      const perAccount = { key: `two-factor:user:${user.id}`, ...SECOND_FACTOR_ACCOUNT_LIMIT };
      const attempts = await app.rateLimiter.hit(perAccount);
      if (attempts.current > perAccount.limit) {
        if (attempts.current === perAccount.limit + 1) {
          await recordAudit(app.db, { actorId: user.id, event: 'auth.two-factor-locked', ip: request.ip, properties: { failures: perAccount.limit, minutes: perAccount.windowMs / 60_000 } });
        }
        throw app.rateLimiter.tooMany(perAccount, attempts.ttl);
      }

      const method = await acceptSecondFactor(app.db, user, code);
      if (!method) {
        await recordAudit(app.db, { actorId: user.id, event: 'auth.fail', ip: request.ip, properties: { reason: 'two_factor' } });
        throw new ValidationError({ authentication_code: [accountMessages.invalidCode] }, accountMessages.invalidCode);
      }
      await app.rateLimiter.refund(perAccount);
      // Consumed only after a good code, so a typo does not force a new password step.
      if (!(await consumeLoginConfirmation(app.db, confirmation.id))) throw expired();
      if (user.suspended) throw new HttpError(403, accountMessages.suspended);
      await recordAudit(app.db, { actorId: user.id, event: 'auth.checkpoint', ip: request.ip, properties: { method } });
      return { data: await completeLogin(app, request, user, { remember: confirmation.remember === 1, method, reply }) };
    },
  );
}
