import { Type, type Static, type TSchema } from 'typebox';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A backup as the API shows it. */
export const BackupSchema = Type.Object(
  {
    uuid: Type.String({ format: 'uuid' }),
    name: Type.String(),
    ignored: Type.String({ description: 'Gitignore-style patterns of files left out, one a line' }),
    locked: Type.Boolean({ description: 'A locked backup can be neither deleted nor rotated away' }),
    state: Type.Union([Type.Literal('running'), Type.Literal('completed'), Type.Literal('failed')]),
    storage: Type.Union([Type.Literal('local'), Type.Literal('s3')]),
    checksum: Nullable(Type.String({ description: 'SHA-256 of the archive (hex), once completed' })),
    bytes: Type.Integer({ description: 'Size of the archive' }),
    content_bytes: Type.Integer({ description: 'Sum of the archived files’ sizes' }),
    files: Type.Integer({ description: 'Number of files archived' }),
    error: Nullable(Type.String({ description: 'Why it failed' })),
    started_at: Type.String({ format: 'date-time' }),
    completed_at: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'Backup', additionalProperties: false },
);
export type BackupJson = Static<typeof BackupSchema>;
export const BackupRef = Type.Unsafe<BackupJson>(Type.Ref('Backup'));

/** The list with the plan's limit and the rotation setting. */
export const BackupListSchema = Type.Object({
  data: Type.Array(BackupRef),
  meta: Type.Object({
    limit: Type.Integer({ description: 'The plan’s number of backups (failed ones do not count)' }),
    rotate: Type.Boolean({ description: 'Whether a new backup over the limit replaces the oldest unlocked one' }),
  }),
});

export const BackupParamsSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 36, description: 'Short id or uuid of the server' }),
  backup: Type.String({ minLength: 1, maxLength: 64, description: 'Uuid of the backup' }),
});

/** Ignore patterns: at most 4 KB. */
export const IGNORED_MAX_BYTES = 4096;

export const CreateBackupBodySchema = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 191, description: 'Defaults to "Backup <date>"' })),
    ignored: Type.Optional(Type.String({ maxLength: IGNORED_MAX_BYTES, description: 'Gitignore-style patterns, one a line (at most 4 KB)' })),
    locked: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CreateBackupBody = Static<typeof CreateBackupBodySchema>;

export const LockBackupBodySchema = Type.Object({ locked: Type.Boolean() }, { additionalProperties: false });

export const RestoreBackupBodySchema = Type.Object(
  { truncate: Type.Optional(Type.Boolean({ description: 'Delete every current file first (default false: restored files replace their namesakes, others stay)' })) },
  { additionalProperties: false },
);

export const RestoreResultSchema = Type.Object({ data: Type.Object({ files: Type.Integer(), bytes: Type.Integer() }) });

export const BackupSettingsSchema = Type.Object({ rotate: Type.Boolean() }, { additionalProperties: false });

export const BackupDownloadSchema = Type.Object({
  download_url: Type.String({ description: 'Works once, without a bearer token, for 5 minutes (a secret: redacted from recorded action logs)' }),
  expires_at: Type.String({ format: 'date-time' }),
});

export const BackupDownloadParamsSchema = Type.Object({ token: Type.String({ minLength: 1, maxLength: 128 }) });
