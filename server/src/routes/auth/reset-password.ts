import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { FieldErrors } from '../../lib/fieldErrors';
import { ValidationError } from '../../lib/errors';
import { accountMessages } from '../../lib/accountMessages';
import { hashPassword } from '../../services/auth/passwords';
import { redeemPasswordReset } from '../../services/auth/passwordResets';
import { findUserById, updateUser } from '../../services/auth/userAccounts';
import { revokeOtherAccessTokens } from '../../services/auth/accessTokens';
import { recordAudit } from '../../services/audit/audit';
import { MessageAnswerSchema, ResetPasswordBodySchema, type ResetPasswordBody } from '../../schemas/auth';

/** Reset attempts per address and 15 minutes (each hashes a password), counted first. */
export const RESET_PER_IP = { limit: 10, windowMs: 15 * 60_000 };

/** Said for unknown, spent and expired links alike. */
export const resetLinkInvalid = 'This password reset link is invalid or has expired. Please ask for a new one.';
export const passwordWasReset = 'Your password has been reset. Log in with your new password.';

/**
 * POST /auth/reset-password: a new password with the token of a reset mail. The token is spent
 * (single use), every session of the account ends, and nothing logs in: the next login asks for
 * the new password and, with two-factor on, still for the code (a reset never turns it off).
 */
export async function resetPasswordRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/reset-password',
    {
      schema: {
        operationId: 'resetPassword',
        tags: ['auth'],
        summary: 'Choose a new password with a reset link (ends every session)',
        body: ResetPasswordBodySchema,
        response: { 200: MessageAnswerSchema, ...errorResponses(419, 422, 429) },
      },
      attachValidation: true,
    },
    async (request) => {
      await app.rateLimit({ key: `reset-password:ip:${request.ip}`, ...RESET_PER_IP });
      const errors = FieldErrors.fromRequest(request);
      const body = request.body as Partial<ResetPasswordBody>;
      if (!errors.has('password_confirmation') && typeof body.password === 'string' && body.password !== body.password_confirmation) {
        errors.add('password_confirmation', accountMessages.confirmationMismatch);
      }
      errors.throwIfAny();
      const { token, password } = body as ResetPasswordBody;

      const passwordHash = await hashPassword(password);
      const userId = await redeemPasswordReset(app.db, token);
      const user = userId === null ? null : await findUserById(app.db, userId);
      if (!user) {
        await recordAudit(app.db, { actorId: null, event: 'auth.fail', ip: request.ip, properties: { reason: 'password_reset_link' } });
        throw new ValidationError({ token: [resetLinkInvalid] }, resetLinkInvalid);
      }
      await updateUser(app.db, user.id, { passwordHash });
      const revoked = await revokeOtherAccessTokens(app.db, user.id, null);
      await recordAudit(app.db, { actorId: user.id, event: 'auth.password-reset', ip: request.ip, properties: { sessions_revoked: revoked } });
      // The auth plugin forgets cached sessions of the request's user once answered: the account's.
      request.user = user;
      return { message: passwordWasReset };
    },
  );
}
