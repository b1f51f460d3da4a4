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
import { hasPendingInvitation } from '../../services/sharing/invitations';

/** The answer while the host has closed sign-up (PANEL_SIGNUP_OPEN=false or the admin settings) to someone not invited. */
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
      const body = request.body as Partial<RegisterBody>;
      // Closed sign-up is invite-only: an address someone invited to a server may still sign up.
      if (!(await app.panelSettings.current()).signupOpen && !(typeof body.email === 'string' && (await hasPendingInvitation(app.db, body.email)))) {
        throw new HttpError(403, SIGNUP_CLOSED);
      }
      const errors = FieldErrors.fromRequest(request);
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
