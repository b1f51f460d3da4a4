import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { HttpError, ValidationError } from '../lib/errors';
import { RootedFileSystem } from '../runtime/RootedFileSystem';
import { countedChunks } from './byteCounter';
import { checkUserPath } from './checkUserPath';
import type { DiskBudget } from './DiskQuota';
import type { FileLimits } from './fileLimits';
import { placeUploads } from './placeUploads';
import { uploadPath } from './uploadPath';

const MiB = 1024 * 1024;

/** The name an uploaded file is saved as: a plain file name (no folders, no `..`, no NUL). */
export function uploadName(filename: string | undefined): string {
  const name = (filename ?? '').trim();
  if (!name || name === '.' || name === '..' || /[/\\\0]/.test(name) || Buffer.byteLength(name) > 255) {
    throw new ValidationError({ files: [`"${name.replace(/\0/g, '\\0')}" is not a valid file name.`] });
  }
  return name;
}

/** Streams one part into the staging folder, counting its bytes against both limits. */
async function stagePart(staging: RootedFileSystem, part: MultipartFile, name: string, limits: FileLimits, budget: DiskBudget): Promise<number> {
  let size = 0;
  const chunks = countedChunks(part.file, (bytes) => {
    size += bytes;
    if (size > limits.uploadFileBytes) throw new HttpError(413, `"${name}" is larger than the upload limit of ${Math.floor(limits.uploadFileBytes / MiB)} MiB.`);
    budget.take(bytes);
  });
  await staging.writeStream(name, chunks);
  if (part.file.truncated) throw new HttpError(413, `"${name}" is larger than the upload limit of ${Math.floor(limits.uploadFileBytes / MiB)} MiB.`);
  return size;
}

/**
 * Receives the files of a multipart upload into `directory`. Each file is streamed (never held in
 * memory) into a hidden staging folder beside its destination; only when every file has arrived
 * within the size limit and the disk space are they moved in, replacing files of the same name.
 * A part's file name may be a relative path (a folder uploaded whole): its folders are created.
 * Any failure removes the staging folder, so a failed upload leaves nothing behind.
 */
export async function receiveUpload(files: RootedFileSystem, directory: string, parts: AsyncIterable<MultipartFile>, limits: FileLimits, budget: DiskBudget): Promise<Array<{ name: string; size: number }>> {
  const folder = await files.resolve(checkUserPath(directory));
  if (!(await fs.stat(folder)).isDirectory()) throw new HttpError(400, 'The upload folder is not a folder.');
  const stagingPath = join(folder, `.upload-${randomBytes(6).toString('hex')}`);
  await fs.mkdir(stagingPath, { mode: 0o700 });
  const staging = new RootedFileSystem(stagingPath);
  const received = new Map<string, number>();
  try {
    for await (const part of parts) {
      // A relative path when a folder is uploaded whole: its subfolders are created in `directory`.
      const name = uploadPath(part.filename);
      received.set(name, await stagePart(staging, part, name, limits, budget));
    }
    if (received.size === 0) throw new ValidationError({ files: ['Choose at least one file to upload.'] });
    // Every destination is checked before the first file moves in: all land or none does.
    await placeUploads(files, directory, stagingPath, received.keys());
    return [...received].map(([name, size]) => ({ name, size }));
  } finally {
    await fs.rm(stagingPath, { recursive: true, force: true });
  }
}
