import type { Readable } from 'node:stream';
import type { ArchivePlan, FileInfo, OpenFile, TreeReader } from '../../files/ServerFiles';
import type { FilesConnection } from './FilesConnection';
import type { Message } from './protocol';
import { receiveFile } from './streams';

/**
 * A file the helper opened through its tree reader, read by position as a backup reads it: front
 * to back, each read taking what the stream has (the helper sends a window ahead, so the reads
 * overlap the transfer). A read elsewhere than where the last one ended has the file sent again
 * from there.
 */
class StreamedFile implements OpenFile {
  private leftover: Buffer | null = null;
  private position = 0;
  private chunks: AsyncIterator<Buffer>;

  constructor(
    readonly info: FileInfo,
    private stream: Readable,
    private readonly reopen: (start: number) => Promise<Readable>,
  ) {
    this.chunks = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  }

  async read(buffer: Buffer, offset: number, length: number, position: number): Promise<number> {
    if (length === 0) return 0;
    if (position !== this.position) {
      this.stream.destroy();
      this.stream = await this.reopen(position);
      this.chunks = (this.stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
      this.leftover = null;
      this.position = position;
    }
    let piece = this.leftover;
    this.leftover = null;
    if (!piece) {
      const next = await this.chunks.next();
      if (next.done) return 0;
      piece = next.value;
    }
    const taken = Math.min(length, piece.length);
    piece.copy(buffer, offset, 0, taken);
    if (taken < piece.length) this.leftover = piece.subarray(taken);
    this.position += taken;
    return taken;
  }

  async close(): Promise<void> {
    this.stream.destroy();
  }
}

/**
 * A tree reader held by the file helper: its folders stay open there (the panel's own local tree
 * reader, with its confinement and no link followed), and each file opened through it streams
 * here. It lives on the helper that opened it: if that helper goes away, its calls fail.
 */
export class ContainerTreeReader implements TreeReader {
  private closed = false;

  constructor(
    private readonly conn: FilesConnection,
    private readonly reader: number,
  ) {}

  lstat(path: string): Promise<FileInfo | null> {
    return this.conn.call('reader.lstat', { reader: this.reader, path });
  }

  async open(path: string): Promise<OpenFile> {
    const send = (start: number) => receiveFile(this.conn, { reader: this.reader, path, start }, 'reader.readFile');
    const { stream, info } = await send(0);
    return new StreamedFile(info, stream, async (start) => (await send(start)).stream);
  }

  /**
   * The helper packs the archive next to the files, with the panel's own packer, and sends only
   * the archive: a backup's content crosses the wire compressed, and the panel holds no more of
   * it than the stream's window. Progress comes with it as the helper lays the tar stream out.
   */
  async packArchive(plan: ArchivePlan, onProgress: (done: number) => void): Promise<Readable> {
    const { paths, sizes, tarBytes } = plan;
    const onMessage = (message: Message) => message.t === 'progress' && onProgress(Number(message.done));
    const { stream } = await receiveFile(this.conn, { reader: this.reader, plan: { paths, sizes, tarBytes } }, 'reader.archive', onMessage);
    return stream;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      if (this.conn.alive) await this.conn.call('reader.close', { reader: this.reader });
    } finally {
      this.conn.letGo();
    }
  }
}
