import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/responseSchemas';
import { FieldErrors } from '../../lib/fieldErrors';
import { HttpError } from '../../lib/errors';
import { accountMessages } from '../../lib/accountMessages';
import { panelUrl } from '../../lib/panelUrl';
import { createLoginConfirmation } from '../../services/auth/loginConfirmations';
import { LoginResponseSchema } from '../../schemas/auth';
import { OAuthCallbackBodySchema, OAuthProviderParamsSchema, OAuthProvidersResponseSchema, OAuthRedirectQuerySchema } from '../../schemas/oauth';
import { completeLogin } from './complete-login';
import { bindAttempt, isBoundAttempt, socialiteUrl } from './oauth-cookie';

/** Attempts started per minute and address (each stores a row until it expires). */
const START_LIMIT = { max: 30, timeWindow: 60_000 };
/** Callbacks per minute and address. */
const CALLBACK_LIMIT = { max: 20, timeWindow: 60_000 };

/**
 * Social login: the providers for the login page's buttons, the start (a redirect to the provider)
 * and the callback the web app's /socialite page posts what the provider sent back to. A login
 * through a provider still asks for the second factor when the account has two-factor on.
 */
export async function oauthRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/oauth/providers',
    {
      schema: {
        operationId: 'listOAuthProviders',
        tags: ['auth'],
        summary: 'The providers people may log in with (the login page’s buttons)',
        response: { 200: OAuthProvidersResponseSchema },
      },
    },
    async () => ({ data: (await app.oauthProviders.list()).map(({ id, name }) => ({ id, name })) }),
  );

  r.get(
    '/oauth/:provider/redirect',
    {
      schema: {
        operationId: 'startOAuthLogin',
        tags: ['auth'],
        summary: 'Start logging in with a provider: redirects the browser to its sign-in page',
        params: OAuthProviderParamsSchema,
        querystring: OAuthRedirectQuerySchema,
        response: { 302: Type.Null({ description: 'To the provider (Location)' }), ...errorResponses(404, 429, 502) },
      },
      config: { rateLimit: START_LIMIT },
    },
    async (request, reply) => {
      const redirectUri = socialiteUrl(panelUrl(request));
      let started;
      try {
        started = await app.socialLogin.start(request.params.provider, { purpose: 'login', userId: null, remember: request.query.remember ?? false, redirectUri });
      } catch (error) {
        if (error instanceof HttpError) throw error;
        throw new HttpError(502, 'The provider could not be reached. Please try again later.', {}, { cause: error });
      }
      bindAttempt(request, reply, started.state);
      return reply.redirect(started.url, 302);
    },
  );

  r.post(
    '/oauth/callback',
    {
      schema: {
        operationId: 'finishOAuthLogin',
        tags: ['auth'],
        summary: 'Finish a login with a provider: what the provider sent to /socialite',
        body: OAuthCallbackBodySchema,
        response: { 200: LoginResponseSchema, ...errorResponses(400, 403, 409, 419, 422, 429) },
      },
      attachValidation: true,
      config: { rateLimit: CALLBACK_LIMIT },
    },
    async (request, reply) => {
      FieldErrors.fromRequest(request).throwIfAny();
      const bound = isBoundAttempt(request, reply, request.body.state);
      const { user, remember, provider } = await app.socialLogin.finishLogin(request.body, { redirectUri: socialiteUrl(panelUrl(request)), ip: request.ip, bound });
      if (user.suspended) throw new HttpError(403, accountMessages.suspended);
      // The provider stands in for the password only: the second factor is still asked.
      if (user.useTotp) {
        const confirmationToken = await createLoginConfirmation(app.db, { userId: user.id, remember });
        return { data: { complete: false as const, confirmation_token: confirmationToken } };
      }
      return { data: await completeLogin(app, request, user, { remember, method: `oauth:${provider}`, reply }) };
    },
  );
}
