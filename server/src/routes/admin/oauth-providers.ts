import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { FieldErrors } from '../../lib/fieldErrors';
import { panelUrl } from '../../lib/panelUrl';
import { errorResponses, NoContentSchema } from '../../lib/responseSchemas';
import {
  AdminOAuthProviderParamsSchema,
  AdminOAuthProviderResponseSchema,
  AdminOAuthProvidersResponseSchema,
  CreateOAuthProviderBodySchema,
  UpdateOAuthProviderBodySchema,
} from '../../schemas/oauthAdmin';
import { createAdminProvider, deleteAdminProvider, getAdminProvider, listAdminProviders, updateAdminProvider, type OAuthProviderAdminContext } from '../../services/auth/oauth/oauthProviderAdmin';
import { socialiteUrl } from '../auth/oauth-cookie';

const security = [{ bearer: [] }];

/**
 * Social-login providers of the admin API: those of the settings (read-only here) and those the
 * host adds, changes and removes without a restart. Client secrets are write-only.
 */
export async function adminOAuthProviderRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const context = (): OAuthProviderAdminContext => ({ db: app.db, panelSecret: app.config.secret, providers: app.oauthProviders });

  r.get(
    '/oauth-providers',
    {
      schema: {
        operationId: 'listAdminOAuthProviders',
        tags: ['admin'],
        summary: 'Every social-login provider, with the callback URL to register at the providers',
        security,
        response: { 200: AdminOAuthProvidersResponseSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => ({ data: await listAdminProviders(context()), meta: { callback_url: socialiteUrl(panelUrl(request)) } }),
  );
  r.post(
    '/oauth-providers',
    {
      schema: {
        operationId: 'createAdminOAuthProvider',
        tags: ['admin'],
        summary: 'Add a social-login provider',
        description:
          'Offered on the login page at once when enabled. kind oidc needs issuer (https; http only on loopback); discord, google and github use their published endpoints. client_secret is stored encrypted with the panel secret and never answered. An id of the settings (PANEL_OAUTH_PROVIDERS) or an existing one is a 422.',
        security,
        body: CreateOAuthProviderBodySchema,
        response: { 201: AdminOAuthProviderResponseSchema, ...errorResponses(401, 403, 422, 429) },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      const provider = await createAdminProvider(context(), request.body ?? {}, FieldErrors.fromRequest(request));
      return reply.code(201).send({ data: { oauth_provider: provider } });
    },
  );
  r.get(
    '/oauth-providers/:provider',
    {
      schema: {
        operationId: 'getAdminOAuthProvider',
        tags: ['admin'],
        summary: 'Show a social-login provider',
        security,
        params: AdminOAuthProviderParamsSchema,
        response: { 200: AdminOAuthProviderResponseSchema, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => ({ data: { oauth_provider: await getAdminProvider(context(), request.params.provider) } }),
  );
  r.patch(
    '/oauth-providers/:provider',
    {
      schema: {
        operationId: 'updateAdminOAuthProvider',
        tags: ['admin'],
        summary: 'Change a social-login provider (enabled: false stops offering it)',
        description: 'Only the fields given change; an absent client_secret keeps the stored one. Providers of the settings are a 409: change them in PANEL_OAUTH_*.',
        security,
        params: AdminOAuthProviderParamsSchema,
        body: UpdateOAuthProviderBodySchema,
        response: { 200: AdminOAuthProviderResponseSchema, ...errorResponses(401, 403, 404, 409, 422, 429) },
      },
      attachValidation: true,
    },
    async (request) => ({ data: { oauth_provider: await updateAdminProvider(context(), request.params.provider, request.body ?? {}, FieldErrors.fromRequest(request)) } }),
  );
  r.delete(
    '/oauth-providers/:provider',
    {
      schema: {
        operationId: 'deleteAdminOAuthProvider',
        tags: ['admin'],
        summary: 'Remove a social-login provider',
        description:
          'It is no longer offered. Accounts that linked it keep the link (adding the same id again brings it back) but cannot sign in through it meanwhile: they use their password, a passkey or another provider, or set a password through “Forgot password”. Providers of the settings are a 409.',
        security,
        params: AdminOAuthProviderParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await deleteAdminProvider(context(), request.params.provider);
      return reply.code(204).send(null);
    },
  );
}
