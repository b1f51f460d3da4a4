import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { notFound } from '../../lib/errors';
import { FieldErrors } from '../../lib/fieldErrors';
import { ApiKeyParamsSchema, ApiKeySchema, ApiKeysResponseSchema, CreateApiKeyBodySchema, CreatedApiKeyResponseSchema, type CreateApiKeyBody } from '../../schemas/apiKeys';
import { createApiKey, listApiKeys, MAX_API_KEYS, revokeApiKey } from '../../services/auth/apiKeys';
import { apiKeyView, checkNewApiKey } from '../../services/auth/apiKeyInput';

const SECURITY = [{ bearer: [] }];

/**
 * The account's client API keys: list, create (the key answered once), revoke. Sessions only: the
 * auth plugin refuses these calls to a request made with an API key, so a key cannot mint more.
 */
export async function apiKeyRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema(ApiKeySchema);
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/api-keys',
    {
      schema: {
        operationId: 'listApiKeys',
        tags: ['api-keys'],
        summary: 'The account’s API keys (without the keys themselves), newest first',
        security: SECURITY,
        response: { 200: ApiKeysResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ data: (await listApiKeys(app.db, request.user!.id)).map((row) => apiKeyView(row)) }),
  );

  r.post(
    '/api-keys',
    {
      schema: {
        operationId: 'createApiKey',
        tags: ['api-keys'],
        summary: 'Create an API key; the key itself is answered this once',
        description: `Use it as \`Authorization: Bearer <token>\` on /api/v2. At most ${MAX_API_KEYS} keys per account (409 past that).`,
        security: SECURITY,
        body: CreateApiKeyBodySchema,
        response: { 201: CreatedApiKeyResponseSchema, ...errorResponses(401, 403, 409, 419, 422) },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      const errors = FieldErrors.fromRequest(request);
      const input = checkNewApiKey(request.body as Partial<CreateApiKeyBody>, errors);
      errors.throwIfAny();
      const { row, token } = await createApiKey(app.db, request.user!, input, { userId: request.user!.id, ip: request.ip });
      return reply.code(201).send({ data: { key: apiKeyView(row), token } });
    },
  );

  r.delete(
    '/api-keys/:key',
    {
      schema: {
        operationId: 'revokeApiKey',
        tags: ['api-keys'],
        summary: 'Revoke an API key (it stops working at once)',
        security: SECURITY,
        params: ApiKeyParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 403, 404, 419) },
      },
    },
    async (request, reply) => {
      // Another account's key is answered like an unknown one.
      if (!(await revokeApiKey(app.db, request.user!.id, request.params.key, { userId: request.user!.id, ip: request.ip }))) throw notFound('API key');
      return reply.code(204).send(null);
    },
  );
}
