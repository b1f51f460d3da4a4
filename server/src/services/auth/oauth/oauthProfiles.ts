import type * as client from 'openid-client';
import type { OAuthProviderConfig } from '../../../config/PanelConfig';

/** Who the provider says the person is. */
export interface ProviderIdentity {
  /** The provider's stable id of the person. */
  subject: string;
  email: string | null;
  /** True only when the provider says it verified the email. */
  emailVerified: boolean;
  /** A name to start a username from (preferred username, login, Discord name). */
  username: string | null;
  /** Discord's avatar hash (the user entity's discord_avatar), else null. */
  avatar: string | null;
}

type Tokens = Awaited<ReturnType<typeof client.authorizationCodeGrant>>;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
// Some OpenID Connect providers send the flag as a string.
const verified = (value: unknown): boolean => value === true || value === 'true';

async function getJson(configuration: client.Configuration, accessToken: string, url: string): Promise<unknown> {
  // GitHub's API refuses requests without a User-Agent.
  const headers = new Headers({ accept: 'application/json', 'user-agent': 'game-panel' });
  const { fetchProtectedResource } = await import('openid-client');
  const response = await fetchProtectedResource(configuration, accessToken, new URL(url), 'GET', undefined, headers);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** OpenID Connect: the ID token's claims, completed by the userinfo endpoint (same subject). */
async function openIdProfile(configuration: client.Configuration, tokens: Tokens): Promise<ProviderIdentity> {
  const claims = tokens.claims();
  if (!claims) throw new Error('The provider sent no ID token');
  const { fetchUserInfo } = await import('openid-client');
  const info = configuration.serverMetadata().userinfo_endpoint ? await fetchUserInfo(configuration, tokens.access_token, claims.sub) : {};
  const all: Record<string, unknown> = { ...claims, ...info };
  return {
    subject: claims.sub,
    email: text(all.email)?.toLowerCase() ?? null,
    emailVerified: verified(all.email_verified),
    username: text(all.preferred_username) ?? text(all.nickname) ?? text(all.name),
    avatar: null,
  };
}

async function discordProfile(configuration: client.Configuration, tokens: Tokens): Promise<ProviderIdentity> {
  const user = (await getJson(configuration, tokens.access_token, 'https://discord.com/api/users/@me')) as Record<string, unknown>;
  const id = text(user.id);
  if (!id) throw new Error('Discord sent no user id');
  return { subject: id, email: text(user.email)?.toLowerCase() ?? null, emailVerified: verified(user.verified), username: text(user.username), avatar: text(user.avatar) };
}

/** GitHub: the user, and the primary verified address from /user/emails (the profile's may be hidden or unverified). */
async function githubProfile(configuration: client.Configuration, tokens: Tokens): Promise<ProviderIdentity> {
  const user = (await getJson(configuration, tokens.access_token, 'https://api.github.com/user')) as Record<string, unknown>;
  if (typeof user.id !== 'number' && typeof user.id !== 'string') throw new Error('GitHub sent no user id');
  const emails = (await getJson(configuration, tokens.access_token, 'https://api.github.com/user/emails')) as { email?: unknown; primary?: unknown; verified?: unknown }[];
  const primary = Array.isArray(emails) ? emails.find((entry) => entry.primary === true && entry.verified === true) : undefined;
  return { subject: String(user.id), email: text(primary?.email)?.toLowerCase() ?? null, emailVerified: primary !== undefined, username: text(user.login), avatar: null };
}

/** Reads the person's identity with the tokens of a finished code exchange. */
export function fetchProfile(provider: OAuthProviderConfig, configuration: client.Configuration, tokens: Tokens): Promise<ProviderIdentity> {
  if (provider.kind === 'discord') return discordProfile(configuration, tokens);
  if (provider.kind === 'github') return githubProfile(configuration, tokens);
  return openIdProfile(configuration, tokens);
}
