import { Type, type Static } from 'typebox';
import { UserRef } from './user';

const NullableName = Type.Union([Type.String({ maxLength: 191 }), Type.Null()]);

export const UpdateAccountBodySchema = Type.Object(
  {
    name_first: Type.Optional(NullableName),
    name_last: Type.Optional(NullableName),
    language: Type.Optional(Type.String({ minLength: 2, maxLength: 8, pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,4})?$' })),
    time_format: Type.Optional(Type.Union([Type.Literal(12), Type.Literal(24)])),
    restart_confirmation: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UpdateAccountBody = Static<typeof UpdateAccountBodySchema>;

export const UpdateEmailBodySchema = Type.Object({
  email: Type.String({ format: 'email', maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 128, description: 'The current password' }),
});
export type UpdateEmailBody = Static<typeof UpdateEmailBodySchema>;

export const UpdatePasswordBodySchema = Type.Object({
  current_password: Type.String({ minLength: 1, maxLength: 128 }),
  password: Type.String({ minLength: 8, maxLength: 128 }),
  password_confirmation: Type.String({ minLength: 1 }),
});
export type UpdatePasswordBody = Static<typeof UpdatePasswordBodySchema>;

export const EnableTwoFactorBodySchema = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 16, description: 'A code from the authenticator app' }),
  password: Type.String({ minLength: 1, maxLength: 128 }),
});
export type EnableTwoFactorBody = Static<typeof EnableTwoFactorBodySchema>;

export const DisableTwoFactorBodySchema = Type.Object({
  password: Type.String({ minLength: 1, maxLength: 128 }),
});
export type DisableTwoFactorBody = Static<typeof DisableTwoFactorBodySchema>;

export const AccountUserResponseSchema = Type.Object({ data: Type.Object({ user: UserRef }) });

export const TwoFactorEnrolmentResponseSchema = Type.Object({
  data: Type.Object({
    secret: Type.String({ description: 'Base32 secret, for typing into an authenticator app' }),
    otpauth_uri: Type.String(),
    qr_svg: Type.String({ description: 'The otpauth URI as an SVG QR code' }),
  }),
});

export const RecoveryCodesResponseSchema = Type.Object({
  data: Type.Object({
    recovery_codes: Type.Array(Type.String(), { minItems: 10, maxItems: 10, description: 'Shown once; each works once' }),
  }),
});

export const AccountSessionSchema = Type.Object(
  {
    id: Type.Integer(),
    ip: Type.Union([Type.String(), Type.Null()]),
    user_agent: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
    last_used_at: Type.String({ format: 'date-time' }),
    expires_at: Type.String({ format: 'date-time' }),
    current: Type.Boolean({ description: 'The session making this request' }),
  },
  { $id: 'AccountSession' },
);
export type AccountSession = Static<typeof AccountSessionSchema>;

export const SessionsResponseSchema = Type.Object({ data: Type.Array(Type.Unsafe<AccountSession>(Type.Ref('AccountSession'))) });

export const SessionParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });
