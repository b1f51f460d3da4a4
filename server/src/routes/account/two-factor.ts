import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { FieldErrors } from '../../lib/fieldErrors';
import { HttpError } from '../../lib/errors';
import { accountMessages } from '../../lib/accountMessages';
import { disableTwoFactor, enableTwoFactor, startEnrolment } from '../../services/auth/twoFactor';
import { checkPassword } from './check-password';
import {
  DisableTwoFactorBodySchema,
  EnableTwoFactorBodySchema,
  RecoveryCodesResponseSchema,
  TwoFactorEnrolmentResponseSchema,
  type DisableTwoFactorBody,
  type EnableTwoFactorBody,
} from '../../schemas/account';

/** Two-factor set-up: enrol (new secret and QR), enable with a code and the password, disable. */
export async function twoFactorRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/two-factor',
    {
      schema: {
        operationId: 'getTwoFactorEnrolment',
        tags: ['account'],
        summary: 'Start two-factor set-up: a new secret, its otpauth URI and QR code',
        security: [{ bearer: [] }],
        response: { 200: TwoFactorEnrolmentResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      if (request.user!.useTotp) throw new HttpError(400, accountMessages.twoFactorAlreadyEnabled);
      return { data: await startEnrolment(app.db, request.user!) };
    },
  );

  r.post(
    '/two-factor',
    {
      schema: {
        operationId: 'enableTwoFactor',
        tags: ['account'],
        summary: 'Turn two-factor on; answers the 10 recovery codes once',
        security: [{ bearer: [] }],
        body: EnableTwoFactorBodySchema,
        response: { 200: RecoveryCodesResponseSchema, ...errorResponses(400, 401, 419, 422, 429) },
      },
      attachValidation: true,
    },
    async (request) => {
      const me = request.user!;
      if (me.useTotp) throw new HttpError(400, accountMessages.twoFactorAlreadyEnabled);
      if (!me.totpSecret) throw new HttpError(400, accountMessages.twoFactorNotEnrolled);
      const errors = FieldErrors.fromRequest(request);
      const body = request.body as Partial<EnableTwoFactorBody>;
      await checkPassword(app, request, body.password, errors);
      errors.throwIfAny();
      const codes = await enableTwoFactor(app.db, me, body.code as string, request.ip);
      if (!codes) {
        errors.add('code', accountMessages.invalidCode).throwIfAny();
        return undefined as never;
      }
      return { data: { recovery_codes: codes } };
    },
  );

  r.post(
    '/two-factor/disable',
    {
      schema: {
        operationId: 'disableTwoFactor',
        tags: ['account'],
        summary: 'Turn two-factor off (needs the password)',
        security: [{ bearer: [] }],
        body: DisableTwoFactorBodySchema,
        response: { 204: NoContentSchema, ...errorResponses(400, 401, 419, 422, 429) },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      const me = request.user!;
      if (!me.useTotp) throw new HttpError(400, accountMessages.twoFactorNotEnabled);
      const errors = FieldErrors.fromRequest(request);
      await checkPassword(app, request, (request.body as Partial<DisableTwoFactorBody>).password, errors);
      errors.throwIfAny();
      await disableTwoFactor(app.db, me, { userId: me.id, ip: request.ip });
      return reply.code(204).send(null);
    },
  );
}
