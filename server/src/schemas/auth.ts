import { Type, type Static } from 'typebox';
import { UserRef } from './user';

/** Username rule: 3–32 of a-z 0-9 _ . - (input is lower-cased first). */
export const USERNAME_PATTERN = '^[a-z0-9_.-]+$';

export const RegisterBodySchema = Type.Object({
  username: Type.String({ minLength: 3, maxLength: 32, pattern: USERNAME_PATTERN }),
  email: Type.String({ format: 'email', maxLength: 254 }),
  password: Type.String({ minLength: 8, maxLength: 128 }),
  password_confirmation: Type.String({ minLength: 1 }),
  remember: Type.Optional(Type.Boolean({ description: 'Keep the session for 30 days instead of 24 hours' })),
});
export type RegisterBody = Static<typeof RegisterBodySchema>;

export const LoginBodySchema = Type.Object({
  login: Type.String({ minLength: 1, maxLength: 254, description: 'Username or email address' }),
  password: Type.String({ minLength: 1, maxLength: 128 }),
  remember: Type.Optional(Type.Boolean()),
});
export type LoginBody = Static<typeof LoginBodySchema>;

export const LoginCheckpointBodySchema = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 128, description: 'The confirmation token from the login answer' }),
  authentication_code: Type.String({ minLength: 1, maxLength: 64, description: 'A TOTP code or one of the recovery codes' }),
});
export type LoginCheckpointBody = Static<typeof LoginCheckpointBodySchema>;

/** A finished login: the bearer token and the user. */
export const CompleteLoginSchema = Type.Object({
  complete: Type.Literal(true),
  token: Type.String({ description: 'Bearer access token; shown only once' }),
  expires_at: Type.String({ format: 'date-time' }),
  user: UserRef,
  failed_two_factor_attempts: Type.Optional(Type.Integer({ minimum: 0, description: 'Wrong two-factor codes entered for the account since its previous login (shown to the owner)' })),
});

/** The password step passed but two-factor is on: send the code to login-checkpoint. */
export const PendingLoginSchema = Type.Object({
  complete: Type.Literal(false),
  confirmation_token: Type.String({ description: 'Single-use, valid for 5 minutes' }),
  has_passkeys: Type.Optional(Type.Boolean({ description: 'The account has passkeys: one may be used instead of the code (/auth/passkey/checkpoint)' })),
});

export const CompleteLoginResponseSchema = Type.Object({ data: CompleteLoginSchema });
export const LoginResponseSchema = Type.Object({ data: Type.Union([CompleteLoginSchema, PendingLoginSchema]) });
export const CurrentUserResponseSchema = Type.Object({ data: Type.Object({ user: UserRef }) });

export const ForgotPasswordBodySchema = Type.Object({
  email: Type.String({ format: 'email', maxLength: 254, description: 'The email address of the account' }),
});
export type ForgotPasswordBody = Static<typeof ForgotPasswordBodySchema>;

export const ResetPasswordBodySchema = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 128, description: 'The token of the reset link from the mail' }),
  password: Type.String({ minLength: 8, maxLength: 128 }),
  password_confirmation: Type.String({ minLength: 1 }),
});
export type ResetPasswordBody = Static<typeof ResetPasswordBodySchema>;

/** An answer that only says what happens next. */
export const MessageAnswerSchema = Type.Object({ message: Type.String() });

export const ResetLinkCheckBodySchema = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 128, description: 'The token of the reset link from the mail' }),
});

/** Whether a reset link still works; checking spends nothing. */
export const ResetLinkCheckResponseSchema = Type.Object({
  data: Type.Object({ valid: Type.Boolean({ description: 'False for an unknown, spent or expired link' }) }),
});
