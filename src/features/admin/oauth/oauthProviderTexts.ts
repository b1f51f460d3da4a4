import type { TFunction } from 'i18next';
import type { ListAdminOAuthProvidersApiResponse } from '../../../api/generated/admin.gen';

/** A social-login provider as the admin page lists it. */
export type AdminOAuthProvider = ListAdminOAuthProvidersApiResponse['data'][number];
export type OAuthProviderKind = AdminOAuthProvider['kind'];

export const oauthProviderKinds: readonly OAuthProviderKind[] = ['discord', 'google', 'github', 'oidc'];

/** The label of a provider kind. */
export function oauthKindLabel(t: TFunction, kind: string): string {
  const labels: Record<string, string> = {
    discord: 'Discord',
    google: 'Google',
    github: 'GitHub',
    oidc: t('admin.oauth.kindOidc', 'OpenID Connect (any provider)'),
  };
  return labels[kind] ?? kind;
}
