import { Transform, type Readable } from 'node:stream';
import { createInflateRaw, crc32 } from 'node:zlib';
import type { Entry, ZipFile } from 'yauzl';
import { ArchiveRejectedError } from '../fileErrors';

/** Compression methods the panel reads: stored (0) and deflated (8). */
const READABLE_METHODS = new Set([0, 8]);

/** Refuses an entry stored with a compression method the panel cannot read, before anything is written. */
export function checkCompressionMethod(entry: Entry): void {
  if (!READABLE_METHODS.has(entry.compressionMethod)) {
    throw new ArchiveRejectedError(`the entry "${entry.fileName}" uses a compression method the panel cannot read (${entry.compressionMethod}).`);
  }
}

/**
 * The entry's stored bytes, not inflated. The caller inflates them itself (see entryContentChecks)
 * so that every stream of the chain belongs to one pipeline, which handles and ends them all:
 * yauzl's own inflating chain forwards errors by re-emitting them, which ends the process when
 * no listener is attached yet, and leaves its inflater open when destroyed.
 */
export function openStoredBytes(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, { decodeFileData: false }, (error, stream) => (error || !stream ? reject(error ?? new Error('no stream')) : resolve(stream)));
  });
}

/** Fails the stream as soon as the content is longer than `declared`, or at its end when shorter. */
function declaredSizeCheck(declared: number, name: string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      // Stops a deflate bomb at the first chunk past its declared size: nothing more is inflated.
      if (seen > declared) callback(new ArchiveRejectedError(`the entry "${name}" is larger than its header says (${declared} bytes).`));
      else callback(null, chunk);
    },
    flush(callback) {
      callback(seen < declared ? new ArchiveRejectedError(`the entry "${name}" is smaller than its header says (${seen} of ${declared} bytes).`) : null);
    },
  });
}

/** Fails the stream when the content's CRC-32 differs from the one the archive records. */
function crcCheck(expected: number, name: string): Transform {
  let crc = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      crc = crc32(chunk, crc);
      callback(null, chunk);
    },
    flush(callback) {
      callback(crc >>> 0 === expected >>> 0 ? null : new ArchiveRejectedError(`the entry "${name}" is damaged (checksum mismatch).`));
    },
  });
}

/**
 * The streams the stored bytes of `entry` go through before they are written: inflating (for
 * deflated entries), the size its headers declare, and its CRC-32.
 */
export function entryContentChecks(entry: Entry): Transform[] {
  const checks = [declaredSizeCheck(entry.uncompressedSize, entry.fileName), crcCheck(entry.crc32, entry.fileName)];
  return entry.compressionMethod === 8 ? [createInflateRaw(), ...checks] : checks;
}
