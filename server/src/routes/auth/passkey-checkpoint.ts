import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { errorResponses } from '../../lib/responseSchemas';
import { FieldErrors } from '../../lib/fieldErrors';
import { HttpError, ValidationError } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import { accountMessages } from '../../lib/accountMessages';
import { panelRelyingParty } from '../../lib/relyingParty';
import { consumeLoginConfirmation, findLoginConfirmation } from '../../services/auth/loginConfirmations';
import { findUserById } from '../../services/auth/userAccounts';
import { recordCheckpointPassed } from '../../services/auth/loginEvents';
import { startAssertion, verifyAssertion } from '../../services/auth/passkeyAssertions';
import { completeLogin } from './complete-login';
import { PASSKEY_OPTIONS_LIMIT } from './passkey-login';
import { CompleteLoginResponseSchema } from '../../schemas/auth';
import { AssertionOptionsResponseSchema, PasskeyCheckpointBodySchema, PasskeyCheckpointOptionsBodySchema } from '../../schemas/passkeys';

/** Attempts per minute per confirmation token, counted with the code checkpoint's. */
const CHECKPOINT_LIMIT = { limit: 5, windowMs: 60_000 };

const expired = () => new ValidationError({ token: [accountMessages.confirmationExpired] }, accountMessages.confirmationExpired);

/** The account a live confirmation token of the password step is for, or 422. */
async function confirmedUser(app: FastifyInstance, token: string) {
  const confirmation = await findLoginConfirmation(app.db, token);
  const user = confirmation ? await findUserById(app.db, confirmation.userId) : null;
  if (!confirmation || !user || !user.useTotp) throw expired();
  return { confirmation, user };
}

/**
 * A passkey as the second step of a two-factor login, instead of a code: options for the
 * account's passkeys, then the assertion, which finishes the login as the code checkpoint does.
 */
export async function passkeyCheckpointRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/checkpoint-options',
    {
      schema: {
        operationId: 'startPasskeyCheckpoint',
        tags: ['auth'],
        summary: 'Start the second step of a two-factor login with a passkey',
        body: PasskeyCheckpointOptionsBodySchema,
        response: { 200: AssertionOptionsResponseSchema, ...errorResponses(400, 419, 422, 429) },
      },
      attachValidation: true,
    },
    async (request) => {
      FieldErrors.fromRequest(request).throwIfAny();
      const rp = panelRelyingParty(app);
      // Asking for options proves nothing, so it counts per address as the login's options do.
      await app.rateLimit({ key: `passkey:options:${request.ip}`, ...PASSKEY_OPTIONS_LIMIT });
      const { user } = await confirmedUser(app, request.body.token);
      return { data: await startAssertion(app.db, rp, 'second-factor', user) };
    },
  );

  r.post(
    '/checkpoint',
    {
      schema: {
        operationId: 'passkeyCheckpoint',
        tags: ['auth'],
        summary: 'Finish a two-factor login with a passkey’s assertion',
        body: PasskeyCheckpointBodySchema,
        response: { 200: CompleteLoginResponseSchema, ...errorResponses(400, 403, 419, 422, 429) },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      FieldErrors.fromRequest(request).throwIfAny();
      const rp = panelRelyingParty(app);
      const { token, ceremony_id: ceremonyId, credential } = request.body;
      await app.rateLimit({ key: `checkpoint:${hashToken(token)}`, ...CHECKPOINT_LIMIT });
      const { confirmation, user } = await confirmedUser(app, token);
      await verifyAssertion(app.db, rp, { purpose: 'second-factor', userId: user.id, ceremonyId, response: credential as AuthenticationResponseJSON, ip: request.ip });
      if (!(await consumeLoginConfirmation(app.db, confirmation.id))) throw expired();
      if (user.suspended) throw new HttpError(403, accountMessages.suspended);
      await recordCheckpointPassed(app.db, user.id, request.ip, 'passkey');
      return { data: await completeLogin(app, request, user, { remember: confirmation.remember === 1, method: 'passkey', reply }) };
    },
  );
}
