import type { OAuthProviderConfig } from '../../../config/PanelConfig';

/** The providers whose endpoints the panel knows, with the name their buttons default to. */
export const BUILT_IN = { discord: 'Discord', google: 'Google', github: 'GitHub' } as const;
/** A provider id: a-z, 0-9 and -, starting with a letter, at most 32 characters. */
export const ID_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;

// Addresses under /account/linked-accounts/ use this word themselves.
export const RESERVED_IDS: ReadonlySet<string> = new Set(['callback', 'passkey-options']);

/** https, or http to a provider on the panel's own machine (tokens never cross a network in clear). */
export function isAcceptableIssuer(issuer: string): boolean {
  try {
    const url = new URL(issuer);
    return url.protocol === 'https:' || (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname));
  } catch {
    return false;
  }
}

const isBuiltIn = (id: string): id is keyof typeof BUILT_IN => Object.hasOwn(BUILT_IN, id);

/**
 * Reads the social-login providers: PANEL_OAUTH_PROVIDERS=discord,google,github,<id>… and for
 * each PANEL_OAUTH_<ID>_CLIENT_ID, _CLIENT_SECRET, _NAME, and for an OpenID Connect issuer of the
 * host's choosing _ISSUER (its discovery base). A provider missing its client or issuer stops the
 * start with a message naming the setting, rather than showing customers a button that fails.
 */
export function parseOAuthProviders(env: NodeJS.ProcessEnv): OAuthProviderConfig[] {
  const ids = (env.PANEL_OAUTH_PROVIDERS ?? '')
    .split(',')
    .map((id) => id.trim().toLowerCase())
    .filter(Boolean);
  const seen = new Set<string>();
  return ids.map((id) => {
    if (!ID_PATTERN.test(id)) throw new Error(`PANEL_OAUTH_PROVIDERS: "${id}" is not a provider id (a-z, 0-9 and -, starting with a letter)`);
    if (RESERVED_IDS.has(id)) throw new Error(`PANEL_OAUTH_PROVIDERS: "${id}" is reserved, choose another id`);
    if (seen.has(id)) throw new Error(`PANEL_OAUTH_PROVIDERS names "${id}" twice`);
    seen.add(id);
    const prefix = `PANEL_OAUTH_${id.toUpperCase().replace(/-/g, '_')}_`;
    const setting = (name: string) => env[`${prefix}${name}`]?.trim() || undefined;
    const clientId = setting('CLIENT_ID');
    const clientSecret = setting('CLIENT_SECRET');
    if (!clientId || !clientSecret) throw new Error(`Social login "${id}" needs ${prefix}CLIENT_ID and ${prefix}CLIENT_SECRET`);
    const issuer = setting('ISSUER');
    if (!isBuiltIn(id) && !issuer) throw new Error(`Social login "${id}" needs ${prefix}ISSUER (the OpenID Connect discovery base)`);
    if (issuer && !isAcceptableIssuer(issuer)) throw new Error(`${prefix}ISSUER must be an https URL (http only on loopback), got "${issuer}"`);
    const kind = issuer ? 'oidc' : (id as keyof typeof BUILT_IN);
    return { id, kind, name: setting('NAME') ?? (isBuiltIn(id) ? BUILT_IN[id] : id), clientId, clientSecret, issuer };
  });
}
