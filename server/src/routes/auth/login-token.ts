import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { FieldErrors } from '../../lib/fieldErrors';
import { HttpError, ValidationError } from '../../lib/errors';
import { accountMessages } from '../../lib/accountMessages';
import { redeemLoginToken } from '../../services/auth/loginTokens';
import { findUserById } from '../../services/auth/userAccounts';
import { completeLogin } from './complete-login';
import { CompleteLoginSchema } from '../../schemas/auth';

/** Exchanges per minute and address, successful or not. */
const EXCHANGE_LIMIT = { limit: 10, windowMs: 60_000 };

/** Said for unknown, spent and expired links alike, so an answer tells a guesser nothing. */
export const loginLinkInvalid = 'This login link is invalid or has expired. Please request a new one.';

const LoginTokenBodySchema = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 128, description: 'The token of a login link from the admin API' }),
});

const LoginTokenResponseSchema = Type.Object({
  data: Type.Object({
    ...CompleteLoginSchema.properties,
    redirect_to: Type.Union([Type.String(), Type.Null()], { description: 'Panel path to open next, when the link names one' }),
  }),
});

/**
 * POST /auth/login-token: spends a single-use login link issued through the admin API
 * (POST /admin/users/{user}/login-token) and answers like a finished login.
 */
export async function loginTokenRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/login-token',
    {
      schema: {
        operationId: 'exchangeLoginToken',
        tags: ['auth'],
        summary: 'Log in with a single-use login link from the billing system',
        body: LoginTokenBodySchema,
        response: { 200: LoginTokenResponseSchema, ...errorResponses(403, 419, 422, 429) },
      },
      attachValidation: true,
    },
    async (request) => {
      await app.rateLimit({ key: `login-token:ip:${request.ip}`, ...EXCHANGE_LIMIT });
      FieldErrors.fromRequest(request).throwIfAny();
      const result = await redeemLoginToken(app.db, request.body.token, request.ip);
      if ('refused' in result) throw new ValidationError({ token: [loginLinkInvalid] }, loginLinkInvalid);
      const user = await findUserById(app.db, result.row.userId);
      if (!user) throw new ValidationError({ token: [loginLinkInvalid] }, loginLinkInvalid);
      if (user.suspended) throw new HttpError(403, accountMessages.suspended);
      const login = await completeLogin(app, request, user, { remember: false, method: 'login_link' });
      return { data: { ...login, redirect_to: result.row.redirectTo } };
    },
  );
}
