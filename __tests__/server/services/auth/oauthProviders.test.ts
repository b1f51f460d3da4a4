import { parseOAuthProviders } from '../../../../server/src/services/auth/oauth/oauthSettings';
import { OAuthProviders } from '../../../../server/src/services/auth/oauth/oauthProviders';

const env = {
  PANEL_OAUTH_PROVIDERS: 'discord, Google,github,company-sso',
  PANEL_OAUTH_DISCORD_CLIENT_ID: 'discord-client',
  PANEL_OAUTH_DISCORD_CLIENT_SECRET: 'discord-secret',
  PANEL_OAUTH_GOOGLE_CLIENT_ID: 'google-client',
  PANEL_OAUTH_GOOGLE_CLIENT_SECRET: 'google-secret',
  PANEL_OAUTH_GITHUB_CLIENT_ID: 'github-client',
  PANEL_OAUTH_GITHUB_CLIENT_SECRET: 'github-secret',
  PANEL_OAUTH_COMPANY_SSO_CLIENT_ID: 'sso-client',
  PANEL_OAUTH_COMPANY_SSO_CLIENT_SECRET: 'sso-secret',
  PANEL_OAUTH_COMPANY_SSO_ISSUER: 'https://sso.example.com/realms/players',
  PANEL_OAUTH_COMPANY_SSO_NAME: 'Company SSO',
};

describe('social-login settings', () => {
  it('reads each provider with its client, name and issuer', () => {
    expect(parseOAuthProviders(env)).toEqual([
      { id: 'discord', kind: 'discord', name: 'Discord', clientId: 'discord-client', clientSecret: 'discord-secret', issuer: undefined },
      { id: 'google', kind: 'google', name: 'Google', clientId: 'google-client', clientSecret: 'google-secret', issuer: undefined },
      { id: 'github', kind: 'github', name: 'GitHub', clientId: 'github-client', clientSecret: 'github-secret', issuer: undefined },
      { id: 'company-sso', kind: 'oidc', name: 'Company SSO', clientId: 'sso-client', clientSecret: 'sso-secret', issuer: 'https://sso.example.com/realms/players' },
    ]);
    expect(parseOAuthProviders({})).toEqual([]);
  });

  it('stops on a provider without its client, an unknown one without an issuer, or an issuer in clear text', () => {
    expect(() => parseOAuthProviders({ PANEL_OAUTH_PROVIDERS: 'discord' })).toThrow('PANEL_OAUTH_DISCORD_CLIENT_ID and PANEL_OAUTH_DISCORD_CLIENT_SECRET');
    expect(() => parseOAuthProviders({ ...env, PANEL_OAUTH_COMPANY_SSO_ISSUER: '' })).toThrow('PANEL_OAUTH_COMPANY_SSO_ISSUER');
    expect(() => parseOAuthProviders({ ...env, PANEL_OAUTH_COMPANY_SSO_ISSUER: 'http://sso.example.com' })).toThrow('https');
    expect(() => parseOAuthProviders({ ...env, PANEL_OAUTH_PROVIDERS: 'discord,discord' })).toThrow('twice');
  });
});

describe('the built-in providers’ sign-in addresses', () => {
  const providers = new OAuthProviders(parseOAuthProviders(env));
  const redirectUri = 'https://panel.example.com/socialite';
  const startAt = async (id: string) => {
    const started = await providers.start((await providers.find(id))!, { redirectUri, state: 'state-0123456789' });
    return { url: new URL(started.url), started };
  };

  it.each([
    ['discord', 'https://discord.com/oauth2/authorize', 'identify email', false],
    ['google', 'https://accounts.google.com/o/oauth2/v2/auth', 'openid email profile', true],
    ['github', 'https://github.com/login/oauth/authorize', 'read:user user:email', false],
  ])('%s: its authorization endpoint with PKCE S256 and the state (a nonce for OpenID Connect)', async (id, endpoint, scope, nonce) => {
    const { url, started } = await startAt(id);
    expect(`${url.origin}${url.pathname}`).toBe(endpoint);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: `${id}-client`,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope,
      state: 'state-0123456789',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('code_challenge')).not.toBe(started.codeVerifier);
    expect(url.searchParams.has('nonce')).toBe(nonce);
    expect(started.nonce !== null).toBe(nonce);
    // The secret never travels through the browser.
    expect(url.href).not.toContain('secret');
  });
});
