import { Type, type Static } from 'typebox';
import { AssertionCredentialSchema } from './passkeys';

export const OAuthProviderParamsSchema = Type.Object({
  provider: Type.String({ minLength: 1, maxLength: 32, description: 'The provider id of the panel settings (discord, google, github or the host’s own)' }),
});

export const OAuthProvidersResponseSchema = Type.Object({
  data: Type.Array(Type.Object({ id: Type.String(), name: Type.String({ description: 'Name shown on the button' }) })),
});

export const OAuthRedirectQuerySchema = Type.Object({
  remember: Type.Optional(Type.Boolean({ description: 'Keep the session for 30 days instead of 24 hours' })),
});

/** What the provider sent to /socialite, passed on by the web app. */
export const OAuthCallbackBodySchema = Type.Object({
  state: Type.String({ minLength: 1, maxLength: 128 }),
  code: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
  iss: Type.Optional(Type.String({ maxLength: 2048, description: 'The issuer, when the provider names itself in the answer (RFC 9207)' })),
  error: Type.Optional(Type.String({ maxLength: 256, description: 'The provider’s error, e.g. access_denied' })),
});
export type OAuthCallbackBody = Static<typeof OAuthCallbackBodySchema>;

export const LinkedAccountSchema = Type.Object({
  provider: Type.String(),
  name: Type.String({ description: 'The provider’s name' }),
  linked: Type.Boolean(),
  email: Type.Union([Type.String(), Type.Null()], { description: 'The email the provider gave at linking' }),
  linked_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  last_used_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type LinkedAccount = Static<typeof LinkedAccountSchema>;

export const LinkedAccountsResponseSchema = Type.Object({
  data: Type.Object({
    providers: Type.Array(LinkedAccountSchema, { description: 'Every enabled provider, linked or not' }),
    has_password: Type.Boolean({ description: 'False for an account created through a provider that has set no password yet' }),
    has_passkeys: Type.Boolean({ description: 'Whether the account has a passkey (it can confirm linking with it, and it is a way in)' }),
  }),
});

export const LinkedAccountResponseSchema = Type.Object({ data: LinkedAccountSchema });

/** Linking is confirmed with the password, or with one of the account's passkeys (options from startLinkPasskeyConfirmation). */
export const StartLinkBodySchema = Type.Object({
  password: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: 'The account’s password, confirmed before linking' })),
  ceremony_id: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: 'Instead of the password: the ceremony of the passkey options' })),
  credential: Type.Optional(AssertionCredentialSchema),
});
export type StartLinkBody = Static<typeof StartLinkBodySchema>;

export const StartLinkResponseSchema = Type.Object({
  data: Type.Object({ url: Type.String({ description: 'The provider’s sign-in page to open' }) }),
});
