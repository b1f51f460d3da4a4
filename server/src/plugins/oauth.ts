import fp from 'fastify-plugin';
import { OAuthProviders } from '../services/auth/oauth/oauthProviders';
import { SocialLogin } from '../services/auth/oauth/SocialLogin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Social login and linking through the configured providers (README, "Social login"). */
    socialLogin: SocialLogin;
    /** The configured social-login providers. */
    oauthProviders: OAuthProviders;
  }
}

/** The social-login providers of the panel's settings and the service that uses them. */
export const oauthPlugin = fp(
  async (app) => {
    const providers = new OAuthProviders(app.config.oauthProviders ?? []);
    app.decorate('oauthProviders', providers);
    app.decorate(
      'socialLogin',
      new SocialLogin({
        db: app.db,
        providers,
        signupOpen: () => app.config.signupOpen ?? true,
        log: (message, error) => app.log.warn({ err: error }, message),
      }),
    );
  },
  { name: 'oauth', dependencies: ['database'] },
);
