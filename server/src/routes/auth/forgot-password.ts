import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { FieldErrors, normalizeFields } from '../../lib/fieldErrors';
import { panelUrl } from '../../lib/panelUrl';
import { requestPasswordReset } from '../../services/auth/passwordResetFlow';
import { ForgotPasswordBodySchema, MessageAnswerSchema } from '../../schemas/auth';

/** Reset requests per address and 15 minutes, and per email address and hour. */
export const FORGOT_PER_IP = { limit: 5, windowMs: 15 * 60_000 };
export const FORGOT_PER_EMAIL = { limit: 3, windowMs: 60 * 60_000 };

/** Said for known and unknown addresses alike. */
export const resetRequested = 'If an account uses this address, a mail with a link to reset its password is on its way.';

/**
 * POST /auth/forgot-password: mails a single-use reset link (valid for an hour) to the account
 * with this address. The answer, and its timing, are the same for unknown addresses: the mail is
 * prepared and sent after the answer. Suspended accounts get no mail.
 */
export async function forgotPasswordRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/forgot-password',
    {
      schema: {
        operationId: 'forgotPassword',
        tags: ['auth'],
        summary: 'Ask for a password reset link by mail',
        body: ForgotPasswordBodySchema,
        response: { 202: MessageAnswerSchema, ...errorResponses(419, 422, 429) },
      },
      attachValidation: true,
      preValidation: async (request) => normalizeFields(request.body, ['email']),
    },
    async (request, reply) => {
      await app.rateLimit({ key: `forgot-password:ip:${request.ip}`, ...FORGOT_PER_IP });
      FieldErrors.fromRequest(request).throwIfAny();
      const email = request.body.email.toLowerCase();
      await app.rateLimit({ key: `forgot-password:email:${email}`, ...FORGOT_PER_EMAIL });

      const reset = { email, ip: request.ip, panelUrl: panelUrl(request) };
      const log = request.log;
      // After the answer: known and unknown addresses answer alike and equally fast.
      setImmediate(() => {
        requestPasswordReset(app.db, app.mailer, reset).catch((error: unknown) => log.warn({ err: error }, 'password reset mail failed'));
      });
      return reply.code(202).send({ message: resetRequested });
    },
  );
}
