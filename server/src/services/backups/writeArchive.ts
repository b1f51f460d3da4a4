import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Pack, create } from 'tar';
import type { ArchiveSink } from './BackupStorage';
import { BackupCompressor, compressedAlreadyLast } from './compressionSwitch';
import type { BackupPlan } from './walkForBackup';

/** What the archive came to. */
export interface ArchiveResult {
  checksum: string;
  bytes: number;
}

/** Progress: uncompressed bytes packed so far and in all. */
export type ProgressListener = (done: number, total: number) => void;

/**
 * Streams a tar.gz of `plan.paths` (relative to `root`) into `sink`: tar → gzip → SHA-256 and
 * size → storage. gzip runs at level 1, and the files that are compressed already (region files,
 * jars, archives) come last in the archive, stored in a second gzip member: deflate's search
 * finds nothing in them and took most of a backup's time. Nothing is held whole in memory: files
 * are read in 1 MiB pieces. Resolves once the sink is durable.
 */
export async function writeArchive(root: string, plan: BackupPlan, sink: ArchiveSink, onProgress: ProgressListener, signal?: AbortSignal): Promise<ArchiveResult> {
  const options = { cwd: root, portable: true, follow: false, noDirRecurse: true, maxReadSize: 256 * 1024, jobs: 2, filter: (_path: string, stats: unknown) => !(stats as { isSymbolicLink?: () => boolean }).isSymbolicLink?.() };
  // tar refuses an empty list: an empty server gives an archive with no entries.
  const pack = plan.paths.length > 0 ? create(options, compressedAlreadyLast(plan.paths)) : new Pack(options).end();
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
    await pipeline(pack as unknown as NodeJS.ReadableStream, counter, new BackupCompressor({ memLevel: 9, chunkSize: 256 * 1024 }), hasher, sink.stream, { signal });
    await sink.finish();
  } catch (error) {
    await sink.abort().catch(() => undefined);
    throw error;
  }
  onProgress(plan.tarBytes, plan.tarBytes);
  return { checksum: hash.digest('hex'), bytes };
}
