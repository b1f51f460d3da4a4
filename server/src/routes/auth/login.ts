import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { FieldErrors, normalizeFields } from '../../lib/fieldErrors';
import { HttpError, ValidationError } from '../../lib/errors';
import { accountMessages } from '../../lib/accountMessages';
import { verifyPassword, verifyAgainstDummy } from '../../services/auth/passwords';
import { findUserByLogin } from '../../services/auth/userAccounts';
import { createLoginConfirmation } from '../../services/auth/loginConfirmations';
import { recordRefusedLogin } from '../../services/auth/loginEvents';
import { loginLimits } from '../../services/auth/loginLimit';
import { userHasPasskeys } from '../../services/auth/passkeys';
import { completeLogin } from './complete-login';
import { isKnownSession } from './known-device';
import { LoginBodySchema, LoginResponseSchema } from '../../schemas/auth';

/**
 * POST /auth/login: username or email plus password. Answers the token and user, or, with
 * two-factor on, `complete: false` and a confirmation token for /auth/login-checkpoint.
 * Unknown logins get the same answer after the same amount of work (a dummy hash check).
 *
 * Every attempt is counted (per address and per login name) before the hash runs, so a parallel
 * burst gets at most the limit to the hash; a correct password takes its counts back. The
 * address limit always holds. The name's limit yields to its owner, so strangers cannot lock
 * an account: to a known session of the account (see knownDevice.ts), and, for an account with
 * two-factor, to a correct password, which then still needs the second factor.
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
    async (request, reply) => {
      FieldErrors.fromRequest(request).throwIfAny();
      const { login, password, remember = false } = request.body;
      const { byIp, byName } = loginLimits(request.ip, login);
      const limits = [byIp, byName];
      const { over, retryAfterMs } = await app.rateLimiter.hitAll(limits);
      const tooMany = () => app.rateLimiter.tooMany(byIp, retryAfterMs);
      if (over.includes(byIp)) throw tooMany();

      const user = await findUserByLogin(app.db, login);
      const nameLocked = over.includes(byName);
      if (nameLocked && !(user && (user.useTotp || (await isKnownSession(app, request, user.id))))) throw tooMany();

      const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
      if (!user || !valid) {
        if (nameLocked) throw tooMany();
        await recordRefusedLogin(app.db, { userId: user?.id ?? null, login, ip: request.ip });
        throw new ValidationError({ login: [accountMessages.badCredentials] }, accountMessages.badCredentials);
      }
      // Successes do not count against the limits.
      await Promise.all(limits.map((limit) => app.rateLimiter.refund(limit)));
      if (user.suspended) throw new HttpError(403, accountMessages.suspended);
      if (user.useTotp) {
        const confirmationToken = await createLoginConfirmation(app.db, { userId: user.id, remember });
        return { data: { complete: false as const, confirmation_token: confirmationToken, has_passkeys: await userHasPasskeys(app.db, user.id) } };
      }
      return { data: await completeLogin(app, request, user, { remember, method: 'password', reply }) };
    },
  );
}
