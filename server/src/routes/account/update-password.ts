import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { FieldErrors } from '../../lib/fieldErrors';
import { accountMessages } from '../../lib/accountMessages';
import { changePassword } from '../../services/auth/accountChanges';
import { toUserResource } from '../../services/auth/userResource';
import { checkPassword } from './check-password';
import { AccountUserResponseSchema, UpdatePasswordBodySchema, type UpdatePasswordBody } from '../../schemas/account';

/** PUT /account/password: needs the current password; every other session of the account ends. */
export async function updatePasswordRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().put(
    '/password',
    {
      schema: {
        operationId: 'updateAccountPassword',
        tags: ['account'],
        summary: 'Change the password (ends every other session)',
        security: [{ bearer: [] }],
        body: UpdatePasswordBodySchema,
        response: { 200: AccountUserResponseSchema, ...errorResponses(401, 419, 422, 429) },
      },
      attachValidation: true,
    },
    async (request) => {
      const errors = FieldErrors.fromRequest(request);
      const body = request.body as Partial<UpdatePasswordBody>;
      if (!errors.has('password_confirmation') && typeof body.password === 'string' && body.password !== body.password_confirmation) {
        errors.add('password_confirmation', accountMessages.confirmationMismatch);
      }
      await checkPassword(app, request, body.current_password, errors, 'current_password');
      errors.throwIfAny();
      const me = request.user!;
      const user = await changePassword(app.db, me, body.password as string, { keepTokenId: request.accessTokenId!, ip: request.ip });
      return { data: { user: toUserResource(user) } };
    },
  );
}
