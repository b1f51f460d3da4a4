import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { FieldErrors } from '../../lib/fieldErrors';
import { HttpError, ValidationError } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import { accountMessages } from '../../lib/accountMessages';
import { consumeLoginConfirmation, findLoginConfirmation } from '../../services/auth/loginConfirmations';
import { findUserById } from '../../services/auth/userAccounts';
import { recordCheckpointPassed } from '../../services/auth/loginEvents';
import { completeLogin } from './complete-login';
import { verifySecondFactor } from './second-factor-check';
import { CompleteLoginResponseSchema, LoginCheckpointBodySchema } from '../../schemas/auth';

/** Attempts per minute per confirmation token. */
const CHECKPOINT_LIMIT = { limit: 5, windowMs: 60_000 };

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

      // Counted per account across tickets (see second-factor-check.ts).
      const method = await verifySecondFactor(app, request, user, code, 'authentication_code');
      // Consumed only after a good code, so a typo does not force a new password step.
      if (!(await consumeLoginConfirmation(app.db, confirmation.id))) throw expired();
      if (user.suspended) throw new HttpError(403, accountMessages.suspended);
      await recordCheckpointPassed(app.db, user.id, request.ip, method);
      return { data: await completeLogin(app, request, user, { remember: confirmation.remember === 1, method, reply }) };
    },
  );
}
