import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { FieldErrors } from '../../lib/fieldErrors';
import { HttpError } from '../../lib/errors';
import { listPasskeys, removePasskey, renamePasskey, toPasskeyResource } from '../../services/auth/passkeys';
import { passkeyMessages } from '../../services/auth/passkeyMessages';
import { checkPassword } from './check-password';
import { passkeyRegistrationRoutes } from './passkeys-registration';
import { PasskeyParamsSchema, PasskeyResponseSchema, PasskeySchema, PasskeysResponseSchema, RemovePasskeyBodySchema, RenamePasskeyBodySchema, type RemovePasskeyBody } from '../../schemas/passkeys';

const notFound = () => new HttpError(404, passkeyMessages.notFound);

/** The account's passkeys: list, register (passkeys-registration.ts), rename, remove with the password. */
export async function passkeyRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema(PasskeySchema);
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/passkeys',
    {
      schema: {
        operationId: 'listPasskeys',
        tags: ['account'],
        summary: 'The passkeys of the account, oldest first',
        security: [{ bearer: [] }],
        response: { 200: PasskeysResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ data: (await listPasskeys(app.db, request.user!.id)).map(toPasskeyResource) }),
  );

  await app.register(passkeyRegistrationRoutes);

  r.patch(
    '/passkeys/:passkey',
    {
      schema: {
        operationId: 'renamePasskey',
        tags: ['account'],
        summary: 'Rename one of the account’s passkeys',
        security: [{ bearer: [] }],
        params: PasskeyParamsSchema,
        body: RenamePasskeyBodySchema,
        response: { 200: PasskeyResponseSchema, ...errorResponses(401, 404, 419, 422) },
      },
      attachValidation: true,
    },
    async (request) => {
      FieldErrors.fromRequest(request).throwIfAny();
      const row = await renamePasskey(app.db, request.user!.id, request.params.passkey, request.body.name.trim() || request.body.name, { userId: request.user!.id, ip: request.ip });
      if (!row) throw notFound();
      return { data: toPasskeyResource(row) };
    },
  );

  r.delete(
    '/passkeys/:passkey',
    {
      schema: {
        operationId: 'removePasskey',
        tags: ['account'],
        summary: 'Remove one of the account’s passkeys (needs the password)',
        security: [{ bearer: [] }],
        params: PasskeyParamsSchema,
        body: RemovePasskeyBodySchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 404, 419, 422, 429) },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      const errors = FieldErrors.fromRequest(request);
      await checkPassword(app, request, (request.body as Partial<RemovePasskeyBody> | undefined)?.password, errors);
      errors.throwIfAny();
      // Another account's passkey is answered like an unknown one.
      if (!(await removePasskey(app.db, request.user!.id, request.params.passkey, { userId: request.user!.id, ip: request.ip }))) throw notFound();
      return reply.code(204).send(null);
    },
  );
}
