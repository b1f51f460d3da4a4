import { Type, type Static } from 'typebox';

/** The kinds of provider: the three with published endpoints, or an OpenID Connect issuer. */
export const oauthProviderKinds = ['discord', 'google', 'github', 'oidc'] as const;
export type OAuthProviderKind = (typeof oauthProviderKinds)[number];

const Kind = Type.Union([Type.Literal('discord'), Type.Literal('google'), Type.Literal('github'), Type.Literal('oidc')], {
  description: 'discord, google or github (their published endpoints), or oidc (any OpenID Connect issuer)',
});

/** A social-login provider as the admin API shows it: never its client secret, only whether it has one. */
export const AdminOAuthProviderSchema = Type.Object(
  {
    id: Type.String({ description: 'The id in addresses and linked identities' }),
    kind: Kind,
    name: Type.String({ description: 'The name on the login page’s button' }),
    client_id: Type.String(),
    has_client_secret: Type.Boolean({ description: 'The secret itself is stored encrypted and never answered' }),
    issuer: Type.Union([Type.String(), Type.Null()], { description: 'The OpenID Connect discovery base (kind oidc)' }),
    enabled: Type.Boolean({ description: 'Whether people are offered it (login page, linking)' }),
    source: Type.Union([Type.Literal('settings'), Type.Literal('admin')], {
      description: '`settings`: from PANEL_OAUTH_* (read-only here); `admin`: added through the admin API',
    }),
    linked_accounts: Type.Integer({ description: 'Accounts that have an identity of this provider linked' }),
    created_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'null for providers of the settings' }),
    updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { additionalProperties: false },
);
export type AdminOAuthProvider = Static<typeof AdminOAuthProviderSchema>;

export const AdminOAuthProvidersResponseSchema = Type.Object({
  data: Type.Array(AdminOAuthProviderSchema),
  meta: Type.Object({ callback_url: Type.String({ description: 'The redirect URI to register at every provider (the web app’s /socialite page)' }) }),
});

export const AdminOAuthProviderResponseSchema = Type.Object({ data: Type.Object({ oauth_provider: AdminOAuthProviderSchema }) });

export const AdminOAuthProviderParamsSchema = Type.Object({ provider: Type.String({ minLength: 1, maxLength: 32 }) });

const fields = {
  name: Type.String({ maxLength: 64, description: 'Empty: the provider’s own name (Discord, Google, GitHub) or the id' }),
  client_id: Type.String({ minLength: 1, maxLength: 255 }),
  client_secret: Type.String({ minLength: 1, maxLength: 512, description: 'Write-only: stored encrypted with the panel secret' }),
  issuer: Type.Union([Type.String({ maxLength: 2048 }), Type.Null()], { description: 'kind oidc: https URL (http only on loopback)' }),
  enabled: Type.Boolean(),
};

export const CreateOAuthProviderBodySchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 32, description: 'a-z, 0-9 and -, starting with a letter; not one of the settings’ ids' }),
    kind: Kind,
    name: Type.Optional(fields.name),
    client_id: fields.client_id,
    client_secret: fields.client_secret,
    issuer: Type.Optional(fields.issuer),
    enabled: Type.Optional(fields.enabled),
  },
  { additionalProperties: false },
);
export type CreateOAuthProviderBody = Static<typeof CreateOAuthProviderBodySchema>;

export const UpdateOAuthProviderBodySchema = Type.Object(
  {
    kind: Type.Optional(Kind),
    name: Type.Optional(fields.name),
    client_id: Type.Optional(fields.client_id),
    client_secret: Type.Optional(Type.String({ minLength: 1, maxLength: 512, description: 'Absent: the stored secret stays' })),
    issuer: Type.Optional(fields.issuer),
    enabled: Type.Optional(fields.enabled),
  },
  { additionalProperties: false },
);
export type UpdateOAuthProviderBody = Static<typeof UpdateOAuthProviderBodySchema>;
