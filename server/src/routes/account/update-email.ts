import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { FieldErrors, normalizeFields } from '../../lib/fieldErrors';
import { accountMessages } from '../../lib/accountMessages';
import { findTakenFields } from '../../services/auth/userAccounts';
import { changeEmail } from '../../services/auth/accountChanges';
import { toUserResource } from '../../services/auth/userResource';
import { checkPassword } from './check-password';
import { AccountUserResponseSchema, UpdateEmailBodySchema, type UpdateEmailBody } from '../../schemas/account';

/** PUT /account/email: a new email address, confirmed with the current password. */
export async function updateEmailRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().put(
    '/email',
    {
      schema: {
        operationId: 'updateAccountEmail',
        tags: ['account'],
        summary: 'Change the email address (needs the password)',
        security: [{ bearer: [] }],
        body: UpdateEmailBodySchema,
        response: { 200: AccountUserResponseSchema, ...errorResponses(401, 419, 422, 429) },
      },
      attachValidation: true,
      preValidation: async (request) => normalizeFields(request.body, ['email']),
    },
    async (request) => {
      const errors = FieldErrors.fromRequest(request);
      const body = request.body as Partial<UpdateEmailBody>;
      const me = request.user!;
      await checkPassword(app, request, body.password, errors);
      if (!errors.has('email') && body.email !== me.email) {
        const taken = await findTakenFields(app.db, { email: body.email }, me.id);
        if (taken.includes('email')) errors.add('email', accountMessages.taken.email);
      }
      errors.throwIfAny();
      const email = body.email as string;
      if (email === me.email) return { data: { user: toUserResource(me) } };
      const user = await changeEmail(app.db, me, email, request.ip);
      return { data: { user: toUserResource(user) } };
    },
  );
}
