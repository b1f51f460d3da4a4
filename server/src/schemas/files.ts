import { Type, type Static } from 'typebox';
import { MessageSchema } from '../lib/responseSchemas';

const PathString = (description: string) => Type.String({ minLength: 1, maxLength: 4096, description });

/** One entry of a folder as the file manager shows it. */
export const FileEntrySchema = Type.Object(
  {
    name: Type.String(),
    size: Type.Integer({ description: 'Bytes (of the link itself for a symlink)' }),
    mode: Type.String({ description: 'As ls shows it, e.g. -rw-r--r--' }),
    mode_bits: Type.String({ description: 'Octal permission bits, e.g. 644' }),
    modified_at: Type.String({ format: 'date-time' }),
    created_at: Type.String({ format: 'date-time' }),
    is_file: Type.Boolean(),
    is_directory: Type.Boolean(),
    is_symlink: Type.Boolean(),
    mime: Type.String({ description: 'inode/directory for folders; application/octet-stream when unknown' }),
  },
  { $id: 'FileEntry', additionalProperties: false },
);
export type FileEntryJson = Static<typeof FileEntrySchema>;
export const FileEntryRef = Type.Unsafe<FileEntryJson>(Type.Ref('FileEntry'));

/** A search hit: the entry with its path from the server's root. */
export const FoundFileSchema = Type.Intersect([FileEntryRef, Type.Object({ path: Type.String({ description: 'From the root, e.g. /plugins/config.yml' }) })]);

export const DirectoryQuerySchema = Type.Object({ directory: Type.String({ default: '/', maxLength: 4096, description: "Folder from the server's root ('/' = root)" }) });
export const FileQuerySchema = Type.Object({ file: PathString("File from the server's root") });
export const SearchQuerySchema = Type.Object({
  directory: Type.String({ default: '/', maxLength: 4096, description: 'Folder searched, with its subfolders' }),
  pattern: Type.String({ minLength: 1, maxLength: 255, description: 'Part of the name (case-insensitive); * and ? as wildcards' }),
});

export const CreateFolderBodySchema = Type.Object({ root: PathString('Folder to create it in'), name: Type.String({ minLength: 1, maxLength: 1024 }) }, { additionalProperties: false });
export const RenameBodySchema = Type.Object(
  {
    root: PathString('Folder the names are relative to'),
    files: Type.Array(Type.Object({ from: PathString('Current name'), to: PathString('New name (may move into another folder)') }, { additionalProperties: false }), { minItems: 1, maxItems: 1000 }),
  },
  { additionalProperties: false },
);
export const CopyBodySchema = Type.Object({ location: PathString('File or folder to copy; the copy is placed beside it') }, { additionalProperties: false });
export const FilesBodySchema = Type.Object(
  { root: PathString('Folder the names are relative to'), files: Type.Array(PathString('Name'), { minItems: 1, maxItems: 1000 }) },
  { additionalProperties: false },
);
export const ChmodBodySchema = Type.Object(
  {
    root: PathString('Folder the names are relative to'),
    files: Type.Array(Type.Object({ file: PathString('Name'), mode: Type.String({ pattern: '^[0-7]{3}$', description: 'Octal, e.g. 755' }) }, { additionalProperties: false }), {
      minItems: 1,
      maxItems: 1000,
    }),
  },
  { additionalProperties: false },
);
export const CompressBodySchema = Type.Object(
  {
    root: PathString('Folder the names are relative to; the archive is created there'),
    files: Type.Array(PathString('Name'), { minItems: 1, maxItems: 1000 }),
    format: Type.Union([Type.Literal('zip'), Type.Literal('tar.gz')], { default: 'tar.gz' }),
  },
  { additionalProperties: false },
);
export const DecompressBodySchema = Type.Object({ root: PathString('Folder to extract into'), file: PathString('Archive (zip, tar or tar.gz), relative to root') }, { additionalProperties: false });
export const PullBodySchema = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2048, description: 'http or https URL' }),
    directory: Type.String({ default: '/', maxLength: 4096, description: 'Folder to save into' }),
    filename: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'Name to save as; default: from the URL or Content-Disposition' })),
  },
  { additionalProperties: false },
);
export const DownloadUrlSchema = Type.Object(
  {
    url: Type.String({ description: 'Signed URL under /api/v2/files/download/ (no bearer token needed)' }),
    expires_at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export const DownloadTokenParamsSchema = Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) });

/** 413 and 507 answers of the file routes (`{ message }`). */
export const tooLargeResponse = { 413: Type.Object(MessageSchema.properties, { description: 'The file is larger than the limit' }) };
export const diskFullResponse = { 507: Type.Object(MessageSchema.properties, { description: "The change would exceed the plan's disk space" }) };
