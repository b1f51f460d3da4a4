import { createHash } from 'node:crypto';
import type { Readable, Writable } from 'node:stream';

/** Where an archive being written goes; `finish` resolves once it is durable (fsynced, or the upload completed). */
export interface ArchiveSink {
  stream: Writable;
  /**
   * True when the stream may still hold a chunk after calling its write callback (a PassThrough
   * feeding an upload): the archive writer then writes copies of the buffers it reuses.
   */
  keepsChunks?: boolean;
  /** Resolves once everything written is durable; rejects when the write failed. */
  finish(): Promise<void>;
  /** Drops what was written (an error happened). */
  abort(): Promise<void>;
}

/**
 * Where backup archives live: the local disk or S3-compatible object storage. Archives are
 * streamed both ways, never held whole in memory.
 */
export interface BackupStorage {
  readonly kind: 'local' | 's3';
  /** Opens an archive for writing. */
  create(serverUuid: string, backupUuid: string): Promise<ArchiveSink>;
  /** Streams a completed archive. */
  read(serverUuid: string, backupUuid: string): Promise<Readable>;
  /** A completed archive's bytes in order, for one reader: each chunk may be reused once the next is asked for. */
  readChunks(serverUuid: string, backupUuid: string): Promise<AsyncIterable<Buffer>>;
  /** Removes an archive, and any partial one a crash left behind (no error when there is none). */
  remove(serverUuid: string, backupUuid: string): Promise<void>;
}

/** The SHA-256 (hex) of a completed archive as stored now, read through the storage's reused buffers. */
export async function archiveSha256(storage: BackupStorage, serverUuid: string, backupUuid: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of await storage.readChunks(serverUuid, backupUuid)) hash.update(chunk);
  return hash.digest('hex');
}
