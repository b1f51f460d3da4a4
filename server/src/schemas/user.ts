import { Type, type Static } from 'typebox';

/**
 * The user entity as the client holds it (SPEC section 3), snake_case. Registered once as the
 * shared schema `User` so the OpenAPI document names it and the client's generated type is `User`.
 */
export const UserSchema = Type.Object(
  {
    uuid: Type.String({ format: 'uuid' }),
    username: Type.String(),
    email: Type.String(),
    name_first: Type.Union([Type.String(), Type.Null()]),
    name_last: Type.Union([Type.String(), Type.Null()]),
    language: Type.String(),
    root_admin: Type.Boolean(),
    use_totp: Type.Boolean(),
    gravatar: Type.String({ description: 'Gravatar image URL derived from the email address' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    whmcs_user_token: Type.Union([Type.String(), Type.Null()]),
    discord_id: Type.Union([Type.String(), Type.Null()]),
    discord_avatar: Type.Union([Type.String(), Type.Null()]),
    discord_username: Type.Union([Type.String(), Type.Null()]),
    restart_confirmation: Type.Boolean({ default: true }),
    time_format: Type.Integer({ default: 24, description: '12 or 24 hour clock' }),
    role: Type.Integer({ default: 4 }),
    paid: Type.Boolean({ default: true }),
    first_session: Type.Optional(
      Type.Boolean({ description: 'In answers about the session itself (logins, auth/current): true while it is the account’s first one (no login came before it), e.g. right after sign-up' }),
    ),
    has_passkeys: Type.Optional(Type.Boolean({ description: 'In answers about the session itself (logins, auth/current): whether the account has at least one passkey' })),
    passkey_session: Type.Optional(
      Type.Boolean({ description: 'In answers about the session itself (logins, auth/current): whether this session was opened with a passkey (alone or as the second factor)' }),
    ),
  },
  { $id: 'User', additionalProperties: false },
);

export type User = Static<typeof UserSchema>;

/** A reference to the shared `User` schema that still carries the static type for handlers. */
export const UserRef = Type.Unsafe<User>(Type.Ref('User'));
