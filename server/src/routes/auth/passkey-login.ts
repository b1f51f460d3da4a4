import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { errorResponses } from '../../lib/responseSchemas';
import { FieldErrors } from '../../lib/fieldErrors';
import { HttpError } from '../../lib/errors';
import { accountMessages } from '../../lib/accountMessages';
import { panelRelyingParty } from '../../lib/relyingParty';
import { startAssertion, verifyAssertion } from '../../services/auth/passkeyAssertions';
import { completeLogin } from './complete-login';
import { CompleteLoginResponseSchema } from '../../schemas/auth';
import { AssertionOptionsResponseSchema, PasskeyLoginBodySchema } from '../../schemas/passkeys';

/** Ceremonies started per address and minute (each keeps a challenge until it expires). */
export const PASSKEY_OPTIONS_LIMIT = { limit: 30, windowMs: 60_000 };
/** Refused passkey logins per address and minute, as for passwords. */
const PASSKEY_LOGIN_LIMIT = { limit: 10, windowMs: 60_000 };

/**
 * Logging in with a passkey alone, without a username: the browser offers the discoverable
 * passkeys it has for the panel, the one picked tells who logs in. User verification (PIN,
 * fingerprint) is required, so the passkey is two factors by itself: the session counts as a
 * two-factor login and no code is asked.
 */
export async function passkeyLoginRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/login-options',
    {
      schema: {
        operationId: 'startPasskeyLogin',
        tags: ['auth'],
        summary: 'Start a username-less passkey login: options for navigator.credentials.get()',
        response: { 200: AssertionOptionsResponseSchema, ...errorResponses(400, 419, 429) },
      },
    },
    async (request) => {
      const rp = panelRelyingParty(app);
      await app.rateLimit({ key: `passkey:options:${request.ip}`, ...PASSKEY_OPTIONS_LIMIT });
      return { data: await startAssertion(app.db, rp, 'login', null) };
    },
  );

  r.post(
    '/login',
    {
      schema: {
        operationId: 'loginWithPasskey',
        tags: ['auth'],
        summary: 'Log in with a passkey’s assertion',
        body: PasskeyLoginBodySchema,
        response: { 200: CompleteLoginResponseSchema, ...errorResponses(400, 403, 419, 422, 429) },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      FieldErrors.fromRequest(request).throwIfAny();
      const rp = panelRelyingParty(app);
      // Counted before the check, so a parallel burst gets at most the limit; a success takes its count back.
      const limit = { key: `passkey:login:${request.ip}`, ...PASSKEY_LOGIN_LIMIT };
      await app.rateLimit(limit);
      const { ceremony_id: ceremonyId, credential, remember = false } = request.body;
      const { user } = await verifyAssertion(app.db, rp, { purpose: 'login', userId: null, ceremonyId, response: credential as AuthenticationResponseJSON, ip: request.ip });
      await app.rateLimiter.refund(limit);
      if (user.suspended) throw new HttpError(403, accountMessages.suspended);
      return { data: await completeLogin(app, request, user, { remember, method: 'passkey', reply }) };
    },
  );
}
