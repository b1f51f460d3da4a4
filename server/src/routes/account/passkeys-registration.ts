import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { errorResponses } from '../../lib/responseSchemas';
import { FieldErrors } from '../../lib/fieldErrors';
import { panelRelyingParty } from '../../lib/relyingParty';
import { finishRegistration, startRegistration, toPasskeyResource } from '../../services/auth/passkeys';
import { PasskeyResponseSchema, RegisterPasskeyBodySchema, RegistrationOptionsResponseSchema } from '../../schemas/passkeys';

/** Registrations started per account and minute: enough for a few tries, not to fill the table. */
const REGISTRATION_LIMIT = { limit: 10, windowMs: 60_000 };

/** Registering a passkey: the browser gets options, the authenticator answers, the panel checks and keeps it. */
export async function passkeyRegistrationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/passkeys/registration-options',
    {
      schema: {
        operationId: 'startPasskeyRegistration',
        tags: ['account'],
        summary: 'Start registering a passkey: options for navigator.credentials.create()',
        security: [{ bearer: [] }],
        response: { 200: RegistrationOptionsResponseSchema, ...errorResponses(400, 401, 419, 422, 429) },
      },
    },
    async (request) => {
      const rp = panelRelyingParty(app);
      await app.rateLimit({ key: `passkey:register:${request.user!.id}`, ...REGISTRATION_LIMIT });
      return { data: await startRegistration(app.db, rp, request.user!) };
    },
  );

  r.post(
    '/passkeys',
    {
      schema: {
        operationId: 'registerPasskey',
        tags: ['account'],
        summary: 'Finish registering a passkey with the authenticator’s answer',
        security: [{ bearer: [] }],
        body: RegisterPasskeyBodySchema,
        response: { 201: PasskeyResponseSchema, ...errorResponses(400, 401, 419, 422) },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      FieldErrors.fromRequest(request).throwIfAny();
      const rp = panelRelyingParty(app);
      const { ceremony_id: ceremonyId, name, credential } = request.body;
      const row = await finishRegistration(
        app.db,
        rp,
        request.user!,
        { ceremonyId, name: name.trim() || name, response: credential as RegistrationResponseJSON },
        { userId: request.user!.id, ip: request.ip },
      );
      return reply.code(201).send({ data: toPasskeyResource(row) });
    },
  );
}
