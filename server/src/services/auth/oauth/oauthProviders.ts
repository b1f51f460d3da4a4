import type * as client from 'openid-client';
import type { OAuthProviderConfig } from '../../../config/PanelConfig';
import { fetchProfile, type ProviderIdentity } from './oauthProfiles';

/**
 * Discord, Google and GitHub by their published endpoints, so the panel needs no discovery round
 * trip for them (Google is OpenID Connect; Discord and GitHub are plain OAuth 2.0 with user APIs).
 */
const BUILT_IN_METADATA: Record<'discord' | 'google' | 'github', client.ServerMetadata> = {
  google: {
    issuer: 'https://accounts.google.com',
    authorization_endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
    token_endpoint: 'https://oauth2.googleapis.com/token',
    userinfo_endpoint: 'https://openidconnect.googleapis.com/v1/userinfo',
    jwks_uri: 'https://www.googleapis.com/oauth2/v3/certs',
  },
  discord: { issuer: 'https://discord.com', authorization_endpoint: 'https://discord.com/oauth2/authorize', token_endpoint: 'https://discord.com/api/oauth2/token' },
  github: { issuer: 'https://github.com', authorization_endpoint: 'https://github.com/login/oauth/authorize', token_endpoint: 'https://github.com/login/oauth/access_token' },
};

const SCOPES: Record<OAuthProviderConfig['kind'], string> = {
  google: 'openid email profile',
  oidc: 'openid email profile',
  discord: 'identify email',
  github: 'read:user user:email',
};

/** openid-client (with oauth4webapi and jose) is loaded by the first social login, not by every start. */
const loadOpenId = () => import('openid-client');

/** Whether a provider speaks OpenID Connect (ID token and nonce) rather than plain OAuth 2.0. */
export const isOpenIdConnect = (provider: OAuthProviderConfig): boolean => provider.kind === 'google' || provider.kind === 'oidc';

/** An http:// issuer is accepted on loopback only (a provider beside the panel, as in tests). */
const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

/** What the panel keeps server-side while the person is at the provider. */
export interface AuthorizationStart {
  url: string;
  codeVerifier: string;
  nonce: string | null;
}

/** The checks the callback must pass, from the stored start. */
export interface CallbackChecks {
  codeVerifier: string;
  nonce: string | null;
  state: string;
}

/** Where the providers added in the admin area come from: the enabled ones, secrets opened. */
export type StoredProviders = () => Promise<OAuthProviderConfig[]>;

/** What a discovered configuration was made from: any change (issuer, client, secret) makes a new one. */
const fingerprintOf = (provider: OAuthProviderConfig): string => JSON.stringify([provider.kind, provider.issuer ?? null, provider.clientId, provider.clientSecret]);

/**
 * The social-login providers: those of the panel's settings (PANEL_OAUTH_*, fixed until a restart)
 * and those the host manages in the admin area (read at each use, so a change takes effect at
 * once, on every panel process). Each has an openid-client configuration, discovered once for an
 * OpenID Connect issuer and kept while the provider stays the same (again after a failed discovery).
 */
export class OAuthProviders {
  private readonly configurations = new Map<string, { fingerprint: string; configuration: Promise<client.Configuration> }>();

  constructor(
    private readonly settings: readonly OAuthProviderConfig[],
    private readonly stored: StoredProviders = async () => [],
  ) {}

  /** The providers of the panel's settings (read-only through the admin API). */
  fromSettings(): readonly OAuthProviderConfig[] {
    return this.settings;
  }

  /** Every provider offered now: the settings' in the order of PANEL_OAUTH_PROVIDERS, then the enabled ones of the admin area. */
  async list(): Promise<OAuthProviderConfig[]> {
    const taken = new Set(this.settings.map((provider) => provider.id));
    // A settings provider wins over a stored one of the same id (added to the settings later).
    return [...this.settings, ...(await this.stored()).filter((provider) => !taken.has(provider.id))];
  }

  /** An offered provider by id; null when it is unknown, disabled or deleted. */
  async find(id: string): Promise<OAuthProviderConfig | null> {
    return (await this.list()).find((provider) => provider.id === id) ?? null;
  }

  /** Drops what was discovered for a provider (it changed or went). */
  forget(id: string): void {
    this.configurations.delete(id);
  }

  private configuration(provider: OAuthProviderConfig): Promise<client.Configuration> {
    const fingerprint = fingerprintOf(provider);
    const cached = this.configurations.get(provider.id);
    if (cached?.fingerprint === fingerprint) return cached.configuration;
    const configuration = this.configure(provider);
    const entry = { fingerprint, configuration };
    this.configurations.set(provider.id, entry);
    configuration.catch(() => {
      if (this.configurations.get(provider.id) === entry) this.configurations.delete(provider.id);
    });
    return configuration;
  }

  private async configure(provider: OAuthProviderConfig): Promise<client.Configuration> {
    const openid = await loadOpenId();
    if (provider.kind === 'oidc') {
      const issuer = new URL(provider.issuer!);
      const insecure = issuer.protocol === 'http:' && isLoopback(issuer);
      return openid.discovery(issuer, provider.clientId, undefined, openid.ClientSecretBasic(provider.clientSecret), { execute: insecure ? [openid.allowInsecureRequests] : [], timeout: 10 });
    }
    const authentication = provider.kind === 'google' ? openid.ClientSecretBasic(provider.clientSecret) : openid.ClientSecretPost(provider.clientSecret);
    return new openid.Configuration(BUILT_IN_METADATA[provider.kind], provider.clientId, undefined, authentication);
  }

  /** The provider's authorization address with state, PKCE (S256) and, for OpenID Connect, a nonce. */
  async start(provider: OAuthProviderConfig, { redirectUri, state }: { redirectUri: string; state: string }): Promise<AuthorizationStart> {
    const configuration = await this.configuration(provider);
    const openid = await loadOpenId();
    const codeVerifier = openid.randomPKCECodeVerifier();
    const nonce = isOpenIdConnect(provider) ? openid.randomNonce() : null;
    const parameters: Record<string, string> = {
      redirect_uri: redirectUri,
      scope: SCOPES[provider.kind],
      state,
      code_challenge: await openid.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    };
    if (nonce) parameters.nonce = nonce;
    return { url: openid.buildAuthorizationUrl(configuration, parameters).href, codeVerifier, nonce };
  }

  /**
   * Exchanges the code (with the PKCE verifier; the ID token's nonce, issuer, audience and expiry
   * are checked by openid-client) and reads who the person is. Throws when any check fails.
   */
  async finish(provider: OAuthProviderConfig, callbackUrl: URL, checks: CallbackChecks): Promise<ProviderIdentity> {
    const configuration = await this.configuration(provider);
    const openid = await loadOpenId();
    const oidc = isOpenIdConnect(provider);
    const tokens = await openid.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce ?? undefined,
      idTokenExpected: oidc,
    });
    return fetchProfile(provider, configuration, tokens);
  }
}
