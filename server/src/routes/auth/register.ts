import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { FieldErrors, normalizeFields } from '../../lib/fieldErrors';
import { findTakenFields } from '../../services/auth/userAccounts';
import { registerAccount } from '../../services/auth/registerAccount';
import { completeLogin } from './complete-login';
import { CompleteLoginResponseSchema, RegisterBodySchema, type RegisterBody } from '../../schemas/auth';
import { accountMessages } from '../../lib/accountMessages';
import { HttpError } from '../../lib/errors';

/** The answer while the host has closed sign-up (PANEL_SIGNUP_OPEN=false). */
export const SIGNUP_CLOSED = 'Sign-up is closed.';

/** Registrations per minute and address, counted by @fastify/rate-limit before anything runs. */
const REGISTER_LIMIT = { max: 5, timeWindow: 60_000 };

/** POST /auth/register: creates the account and logs it in at once (201 with token and user). */
export async function registerRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/register',
    {
      schema: {
        operationId: 'register',
        tags: ['auth'],
        summary: 'Create an account and log in',
        body: RegisterBodySchema,
        response: { 201: CompleteLoginResponseSchema, ...errorResponses(403, 419, 422, 429) },
      },
      attachValidation: true,
      config: { rateLimit: REGISTER_LIMIT },
      preValidation: async (request) => normalizeFields(request.body, ['username', 'email']),
    },
    async (request, reply) => {
      if (!app.config.signupOpen) throw new HttpError(403, SIGNUP_CLOSED);
      const errors = FieldErrors.fromRequest(request);
      const body = request.body as Partial<RegisterBody>;
      if (!errors.has('password_confirmation') && typeof body.password === 'string' && body.password !== body.password_confirmation) {
        errors.add('password_confirmation', accountMessages.confirmationMismatch);
      }
      const taken = await findTakenFields(app.db, {
        username: errors.has('username') ? undefined : body.username,
        email: errors.has('email') ? undefined : body.email,
      });
      for (const field of taken) errors.add(field, accountMessages.taken[field]);
      errors.throwIfAny();

      const { username, email, password, remember = false } = body as RegisterBody;
      const user = await registerAccount(app.db, { username, email, password }, request.ip);
      const data = await completeLogin(app, request, user, { remember, method: 'register' });
      return reply.code(201).send({ data });
    },
  );
}
