import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { FieldErrors } from '../../lib/fieldErrors';
import { HttpError } from '../../lib/errors';
import { ruleText } from '../../lib/validationMessages';
import { deleteOwnAccount, previewAccountDeletion } from '../../services/users/deleteOwnAccount';
import { provisioningOf } from '../../plugins/provisioning';
import { checkPassword } from './check-password';
import { verifySecondFactor } from '../auth/second-factor-check';
import { AccountDeletionPreviewSchema, DeleteAccountBodySchema, type DeleteAccountBody } from '../../schemas/accountDeletion';

/** Deletion attempts per account and 15 minutes (each may check a password and a code). */
export const DELETE_ACCOUNT_LIMIT = { limit: 10, windowMs: 15 * 60_000 };

/** Root administrators keep the panel running: their accounts are removed by another administrator. */
export const adminCannotDeleteItself = 'An administrator account cannot delete itself. Ask another administrator.';

/**
 * GET /account/deletion says what deleting the account would do (its servers, the shares that
 * end); DELETE /account deletes it after the password and, with two-factor on, a code.
 */
export async function deleteAccountRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/deletion',
    {
      schema: {
        operationId: 'getAccountDeletionPreview',
        tags: ['account'],
        summary: 'What deleting the account would delete and end, by name',
        security: [{ bearer: [] }],
        response: { 200: AccountDeletionPreviewSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const me = request.user!;
      return { data: { ...(await previewAccountDeletion(app.db, me.id)), two_factor: me.useTotp } };
    },
  );

  r.delete(
    '/',
    {
      schema: {
        operationId: 'deleteAccount',
        tags: ['account'],
        summary: 'Delete the account, its servers (with backups and files) and its shares',
        description:
          'Needs the password, and a two-factor code when two-factor is on (422 per field). Every session ends. A record of the deletion (the account’s uuid, no other personal data) stays for administrators.',
        security: [{ bearer: [] }],
        body: DeleteAccountBodySchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 409, 419, 422, 429) },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      const me = request.user!;
      await app.rateLimit({ key: `account:delete:${me.id}`, ...DELETE_ACCOUNT_LIMIT });
      if (me.rootAdmin) throw new HttpError(409, adminCannotDeleteItself);
      const errors = FieldErrors.fromRequest(request);
      const body = request.body as Partial<DeleteAccountBody>;
      if (me.useTotp && body.code === undefined && !errors.has('code')) errors.add('code', ruleText.required);
      await checkPassword(app, request, body.password, errors);
      errors.throwIfAny();
      // Only after the right password, so a stolen session cannot spend the owner's code guesses.
      if (me.useTotp) await verifySecondFactor(app, request, me, body.code as string, 'code');
      await deleteOwnAccount({ ...provisioningOf(app), backups: app.backups }, me);
      return reply.code(204).send(null);
    },
  );
}
