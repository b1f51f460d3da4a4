import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { FieldErrors, normalizeFields } from '../../lib/fieldErrors';
import { HttpError, ValidationError } from '../../lib/errors';
import { accountMessages } from '../../lib/accountMessages';
import { verifyPassword, verifyAgainstDummy } from '../../services/passwords';
import { findUserByLogin } from '../../services/userAccounts';
import { createLoginConfirmation } from '../../services/loginConfirmations';
import { recordAudit } from '../../services/audit';
import { completeLogin } from './completeLogin';
import { LoginBodySchema, LoginResponseSchema } from './schemas';

/** Failed attempts allowed per minute, per IP and per login name. */
const LOGIN_LIMIT = { limit: 10, windowMs: 60_000 };

/**
 * POST /auth/login: username or email plus password. Answers the token and user, or, with
 * two-factor on, `complete: false` and a confirmation token for /auth/login-checkpoint.
 * Unknown logins get the same answer after the same amount of work (a dummy hash check).
 */
export async function loginRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/login',
    {
      schema: {
        operationId: 'login',
        tags: ['auth'],
        summary: 'Log in with username or email and password',
        body: LoginBodySchema,
        response: { 200: LoginResponseSchema, ...errorResponses(403, 419, 422, 429) },
      },
      attachValidation: true,
      preValidation: async (request) => normalizeFields(request.body, ['login']),
    },
    async (request) => {
      FieldErrors.fromRequest(request).throwIfAny();
      const { login, password, remember = false } = request.body;
      const limits = [
        { key: `login:ip:${request.ip}`, ...LOGIN_LIMIT },
        { key: `login:name:${login}`, ...LOGIN_LIMIT },
      ];
      for (const limit of limits) app.rateLimiter.assertAvailable(limit);

      const user = await findUserByLogin(app.db, login);
      const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
      if (!user || !valid) {
        for (const limit of limits) app.rateLimiter.hit(limit);
        // The typed login is kept only when it names an account: an unknown one may be a password
        // typed into the wrong field.
        await recordAudit(app.db, { actorId: user?.id ?? null, event: 'auth.fail', ip: request.ip, properties: user ? { login, reason: 'credentials' } : { reason: 'unknown_login' } });
        throw new ValidationError({ login: [accountMessages.badCredentials] }, accountMessages.badCredentials);
      }
      if (user.suspended) throw new HttpError(403, accountMessages.suspended);
      if (user.useTotp) {
        const confirmationToken = await createLoginConfirmation(app.db, { userId: user.id, remember });
        return { data: { complete: false as const, confirmation_token: confirmationToken } };
      }
      return { data: await completeLogin(app, request, user, { remember, method: 'password' }) };
    },
  );
}
