import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, constants as zlib } from 'node:zlib';
import { Pack, create } from 'tar';
import type { ArchiveSink } from './BackupStorage';
import type { BackupPlan } from './walkForBackup';

/** What the archive came to. */
export interface ArchiveResult {
  checksum: string;
  bytes: number;
}

/** Progress: uncompressed bytes packed so far and in all. */
export type ProgressListener = (done: number, total: number) => void;

/**
 * Streams a tar.gz of `plan.paths` (relative to `root`) into `sink`: tar → gzip level 1 (fast;
 * region files are compressed already) → SHA-256 and size → storage. Nothing is held whole in
 * memory: files are read in 1 MiB pieces. Resolves once the sink is durable.
 */
export async function writeArchive(root: string, plan: BackupPlan, sink: ArchiveSink, onProgress: ProgressListener, signal?: AbortSignal): Promise<ArchiveResult> {
  const options = { cwd: root, portable: true, follow: false, noDirRecurse: true, maxReadSize: 1024 * 1024, filter: (_path: string, stats: unknown) => !(stats as { isSymbolicLink?: () => boolean }).isSymbolicLink?.() };
  // tar refuses an empty list: an empty server gives an archive with no entries.
  const pack = plan.paths.length > 0 ? create(options, plan.paths) : new Pack(options).end();
  let packed = 0;
  let lastReport = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      packed += chunk.length;
      const now = Date.now();
      if (now - lastReport >= 250) {
        lastReport = now;
        onProgress(Math.min(packed, plan.tarBytes), plan.tarBytes);
      }
      callback(null, chunk);
    },
  });
  const hash = createHash('sha256');
  let bytes = 0;
  const hasher = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  try {
    await pipeline(pack as unknown as NodeJS.ReadableStream, counter, createGzip({ level: 1, memLevel: 9, chunkSize: 256 * 1024, strategy: zlib.Z_DEFAULT_STRATEGY }), hasher, sink.stream, { signal });
    await sink.finish();
  } catch (error) {
    await sink.abort().catch(() => undefined);
    throw error;
  }
  onProgress(plan.tarBytes, plan.tarBytes);
  return { checksum: hash.digest('hex'), bytes };
}
