import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import { FieldErrors } from '../../lib/fieldErrors';
import { HttpError, notFound } from '../../lib/errors';
import { panelUrl } from '../../lib/panelUrl';
import type { LinkedIdentityRow } from '../../db/schema';
import { hasPassword, listLinkedIdentities, unlinkIdentity } from '../../services/auth/oauth/linkedIdentities';
import { oauthMessages } from '../../services/auth/oauth/oauthMessages';
import { keepsAWayIn } from '../../services/auth/oauth/waysIn';
import { startAssertion } from '../../services/auth/passkeyAssertions';
import { userHasPasskeys } from '../../services/auth/passkeys';
import { panelRelyingParty } from '../../lib/relyingParty';
import { AssertionOptionsResponseSchema } from '../../schemas/passkeys';
import {
  LinkedAccountResponseSchema,
  LinkedAccountsResponseSchema,
  OAuthCallbackBodySchema,
  OAuthProviderParamsSchema,
  StartLinkBodySchema,
  StartLinkResponseSchema,
  type LinkedAccount,
} from '../../schemas/oauth';
import { bindAttempt, isBoundAttempt, socialiteUrl } from '../auth/oauth-cookie';
import { confirmOwner } from './confirm-owner';

/** Passkey confirmations started per minute per account (each keeps a challenge until it expires). */
const CONFIRM_OPTIONS_LIMIT = { limit: 20, windowMs: 60_000 };

const toLinkedAccount = (provider: { id: string; name: string }, link: LinkedIdentityRow | undefined): LinkedAccount => ({
  provider: provider.id,
  name: provider.name,
  linked: link !== undefined,
  email: link?.email ?? null,
  linked_at: link?.linkedAt.toISOString() ?? null,
  last_used_at: link?.lastUsedAt?.toISOString() ?? null,
});

/**
 * The account's linked provider identities (account page, "Linked accounts"): the list, linking
 * (the password or a passkey first, then the provider's sign-in; /socialite finishes it) and
 * unlinking, which is refused when it would leave the account no way in (keepsAWayIn).
 */
export async function linkedAccountRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/linked-accounts',
    {
      schema: {
        operationId: 'listLinkedAccounts',
        tags: ['account'],
        summary: 'The enabled providers and which of them are linked to the account',
        security: [{ bearer: [] }],
        response: { 200: LinkedAccountsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const [links, hasPasskeys] = await Promise.all([listLinkedIdentities(app.db, request.user!.id), userHasPasskeys(app.db, request.user!.id)]);
      const providers = (await app.oauthProviders.list()).map((provider) =>
        toLinkedAccount(
          provider,
          links.find((link) => link.provider === provider.id),
        ),
      );
      return { data: { providers, has_password: hasPassword(request.user!), has_passkeys: hasPasskeys } };
    },
  );

  r.post(
    '/linked-accounts/passkey-options',
    {
      schema: {
        operationId: 'startLinkPasskeyConfirmation',
        tags: ['account'],
        summary: 'Confirm linking with a passkey instead of the password: options for navigator.credentials.get()',
        description: 'Answer with startAccountLink’s ceremony_id and credential. 422 when the account has no passkey.',
        security: [{ bearer: [] }],
        response: { 200: AssertionOptionsResponseSchema, ...errorResponses(400, 401, 419, 422, 429) },
      },
    },
    async (request) => {
      const rp = panelRelyingParty(app);
      await app.rateLimit({ key: `account:passkey-confirm-options:${request.user!.id}`, ...CONFIRM_OPTIONS_LIMIT });
      return { data: await startAssertion(app.db, rp, 'confirm', request.user!) };
    },
  );

  r.post(
    '/linked-accounts/:provider',
    {
      schema: {
        operationId: 'startAccountLink',
        tags: ['account'],
        summary: 'Start linking a provider (after the password or a passkey): answers the provider’s sign-in page',
        security: [{ bearer: [] }],
        params: OAuthProviderParamsSchema,
        body: StartLinkBodySchema,
        response: { 200: StartLinkResponseSchema, ...errorResponses(400, 401, 404, 409, 419, 422, 429, 502) },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      const errors = FieldErrors.fromRequest(request);
      await confirmOwner(app, request, request.body, errors);
      errors.throwIfAny();
      const me = request.user!;
      if (!(await app.oauthProviders.find(request.params.provider))) throw notFound('Provider');
      const links = await listLinkedIdentities(app.db, me.id);
      if (links.some((link) => link.provider === request.params.provider)) throw new HttpError(409, oauthMessages.alreadyLinked);
      let started;
      try {
        started = await app.socialLogin.start(request.params.provider, { purpose: 'link', userId: me.id, remember: false, redirectUri: socialiteUrl(panelUrl(request)) });
      } catch (error) {
        throw new HttpError(502, 'The provider could not be reached. Please try again later.', {}, { cause: error });
      }
      bindAttempt(request, reply, started.state);
      return { data: { url: started.url } };
    },
  );

  r.post(
    '/linked-accounts/callback',
    {
      schema: {
        operationId: 'finishAccountLink',
        tags: ['account'],
        summary: 'Finish linking a provider: what the provider sent to /socialite',
        security: [{ bearer: [] }],
        body: OAuthCallbackBodySchema,
        response: { 200: LinkedAccountResponseSchema, ...errorResponses(400, 401, 403, 409, 419, 422) },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      FieldErrors.fromRequest(request).throwIfAny();
      const bound = isBoundAttempt(request, reply, request.body.state);
      const link = await app.socialLogin.finishLink(request.user!, request.body, { redirectUri: socialiteUrl(panelUrl(request)), ip: request.ip, bound });
      return { data: toLinkedAccount((await app.oauthProviders.find(link.provider)) ?? { id: link.provider, name: link.provider }, link) };
    },
  );

  r.delete(
    '/linked-accounts/:provider',
    {
      schema: {
        operationId: 'unlinkAccount',
        tags: ['account'],
        summary: 'Unlink a provider (refused when the account would keep no password, passkey or other offered provider)',
        security: [{ bearer: [] }],
        params: OAuthProviderParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 404, 409, 419) },
      },
    },
    async (request, reply) => {
      const me = request.user!;
      if (!(await keepsAWayIn(app.db, app.oauthProviders, me, request.params.provider))) throw new HttpError(409, oauthMessages.lastWayIn);
      if (!(await unlinkIdentity(app.db, me.id, request.params.provider, { userId: me.id, ip: request.ip }))) throw notFound('Linked account');
      return reply.code(204).send(null);
    },
  );
}
