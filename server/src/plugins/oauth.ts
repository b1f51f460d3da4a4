import fp from 'fastify-plugin';
import { OAuthProviders } from '../services/auth/oauth/oauthProviders';
import { SocialLogin } from '../services/auth/oauth/SocialLogin';
import { enabledStoredProviders } from '../services/auth/oauth/storedProviders';

declare module 'fastify' {
  interface FastifyInstance {
    /** Social login and linking through the configured providers (README, "Social login"). */
    socialLogin: SocialLogin;
    /** The social-login providers: the settings' and those of the admin area. */
    oauthProviders: OAuthProviders;
  }
}

/** The social-login providers (the panel's settings and the admin area's) and the service that uses them. */
export const oauthPlugin = fp(
  async (app) => {
    const providers = new OAuthProviders(app.config.oauthProviders ?? [], () => enabledStoredProviders(app.db, app.config.secret, (message, error) => app.log.error({ err: error }, message)));
    app.decorate('oauthProviders', providers);
    app.decorate(
      'socialLogin',
      new SocialLogin({
        db: app.db,
        providers,
        signupOpen: async () => (await app.panelSettings.current()).signupOpen,
        log: (message, error) => app.log.warn({ err: error }, message),
      }),
    );
  },
  { name: 'oauth', dependencies: ['database', 'panel-settings'] },
);
