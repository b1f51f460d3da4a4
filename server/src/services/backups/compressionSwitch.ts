import { Transform, type TransformCallback } from 'node:stream';
import { createGzip, type Gzip } from 'node:zlib';

/**
 * Files whose content is compressed already: Minecraft's region files, Java archives, archives
 * and media. Deflate searching them for matches finds nothing and costs most of a backup's time.
 */
const COMPRESSED_ALREADY = /\.(mca|mcr|mcc|jar|zip|gz|tgz|xz|zst|bz2|7z|rar|png|jpe?g|gif|webp|ogg|mp3|mp4)$/i;

const isCompressedAlready = (path: string): boolean => COMPRESSED_ALREADY.test(path);

/**
 * The archive's order: everything else first, then the files that are compressed already, so the
 * compressor changes its settings once. Folders keep their place before their contents, and the
 * order inside each group is the plan's.
 */
export function compressedAlreadyLast(paths: string[]): string[] {
  const first: string[] = [];
  const last: string[] = [];
  for (const path of paths) (isCompressedAlready(path) ? last : first).push(path);
  return [...first, ...last];
}

const BLOCK = 512;

/** A tar number field: octal text, or base-256 (first byte 0x80) for sizes over 8 GiB. */
function tarNumber(field: Buffer): number {
  if (field[0]! & 0x80) {
    let value = 0;
    for (let i = 1; i < field.length; i++) value = value * 256 + field[i]!;
    return value;
  }
  const text = field.toString('latin1').replace(/\0.*$/s, '').trim();
  return text ? parseInt(text, 8) : 0;
}

const text = (field: Buffer) => field.toString('utf8').replace(/\0.*$/s, '');

/**
 * gzip for a backup's tar stream: deflate level 1 until the first file that is compressed already,
 * then a second gzip member that stores (level 0) for the rest, which compressedAlreadyLast put
 * there. A .tar.gz may hold several gzip members one after another: gunzip, tar and Node read them
 * as one stream. (zlib's deflateParams would change the level in one member, but Node's zlib keeps
 * the old speed after it.) The entry headers are read as the tar stream passes, with long names
 * from pax headers like tar's own reader.
 */
export class BackupCompressor extends Transform {
  /** Body bytes (padded to blocks) left of the entry being passed. */
  private bodyLeft = 0;
  private header = Buffer.alloc(0);
  /** The body of a pax header being read, and the path it gave for the next entry. */
  private pax: Buffer[] | null = null;
  private paxPath: string | null = null;
  private storing = false;
  private gzip: Gzip;

  constructor(private readonly options: { chunkSize: number; memLevel: number }) {
    super();
    this.gzip = this.member(1);
  }

  /** A gzip member whose output becomes this stream's output. */
  private member(level: number): Gzip {
    const gzip = createGzip({ ...this.options, level });
    gzip.on('data', (chunk: Buffer) => {
      if (!this.push(chunk)) gzip.pause();
    });
    gzip.on('error', (error) => this.destroy(error));
    return gzip;
  }

  override _read(size: number): void {
    this.gzip.resume();
    super._read(size);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.consume(chunk).then(() => callback(), callback);
  }

  override _flush(callback: TransformCallback): void {
    this.endMember().then(() => callback(), callback);
  }

  private compress(bytes: Buffer): Promise<void> {
    return this.gzip.write(bytes) ? Promise.resolve() : new Promise((resolve) => this.gzip.once('drain', resolve));
  }

  private endMember(): Promise<void> {
    return new Promise((resolve) => {
      this.gzip.once('end', resolve);
      this.gzip.end();
    });
  }

  private async consume(chunk: Buffer): Promise<void> {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.storing) {
        await this.compress(chunk.subarray(offset));
        return;
      }
      if (this.bodyLeft > 0) {
        const take = Math.min(this.bodyLeft, chunk.length - offset);
        const body = chunk.subarray(offset, offset + take);
        this.pax?.push(body);
        await this.compress(body);
        this.bodyLeft -= take;
        offset += take;
        if (this.bodyLeft === 0 && this.pax) this.readPax();
        continue;
      }
      const take = Math.min(BLOCK - this.header.length, chunk.length - offset);
      this.header = Buffer.concat([this.header, chunk.subarray(offset, offset + take)]);
      offset += take;
      if (this.header.length < BLOCK) continue;
      const header = this.header;
      this.header = Buffer.alloc(0);
      await this.passHeader(header);
    }
  }

  private async passHeader(header: Buffer): Promise<void> {
    const size = tarNumber(header.subarray(124, 136));
    const type = String.fromCharCode(header[156]!);
    const padded = Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'x') {
      this.pax = [];
    } else if (type !== 'g' && header.some((byte) => byte !== 0)) {
      const prefix = header.subarray(257, 262).toString('latin1') === 'ustar' ? text(header.subarray(345, 500)) : '';
      const name = text(header.subarray(0, 100));
      const path = this.paxPath ?? (prefix ? `${prefix}/${name}` : name);
      this.paxPath = null;
      if (isCompressedAlready(path)) {
        await this.endMember();
        this.gzip = this.member(0);
        this.storing = true;
      }
    }
    await this.compress(header);
    this.bodyLeft = padded;
    if (padded === 0 && this.pax) this.readPax();
  }

  /** "<length> path=<name>\n" records; only the path matters here. */
  private readPax(): void {
    const body = Buffer.concat(this.pax ?? []).toString('utf8');
    this.pax = null;
    const path = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body);
    if (path) this.paxPath = path[1]!;
  }
}
