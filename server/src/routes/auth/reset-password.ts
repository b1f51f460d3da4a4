import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { FieldErrors } from '../../lib/fieldErrors';
import { ValidationError } from '../../lib/errors';
import { accountMessages } from '../../lib/accountMessages';
import { resetPassword } from '../../services/auth/passwordResetFlow';
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

      const user = await resetPassword(app.db, { token, password }, request.ip);
      if (!user) throw new ValidationError({ token: [resetLinkInvalid] }, resetLinkInvalid);
      // The auth plugin forgets cached sessions of the request's user once answered: the account's.
      request.user = user;
      return { message: passwordWasReset };
    },
  );
}
