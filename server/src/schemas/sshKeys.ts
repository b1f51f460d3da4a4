import { Type, type Static } from 'typebox';

/** One SSH public key of the account, as the account page lists it. */
export const SshKeySchema = Type.Object(
  {
    uuid: Type.String({ format: 'uuid' }),
    name: Type.String(),
    algorithm: Type.String({ description: 'ssh-ed25519, ecdsa-sha2-nistp256/384/521 or ssh-rsa' }),
    fingerprint: Type.String({ description: 'SHA256 fingerprint, as ssh-keygen -l prints it' }),
    public_key: Type.String({ description: 'The key in OpenSSH one-line form (without its comment)' }),
    created_at: Type.String({ format: 'date-time' }),
    last_used_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { $id: 'SshKey' },
);
export type SshKeyJson = Static<typeof SshKeySchema>;

const SshKeyRef = Type.Unsafe<SshKeyJson>(Type.Ref('SshKey'));

export const SshKeysResponseSchema = Type.Object({
  data: Type.Array(SshKeyRef),
  meta: Type.Object({ key_only: Type.Boolean({ description: 'SFTP refuses the password: only these keys sign in' }) }),
});

export const SshKeyResponseSchema = Type.Object({ data: SshKeyRef });

export const CreateSshKeyBodySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 191 }),
  public_key: Type.String({ minLength: 1, maxLength: 8192, description: 'An OpenSSH public key line: ssh-ed25519, ecdsa-sha2-… or ssh-rsa (2048 bits or more)' }),
});
export type CreateSshKeyBody = Static<typeof CreateSshKeyBodySchema>;

export const SshKeyParamsSchema = Type.Object({ key: Type.String({ format: 'uuid' }) });

export const SftpSettingsBodySchema = Type.Object({ key_only: Type.Boolean() }, { additionalProperties: false });
export const SftpSettingsResponseSchema = Type.Object({ data: Type.Object({ key_only: Type.Boolean() }) });
