import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { packArchive, type ArchiveOutput } from '../../runtime/files/archive/packArchive';
import type { ServerFiles, TreeReader } from '../../runtime/files/ServerFiles';
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
 * Streams a tar.gz of the plan's entries into `sink`: packed where the files are (a node's file
 * helper packs its container's files and sends the archive; the panel packs local files itself,
 * with the same packer), then SHA-256 and size → storage. Resolves once the sink is durable; on
 * any failure the sink is aborted, so no partial archive is ever kept.
 */
export async function writeArchive(files: ServerFiles, plan: BackupPlan, sink: ArchiveSink, onProgress: ProgressListener, signal?: AbortSignal): Promise<ArchiveResult> {
  const hash = createHash('sha256');
  let bytes = 0;
  let failure: Error | null = null;
  const stream = sink.stream;
  const output: ArchiveOutput = {
    emit: (chunk, done) => {
      hash.update(chunk);
      bytes += chunk.length;
      // A sink that may hold on to a chunk after its callback gets a copy of reused memory.
      const data = done && sink.keepsChunks ? Buffer.from(chunk) : chunk;
      stream.write(data, (error) => {
        if (error) output.fail(error);
        done?.(error);
      });
    },
    // The deflated member pauses while the sink is full; a sink that failed (closed) lets it run out.
    waitForRoom: (resume) => {
      if (!stream.writableNeedDrain || stream.destroyed) return false;
      const go = () => {
        stream.off('drain', go);
        stream.off('close', go);
        resume();
      };
      stream.on('drain', go);
      stream.on('close', go);
      return true;
    },
    fail: (error) => void (failure ??= error),
    get failure() {
      return failure;
    },
  };
  const onStreamError = (error: Error) => output.fail(error);
  stream.on('error', onStreamError);
  let tree: TreeReader | null = null;
  try {
    tree = await files.openTreeReader('');
    const report = (done: number) => onProgress(done, plan.tarBytes);
    if (tree.packArchive) await storeArchive(await tree.packArchive(plan, report), output, signal);
    else await packArchive(tree, plan, output, report, signal);
    await new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
    if (failure) throw failure;
    await sink.finish();
  } catch (error) {
    await sink.abort().catch(() => undefined);
    throw error;
  } finally {
    stream.off('error', onStreamError);
    await tree?.close();
  }
  onProgress(plan.tarBytes, plan.tarBytes);
  return { checksum: hash.digest('hex'), bytes };
}

/**
 * The archive packed elsewhere, as it arrives, into the output: each chunk is fresh memory (the
 * connection's), handed on without a copy; the next is taken once the sink has room, so a slow
 * sink holds back the packer instead of filling the panel's memory.
 */
async function storeArchive(archive: Readable, output: ArchiveOutput, signal?: AbortSignal): Promise<void> {
  const stop = () => archive.destroy(signal?.reason instanceof Error ? signal.reason : new Error('The backup was stopped.'));
  signal?.addEventListener('abort', stop);
  try {
    if (signal?.aborted) stop();
    for await (const chunk of archive as AsyncIterable<Buffer>) {
      if (output.failure) throw output.failure;
      output.emit(chunk);
      await new Promise<void>((resolve) => {
        if (!output.waitForRoom(resolve)) resolve();
      });
    }
  } finally {
    signal?.removeEventListener('abort', stop);
    archive.destroy();
  }
}
