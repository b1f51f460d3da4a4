import type { Multipart, MultipartFile, MultipartValue } from '@fastify/multipart';
import { HttpError, ValidationError } from '../../lib/errors';
import type { ServerFiles } from '../../runtime/files/ServerFiles';
import { stagingName } from '../../runtime/files/stagingNames';
import { countedChunks } from './byteCounter';
import { checkUserPath, joinUserPath } from './checkUserPath';
import type { DiskBudget } from './DiskQuota';
import { allowAll, type FileGuard } from './fileGuard';
import type { FileLimits } from './fileLimits';
import { placeUploads } from './placeUploads';
import { invalidUploadPath, uploadPath } from './uploadPath';

const MiB = 1024 * 1024;

/** The name an uploaded file is saved as: a plain file name (no folders, no `..`, no NUL). */
export function uploadName(filename: string | undefined): string {
  const name = (filename ?? '').trim();
  if (!name || name === '.' || name === '..' || /[/\\\0]/.test(name) || Buffer.byteLength(name) > 255) {
    throw new ValidationError({ files: [`"${name.replace(/\0/g, '\\0')}" is not a valid file name.`] });
  }
  return name;
}

/** Streams one part into the staging folder as `stagedName`, counting its bytes against both limits. */
async function stagePart(files: ServerFiles, staged: string, part: MultipartFile, name: string, limits: FileLimits, budget: DiskBudget): Promise<number> {
  let size = 0;
  const chunks = countedChunks(part.file, (bytes) => {
    size += bytes;
    if (size > limits.uploadFileBytes) throw new HttpError(413, `"${name}" is larger than the upload limit of ${Math.floor(limits.uploadFileBytes / MiB)} MiB.`);
    budget.take(bytes);
  });
  await files.writeStream(staged, chunks, { createFolders: false });
  if (part.file.truncated) throw new HttpError(413, `"${name}" is larger than the upload limit of ${Math.floor(limits.uploadFileBytes / MiB)} MiB.`);
  return size;
}

/** What an upload stored: each file with its size, and the folders it asked for. */
export interface ReceivedUpload {
  files: Array<{ name: string; size: number }>;
  folders: string[];
}

/** A `folders` field (the `count`-th field of the upload): one relative folder path to create. */
function folderOfField(part: MultipartValue, count: number, limits: FileLimits): string {
  if (part.fieldname !== 'folders') {
    const message = `Unknown field "${part.fieldname}": send files as file parts and folders to create as "folders" fields.`;
    throw new ValidationError({ files: [message] }, message);
  }
  // Every field counts (repeated ones too), as the multipart parser counts them.
  if (count > limits.uploadFolders) {
    const message = `One upload may create at most ${limits.uploadFolders} folders; upload the folder in parts.`;
    throw new ValidationError({ folders: [message] }, message);
  }
  const value = typeof part.value === 'string' ? part.value : '';
  if (part.valueTruncated) throw invalidUploadPath(value.slice(0, 64), 'the path is too deep or too long.', 'folders');
  return uploadPath(value, 'folders');
}

/**
 * Receives the files of a multipart upload into `directory`. Each file is streamed (never held in
 * memory) into a hidden staging folder beside its destination; only when every file has arrived
 * within the size limit and the disk space are they moved in, replacing files of the same name.
 * A part's file name may be a relative path (a folder uploaded whole): its folders are created.
 * `folders` fields name folders to create too (the empty ones of a folder uploaded whole, which no
 * file path carries), at most `uploadFolders` of them; they cost no counted bytes. Any failure
 * removes the staging folder and what was created, so a failed upload leaves nothing behind.
 */
export async function receiveUpload(
  files: ServerFiles,
  directory: string,
  parts: AsyncIterable<Multipart>,
  limits: FileLimits,
  budget: DiskBudget,
  guard: FileGuard = allowAll,
): Promise<ReceivedUpload> {
  const folder = await files.stat(checkUserPath(directory));
  if (!folder) throw Object.assign(new Error('The upload folder does not exist.'), { code: 'ENOENT' });
  if (folder.kind !== 'directory') throw new HttpError(400, 'The upload folder is not a folder.');
  const staging = joinUserPath(directory, stagingName('.upload-'));
  try {
    await files.mkdir(staging, { exclusive: true, mode: 0o700 });
    // Staged flat under numbers: the staging folder holds no folders a swap could redirect.
    const received = new Map<string, { size: number; staged: string }>();
    const folders = new Set<string>();
    let fields = 0;
    for await (const part of parts) {
      if (part.type === 'field') {
        folders.add(folderOfField(part, (fields += 1), limits));
        continue;
      }
      // A relative path when a folder is uploaded whole: its subfolders are created in `directory`.
      const name = uploadPath(part.filename);
      // The same name twice: the later part replaces the earlier one.
      const staged = received.get(name)?.staged ?? `${staging}/${received.size}`;
      received.set(name, { size: await stagePart(files, staged, part, name, limits, budget), staged });
    }
    if (received.size === 0 && folders.size === 0) throw new ValidationError({ files: ['Choose at least one file to upload.'] });
    // Every destination is checked before the first file moves in: all land or none does.
    await placeUploads(files, directory, new Map([...received].map(([name, { staged }]) => [name, staged])), folders, guard);
    return { files: [...received].map(([name, { size }]) => ({ name, size })), folders: [...folders] };
  } finally {
    await files.remove(staging).catch(() => undefined);
  }
}
