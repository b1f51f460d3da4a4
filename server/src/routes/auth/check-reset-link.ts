import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { FieldErrors } from '../../lib/fieldErrors';
import { isPasswordResetLive } from '../../services/auth/passwordResets';
import { ResetLinkCheckBodySchema, ResetLinkCheckResponseSchema } from '../../schemas/auth';

/**
 * Checks per address and 15 minutes: the reset page checks its link once when it opens. Tokens
 * are 256 random bits, so the limit is against flooding, not guessing.
 */
export const CHECK_RESET_LINK_PER_IP = { limit: 30, windowMs: 15 * 60_000 };

/**
 * POST /auth/reset-password/check: whether a reset link still works, without spending it, so the
 * reset page can say at once that a link was used or has expired instead of showing a form that
 * would fail. The token travels in the body, never in an address that logs and proxies keep.
 */
export async function checkResetLinkRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/reset-password/check',
    {
      schema: {
        operationId: 'checkResetLink',
        tags: ['auth'],
        summary: 'Check whether a password reset link still works (spends nothing)',
        body: ResetLinkCheckBodySchema,
        response: { 200: ResetLinkCheckResponseSchema, ...errorResponses(419, 422, 429) },
      },
      attachValidation: true,
    },
    async (request) => {
      await app.rateLimit({ key: `reset-link-check:ip:${request.ip}`, ...CHECK_RESET_LINK_PER_IP });
      FieldErrors.fromRequest(request).throwIfAny();
      return { data: { valid: await isPasswordResetLive(app.db, request.body.token) } };
    },
  );
}
