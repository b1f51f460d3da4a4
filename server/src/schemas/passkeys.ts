import { Type, type Static } from 'typebox';

const Base64Url = (maxLength: number, description?: string) => Type.String({ pattern: '^[A-Za-z0-9_-]*={0,2}$', minLength: 1, maxLength, description });

/** A passkey of the account, as the account page lists it. */
export const PasskeySchema = Type.Object(
  {
    uuid: Type.String({ format: 'uuid' }),
    name: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
    last_used_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    synced: Type.Boolean({ description: 'A passkey synced between the owner’s devices rather than bound to one' }),
  },
  { $id: 'Passkey' },
);
export type Passkey = Static<typeof PasskeySchema>;
const PasskeyRef = Type.Unsafe<Passkey>(Type.Ref('Passkey'));

export const PasskeysResponseSchema = Type.Object({ data: Type.Array(PasskeyRef) });
export const PasskeyResponseSchema = Type.Object({ data: PasskeyRef });
export const PasskeyParamsSchema = Type.Object({ passkey: Type.String({ format: 'uuid' }) });

export const PasskeyNameSchema = Type.String({ minLength: 1, maxLength: 64, description: 'A name the owner recognises the passkey by, e.g. “Laptop”' });

const CeremonyIdSchema = Type.String({ minLength: 1, maxLength: 128, description: 'The ceremony id from the options answer; single-use, valid for 2 minutes' });

/** Options for `navigator.credentials.create()` / `get()` as WebAuthn's JSON forms, with the ceremony to answer. */
const ceremonyOptions = (description: string) =>
  Type.Object({
    data: Type.Object({
      ceremony_id: CeremonyIdSchema,
      options: Type.Object({}, { additionalProperties: true, description }),
    }),
  });
export const RegistrationOptionsResponseSchema = ceremonyOptions('PublicKeyCredentialCreationOptionsJSON');
export const AssertionOptionsResponseSchema = ceremonyOptions('PublicKeyCredentialRequestOptionsJSON');

const ExtensionResults = Type.Object({}, { additionalProperties: true });
const Attachment = Type.Optional(Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')]));

/** What `navigator.credentials.create()` answered (RegistrationResponseJSON). */
export const RegistrationCredentialSchema = Type.Object({
  id: Base64Url(1400),
  rawId: Base64Url(1400),
  type: Type.Literal('public-key'),
  response: Type.Object({
    clientDataJSON: Base64Url(8192),
    attestationObject: Base64Url(65536),
    authenticatorData: Type.Optional(Base64Url(65536)),
    transports: Type.Optional(Type.Array(Type.String({ maxLength: 32 }), { maxItems: 10 })),
    publicKeyAlgorithm: Type.Optional(Type.Integer()),
    publicKey: Type.Optional(Base64Url(8192)),
  }),
  authenticatorAttachment: Attachment,
  clientExtensionResults: ExtensionResults,
});

/** What `navigator.credentials.get()` answered (AuthenticationResponseJSON). */
export const AssertionCredentialSchema = Type.Object({
  id: Base64Url(1400),
  rawId: Base64Url(1400),
  type: Type.Literal('public-key'),
  response: Type.Object({
    clientDataJSON: Base64Url(8192),
    authenticatorData: Base64Url(65536),
    signature: Base64Url(1024),
    userHandle: Type.Optional(Base64Url(128)),
  }),
  authenticatorAttachment: Attachment,
  clientExtensionResults: ExtensionResults,
});

export const RegisterPasskeyBodySchema = Type.Object({ ceremony_id: CeremonyIdSchema, name: PasskeyNameSchema, credential: RegistrationCredentialSchema });
export type RegisterPasskeyBody = Static<typeof RegisterPasskeyBodySchema>;

export const RenamePasskeyBodySchema = Type.Object({ name: PasskeyNameSchema });
export type RenamePasskeyBody = Static<typeof RenamePasskeyBodySchema>;

export const RemovePasskeyBodySchema = Type.Object({ password: Type.String({ minLength: 1, maxLength: 128, description: 'The account’s current password' }) });
export type RemovePasskeyBody = Static<typeof RemovePasskeyBodySchema>;

export const PasskeyLoginBodySchema = Type.Object({
  ceremony_id: CeremonyIdSchema,
  credential: AssertionCredentialSchema,
  remember: Type.Optional(Type.Boolean({ description: 'Keep the session for 30 days instead of 24 hours' })),
});
export type PasskeyLoginBody = Static<typeof PasskeyLoginBodySchema>;

export const PasskeyCheckpointOptionsBodySchema = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 128, description: 'The confirmation token from the password step' }),
});
export type PasskeyCheckpointOptionsBody = Static<typeof PasskeyCheckpointOptionsBodySchema>;

export const PasskeyCheckpointBodySchema = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 128, description: 'The confirmation token from the password step' }),
  ceremony_id: CeremonyIdSchema,
  credential: AssertionCredentialSchema,
});
export type PasskeyCheckpointBody = Static<typeof PasskeyCheckpointBodySchema>;
