import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { ValidationError } from '../../lib/errors';
import { acceptInvitation, declineInvitation, invitationForToken, listInvitationsFor } from '../../services/sharing/invitations';
import { AcceptInvitationBodySchema, DeclineInvitationBodySchema, InvitationRef } from '../../schemas/sharing';

// Tokens are 256-bit random, so this only stops a flood of guesses.
const ACCEPT_LIMIT = { limit: 20, windowMs: 10 * 60_000 };

/** GET /account/invitations and POST /account/invitations/{lookup,accept,decline} (under the /api/v2/account prefix). */
export async function accountInvitationRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  typed.get(
    '/invitations',
    {
      schema: {
        operationId: 'listAccountInvitations',
        tags: ['sharing'],
        summary: 'Pending invitations addressed to the caller’s email',
        description: 'Accepting one needs the token from the invitation mail.',
        security: [{ bearer: [] }],
        response: { 200: Type.Object({ data: Type.Array(InvitationRef) }), ...errorResponses(401) },
      },
      preHandler: app.authenticate,
    },
    async (request) => ({ data: await listInvitationsFor(app.db, request.user!) }),
  );

  typed.post(
    '/invitations/accept',
    {
      schema: {
        operationId: 'acceptServerInvitation',
        tags: ['sharing'],
        summary: 'Accept an invitation with the token from its mail',
        description: 'The token works once. 404 when it is unknown, used or expired; 409 when the caller owns or already uses the server.',
        security: [{ bearer: [] }],
        body: AcceptInvitationBodySchema,
        response: {
          200: Type.Object({ data: Type.Object({ server_identifier: Type.String({ description: 'Short id of the server, for its URL' }) }) }),
          ...errorResponses(401, 404, 409, 419, 422, 429),
        },
      },
      preValidation: app.authenticate,
    },
    async (request) => {
      const user = request.user!;
      await app.rateLimit({ key: `invitation-accept:user:${user.id}`, ...ACCEPT_LIMIT });
      const { server } = await acceptInvitation(app.db, user, request.body.token, request.ip);
      return { data: { server_identifier: server.shortId } };
    },
  );

  typed.post(
    '/invitations/lookup',
    {
      schema: {
        operationId: 'lookUpServerInvitation',
        tags: ['sharing'],
        summary: 'What an invitation mail’s token stands for: the server, who invited and with which role',
        description: 'Changes nothing (POST keeps the token out of addresses and logs). 404 when the token is unknown, used or expired.',
        security: [{ bearer: [] }],
        body: AcceptInvitationBodySchema,
        response: { 200: Type.Object({ data: InvitationRef }), ...errorResponses(401, 404, 419, 422, 429) },
      },
      preValidation: app.authenticate,
    },
    async (request) => {
      // The same budget as accepting: a token is only ever guessed, never enumerated.
      await app.rateLimit({ key: `invitation-accept:user:${request.user!.id}`, ...ACCEPT_LIMIT });
      return { data: await invitationForToken(app.db, request.body.token) };
    },
  );

  typed.post(
    '/invitations/decline',
    {
      schema: {
        operationId: 'declineServerInvitation',
        tags: ['sharing'],
        summary: 'Decline an invitation: it is deleted and its link stops working',
        description: 'Send the token from the mail, or the uuid of an invitation addressed to the caller’s email. 404 when there is no such pending invitation.',
        security: [{ bearer: [] }],
        body: DeclineInvitationBodySchema,
        response: { 204: Type.Null(), ...errorResponses(401, 404, 419, 422, 429) },
      },
      preValidation: app.authenticate,
    },
    async (request, reply) => {
      const user = request.user!;
      const { token, uuid } = request.body;
      if ((token === undefined) === (uuid === undefined)) {
        const message = 'Send either the invitation’s token or its uuid.';
        throw new ValidationError({ token: [message], uuid: [message] }, message);
      }
      await app.rateLimit({ key: `invitation-accept:user:${user.id}`, ...ACCEPT_LIMIT });
      await declineInvitation(app.db, user, token !== undefined ? { token } : { uuid: uuid! }, request.ip);
      return reply.code(204).send(null);
    },
  );
}
