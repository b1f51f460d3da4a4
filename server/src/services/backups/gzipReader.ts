import { createInflateRaw, type InflateRaw } from 'node:zlib';
import { STORED_MARK } from '../../runtime/files/archive/gzipMembers';

/** Receives decompressed bytes; `bytes` is only valid until the returned promise settles. */
export type TarSink = (bytes: Buffer) => Promise<void>;

const FLAG_CRC = 2;
const FLAG_EXTRA = 4;
const FLAG_NAME = 8;
const FLAG_COMMENT = 16;
const MAX_HEADER = 64 * 1024;

export class DamagedArchiveError extends Error {}

/** A gzip member header's length once `bytes` holds all of it, else -1; and whether it carries our stored mark. */
function parseMemberHeader(bytes: Buffer): { length: number; stored: boolean } {
  if (bytes.length < 10) return { length: -1, stored: false };
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b || bytes[2] !== 8) throw new DamagedArchiveError('The backup archive is not a gzip file.');
  const flags = bytes[3]!;
  let at = 10;
  let stored = false;
  if (flags & FLAG_EXTRA) {
    if (bytes.length < at + 2) return { length: -1, stored };
    const extraLength = bytes.readUInt16LE(at);
    at += 2;
    if (bytes.length < at + extraLength) return { length: -1, stored };
    for (let field = at; field + 4 <= at + extraLength; field += 4 + bytes.readUInt16LE(field + 2)) {
      if (bytes[field] === STORED_MARK[0] && bytes[field + 1] === STORED_MARK[1]) stored = true;
    }
    at += extraLength;
  }
  for (const flag of [FLAG_NAME, FLAG_COMMENT]) {
    if (!(flags & flag)) continue;
    const end = bytes.indexOf(0, at);
    if (end === -1) return { length: -1, stored };
    at = end + 1;
  }
  if (flags & FLAG_CRC) at += 2;
  return bytes.length < at ? { length: -1, stored } : { length: at, stored };
}

/**
 * Reads the gzip members of a backup archive one after another and hands the tar stream to
 * `sink`. A member marked as stored-only (our archives' second member: region files, jars) is
 * read block by block and passed on without a copy or an inflate; any other member goes
 * through zlib. The archive's SHA-256 has been verified before it is read.
 */
export class GzipReader {
  private state: 'header' | 'block' | 'stored' | 'inflate' | 'trailer' = 'header';
  private pending = Buffer.alloc(0);
  private storedLeft = 0;
  private finalBlock = false;
  private inflate: InflateRaw | null = null;
  private inflateEnded: Promise<void> | null = null;
  private inflateFailure: Error | null = null;
  /** The sink's handling of the last inflated piece: 'end' may come before it has finished. */
  private sinking: Promise<void> = Promise.resolve();
  /** What the sink threw (a refused entry, a full disk): passed on as it is. */
  private sinkFailure: Error | null = null;
  private members = 0;

  constructor(private readonly sink: TarSink) {}

  /** Reads `chunk` whole; it may be reused once the promise settles. */
  async write(chunk: Buffer): Promise<void> {
    let at = 0;
    while (at < chunk.length) {
      if (this.state === 'stored') {
        const take = Math.min(this.storedLeft, chunk.length - at);
        await this.sink(chunk.subarray(at, at + take));
        at += take;
        this.storedLeft -= take;
        if (this.storedLeft === 0) this.state = this.finalBlock ? 'trailer' : 'block';
      } else if (this.state === 'inflate') {
        at += await this.feedInflate(chunk.subarray(at));
      } else {
        at += this.readSmall(chunk, at);
      }
    }
  }

  /** Called at the end of the archive: it must end between members. */
  async end(): Promise<void> {
    if (this.state === 'inflate') await this.feedInflate(Buffer.alloc(0), true);
    if (this.state !== 'header' || this.pending.length > 0 || this.members === 0) throw new DamagedArchiveError('The backup archive ends early.');
  }

  /** Headers, stored block headers and trailers: small, collected across chunks. Answers the bytes taken. */
  private readSmall(chunk: Buffer, at: number): number {
    const needed = this.state === 'block' ? 5 : this.state === 'trailer' ? 8 : MAX_HEADER;
    const take = Math.min(needed - this.pending.length, chunk.length - at);
    const bytes = Buffer.concat([this.pending, chunk.subarray(at, at + take)]);
    if (this.state === 'header') {
      const header = parseMemberHeader(bytes);
      if (header.length === -1) {
        if (bytes.length >= MAX_HEADER) throw new DamagedArchiveError('The backup archive has a damaged gzip header.');
        this.pending = bytes;
        return take;
      }
      this.pending = Buffer.alloc(0);
      this.members += 1;
      if (header.stored) this.state = 'block';
      else this.startInflate();
      return header.length - (bytes.length - take);
    }
    if (bytes.length < needed) {
      this.pending = bytes;
      return take;
    }
    this.pending = Buffer.alloc(0);
    if (this.state === 'trailer') {
      this.state = 'header';
      return take;
    }
    // A stored block: one byte (final bit, type 00), its length and the length's complement.
    if ((bytes[0]! & 0b110) !== 0 || (bytes.readUInt16LE(1) ^ 0xffff) !== bytes.readUInt16LE(3)) {
      throw new DamagedArchiveError('The backup archive has a damaged stored block.');
    }
    this.finalBlock = (bytes[0]! & 1) === 1;
    this.storedLeft = bytes.readUInt16LE(1);
    this.state = this.storedLeft > 0 ? 'stored' : this.finalBlock ? 'trailer' : 'block';
    return take;
  }

  private startInflate(): void {
    const inflate = createInflateRaw({ chunkSize: 128 * 1024 });
    this.inflate = inflate;
    this.inflateFailure = null;
    // Each piece of output is written before the next is taken: zlib waits meanwhile.
    inflate.on('data', (bytes: Buffer) => {
      inflate.pause();
      this.sinking = this.sink(bytes).then(
        () => {
          inflate.resume();
        },
        (error: Error) => {
          this.sinkFailure = error;
          inflate.destroy(error);
        },
      );
    });
    this.inflateEnded = new Promise<void>((resolve, reject) => {
      inflate.on('end', resolve);
      inflate.on('error', (error) => {
        this.inflateFailure = error;
        reject(error);
      });
    });
    this.inflateEnded.catch(() => undefined);
    this.state = 'inflate';
  }

  /**
   * Feeds the deflate stream; answers how many bytes of `bytes` belonged to it. zlib stops at
   * the member's end and leaves the rest (its trailer, the next member): it then consumed fewer
   * bytes than it was given.
   */
  private async feedInflate(bytes: Buffer, last = false): Promise<number> {
    const inflate = this.inflate!;
    const before = inflate.bytesWritten;
    if (last) inflate.end();
    else {
      // A failure (zlib's, or the sink's destroying the stream) may leave the write's callback uncalled.
      const written = new Promise<void>((resolve, reject) => inflate.write(bytes, (error) => (error ? reject(error) : resolve())));
      await Promise.race([written, this.inflateEnded]).catch(() => undefined);
    }
    if (this.sinkFailure) throw this.sinkFailure;
    if (this.inflateFailure) throw new DamagedArchiveError(`The backup archive could not be decompressed: ${this.inflateFailure.message}`);
    const used = inflate.bytesWritten - before;
    if (last || used < bytes.length) {
      try {
        await this.inflateEnded;
        await this.sinking;
      } catch (error) {
        throw this.sinkFailure ?? new DamagedArchiveError(`The backup archive could not be decompressed: ${(error as Error).message}`);
      }
      this.inflate = null;
      this.state = 'trailer';
    }
    return used;
  }
}
