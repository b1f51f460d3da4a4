import type { Readable, Writable } from 'node:stream';

/** Where an archive being written goes; `finish` resolves once it is durable (fsynced, or the upload completed). */
export interface ArchiveSink {
  stream: Writable;
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
  /** Removes an archive, and any partial one a crash left behind (no error when there is none). */
  remove(serverUuid: string, backupUuid: string): Promise<void>;
}
