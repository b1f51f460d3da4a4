import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { FieldErrors } from '../../lib/fieldErrors';
import { accountMessages } from '../../lib/accountMessages';
import { hashPassword } from '../../services/auth/passwords';
import { updateUser } from '../../services/auth/userAccounts';
import { revokeOtherAccessTokens } from '../../services/auth/accessTokens';
import { toUserResource } from '../../services/auth/userResource';
import { recordAudit } from '../../services/audit/audit';
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
      const user = await updateUser(app.db, me.id, { passwordHash: await hashPassword(body.password as string) });
      const revoked = await revokeOtherAccessTokens(app.db, me.id, request.accessTokenId!);
      await recordAudit(app.db, { actorId: me.id, event: 'account.password-changed', ip: request.ip, properties: { sessions_revoked: revoked } });
      return { data: { user: toUserResource(user) } };
    },
  );
}
