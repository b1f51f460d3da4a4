import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { FieldErrors } from '../../lib/fieldErrors';
import { updateUser } from '../../services/auth/userAccounts';
import { toUserResource } from '../../services/auth/userResource';
import { AccountUserResponseSchema, UpdateAccountBodySchema } from '../../schemas/account';

/** PATCH /account: profile and preferences; absent fields stay as they are. */
export async function updateAccountRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().patch(
    // '' rather than '/': the path is exactly /api/v2/account, listed once in the OpenAPI document.
    '',
    {
      schema: {
        operationId: 'updateAccount',
        tags: ['account'],
        summary: 'Update name, language and preferences',
        security: [{ bearer: [] }],
        body: UpdateAccountBodySchema,
        response: { 200: AccountUserResponseSchema, ...errorResponses(401, 419, 422) },
      },
      attachValidation: true,
    },
    async (request) => {
      FieldErrors.fromRequest(request).throwIfAny();
      const body = request.body;
      const trimmed = (value: string | null | undefined) => (typeof value === 'string' ? value.trim() || null : value);
      const user = await updateUser(app.db, request.user!.id, {
        nameFirst: trimmed(body.name_first),
        nameLast: trimmed(body.name_last),
        language: body.language,
        timeFormat: body.time_format,
        restartConfirmation: body.restart_confirmation,
      });
      return { data: { user: toUserResource(user) } };
    },
  );
}
