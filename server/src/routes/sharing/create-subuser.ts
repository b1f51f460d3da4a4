import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { normalizeFields } from '../../lib/fieldErrors';
import { ServerParamsSchema } from '../../schemas/servers';
import { grantFromBody } from '../../services/sharing/grantFromBody';
import { panelUrl } from '../../lib/panelUrl';
import { sharingCallOf } from './sharing-call';
import { shareServer } from '../../services/sharing/shareServer';
import { CreateSubuserBodySchema, SubuserRef } from '../../schemas/sharing';

// Invitations send mail to addresses the caller chooses: bounded per person and per server.
const PER_USER = { limit: 30, windowMs: 3600_000 };
const PER_SERVER = { limit: 100, windowMs: 24 * 3600_000 };

/** POST /servers/{id}/users: share the server with an account, or invite an address by mail. */
export async function createSubuserRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/:id/users',
    {
      schema: {
        operationId: 'createServerSubuser',
        tags: ['sharing'],
        summary: 'Share the server with someone by email',
        description:
          'Exactly one of role_uuid (a custom role of this server) and permissions. An existing account gets access at once (status active, ' +
          'and a notice mail); an unknown address gets a pending share and a mail with a single-use link `{panel}/?invitation=<token>` ' +
          '(valid 7 days). 403 names a key the caller does not hold; 409 when the person already has access or was invited.',
        security: [{ bearer: [] }],
        params: ServerParamsSchema,
        body: CreateSubuserBodySchema,
        response: { 201: Type.Object({ data: SubuserRef }), ...errorResponses(401, 403, 404, 409, 419, 422, 429) },
      },
      config: { serverPermission: 'user.create' },
      preValidation: async (request) => normalizeFields(request.body, ['email']),
    },
    async (request, reply) => {
      await app.rateLimit({ key: `invite:user:${request.user!.id}`, ...PER_USER });
      await app.rateLimit({ key: `invite:server:${request.serverAccess!.server.id}`, ...PER_SERVER });
      const grant = await grantFromBody(app.db, request.serverAccess!.server.id, request.body);
      const data = await shareServer({ db: app.db, mailer: app.mailer, log: request.log }, { ...sharingCallOf(request), panelUrl: panelUrl(request) }, request.body.email, grant);
      return reply.code(201).send({ data });
    },
  );
}
