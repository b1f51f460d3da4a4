import type { Readable } from 'node:stream';
import { Readable as NodeReadable } from 'node:stream';
import type { ArchivePlan, FileInfo, OpenFile, ServerFiles, TreeReader, TreeWriteOptions, TreeWriter, WriteOptions } from '../../../files/ServerFiles';
import { SentListings } from '../listingReplay';
import { STREAM_WINDOW, toWireError, type Message } from '../protocol';
import { archiveChannel } from './archiveChannel';
import { IncomingChunks } from './incomingChunks';
import { walkChannel } from './walkChannel';

export interface AgentOutput {
  json(channel: number, message: Message): void;
  data(channel: number, data: Buffer): void;
  /** A whole frame laid out by the caller. */
  frame(frame: Buffer): void;
}

/** What a channel still open listens to (acks, content, verdicts, cancels). */
interface OpenChannel {
  message(message: Message): void;
  data?(chunk: Buffer): void;
}

const failure = (code: string, message: string) => Object.assign(new Error(message), { code });
type Args = Record<string, unknown>;
const str = (args: Args, key: string) => String(args[key] ?? '');
const sameKind = (a: FileInfo | null, b: FileInfo | null) => (a === null) === (b === null) && a?.kind === b?.kind;

/** The calls the agent serves, one channel each, on the server's files. */
export class AgentCalls {
  private readonly open = new Map<number, OpenChannel>();
  private readonly trees = new Map<number, TreeWriter>();
  private readonly readers = new Map<number, TreeReader>();
  private nextTree = 1;
  private readonly listings = new SentListings();

  constructor(
    private readonly files: ServerFiles,
    private readonly out: AgentOutput,
  ) {}

  data(channel: number, chunk: Buffer): void {
    this.open.get(channel)?.data?.(chunk);
  }

  message(channel: number, message: Message): void {
    if (message.t !== 'call') return this.open.get(channel)?.message(message);
    const args = (message.args ?? {}) as Args;
    void this.run(channel, String(message.op), args).then(
      (value) => this.finish(channel, { t: 'ok', value: value ?? null }),
      (error) => this.finish(channel, { t: 'err', error: toWireError(error) }),
    );
  }

  private finish(channel: number, message: Message): void {
    this.open.delete(channel);
    this.out.json(channel, message);
  }

  private async run(channel: number, op: string, args: Args): Promise<unknown> {
    const files = this.files;
    switch (op) {
      case 'stat':
        return files.stat(str(args, 'path'));
      case 'lstat':
        return files.lstat(str(args, 'path'));
      case 'list':
        return this.listings.answer(str(args, 'path'), await files.list(str(args, 'path')), args.known);
      case 'mkdir':
        return files.mkdir(str(args, 'path'), args.options as { exclusive?: boolean; mode?: number });
      case 'rename':
        return files.rename(str(args, 'from'), str(args, 'to'), args.options as { replace?: boolean; createFolders?: boolean });
      case 'remove':
        return files.remove(str(args, 'path'));
      case 'removeEmptyFolder':
        return files.removeEmptyFolder(str(args, 'path'));
      case 'chmod':
        return files.chmod(str(args, 'path'), Number(args.mode));
      case 'diskUsage':
        return files.diskUsage({ fresh: true });
      case 'copy':
        return this.copy(channel, args);
      case 'readStream':
        return this.readStream(channel, args);
      case 'writeStream':
        return this.writeStream(channel, args);
      case 'walk':
        return walkChannel(
          files,
          str(args, 'path'),
          (entries) => this.out.json(channel, { t: 'entries', entries }),
          (listen) => this.open.set(channel, { message: listen }),
        );
      case 'openTree': {
        const tree = await files.openTree(str(args, 'path'));
        const id = this.nextTree++;
        this.trees.set(id, tree);
        return id;
      }
      case 'tree.mkdir':
        return this.tree(args).mkdir(str(args, 'path'), args.mode as number | undefined);
      case 'tree.chmod':
        return this.tree(args).chmod(str(args, 'path'), Number(args.mode));
      case 'tree.remove':
        return this.tree(args).remove(str(args, 'path'));
      case 'tree.writeStream':
        return this.writeStream(channel, args);
      case 'tree.close': {
        const tree = this.trees.get(Number(args.tree));
        this.trees.delete(Number(args.tree));
        return tree?.close();
      }
      case 'openTreeReader': {
        const reader = await files.openTreeReader(str(args, 'path'));
        const id = this.nextTree++;
        this.readers.set(id, reader);
        return id;
      }
      case 'reader.lstat':
        return this.reader(args).lstat(str(args, 'path'));
      case 'reader.readFile': {
        const file = await this.reader(args).open(str(args, 'path'));
        return this.pump(channel, openFileStream(file, Number(args.start ?? 0)), file.info);
      }
      case 'reader.archive':
        return archiveChannel(this.reader(args), args.plan as ArchivePlan, { frame: (frame) => this.out.frame(frame), json: (message) => this.out.json(channel, message) }, channel, (listen) =>
          this.open.set(channel, { message: listen }),
        );
      case 'reader.close': {
        const reader = this.readers.get(Number(args.reader));
        this.readers.delete(Number(args.reader));
        return reader?.close();
      }
      default:
        throw failure('ENOSYS', `The file helper does not know "${op}".`);
    }
  }

  private reader(args: Args): TreeReader {
    const reader = this.readers.get(Number(args.reader));
    if (!reader) throw failure('EBADF', 'That tree reader is closed.');
    return reader;
  }

  private tree(args: Args): TreeWriter {
    const tree = this.trees.get(Number(args.tree));
    if (!tree) throw failure('EBADF', 'That tree writer is closed.');
    return tree;
  }

  /** Each file's size goes to the panel as it is copied; the panel's cancel stops the copy at the next file. */
  private async copy(channel: number, args: Args): Promise<void> {
    let cancelled: Error | null = null;
    this.open.set(channel, { message: (message) => message.t === 'cancel' && (cancelled = failure('ECANCELED', 'The copy was stopped.')) });
    const onFile = (bytes: number) => {
      if (cancelled) throw cancelled;
      this.out.json(channel, { t: 'file', bytes });
    };
    await this.files.copy(str(args, 'from'), str(args, 'to'), { onFile: args.progress ? onFile : undefined });
  }

  /** The file's description, then its bytes no more than a window ahead of the panel's acks. */
  private async readStream(channel: number, args: Args): Promise<void> {
    const path = str(args, 'path');
    const { stream, info } = await this.files.readStream(path, args.range as { start?: number; end?: number });
    const maxBytes = args.maxBytes as number | undefined;
    if (maxBytes !== undefined && maxBytes !== null && info.size > maxBytes) {
      stream.destroy();
      throw failure('EFBIG', `"${path}" is larger than ${maxBytes} bytes.`);
    }
    return this.pump(channel, stream, info);
  }

  /** Sends `info`, then the stream's bytes no more than a window ahead of the panel's acks. */
  private async pump(channel: number, stream: Readable, info: FileInfo): Promise<void> {
    this.out.json(channel, { t: 'info', info });
    await new Promise<void>((resolve, reject) => {
      let unacked = 0;
      const readable: Readable = stream;
      this.open.set(channel, {
        message: (message) => {
          if (message.t === 'cancel') {
            readable.destroy();
            resolve();
          } else if (message.t === 'ack') {
            unacked -= Number(message.bytes);
            if (unacked < STREAM_WINDOW && readable.isPaused()) readable.resume();
          }
        },
      });
      readable.on('data', (chunk: Buffer) => {
        this.out.data(channel, chunk);
        unacked += chunk.length;
        if (unacked >= STREAM_WINDOW) readable.pause();
      });
      readable.on('end', resolve);
      readable.on('error', reject);
    });
  }

  /**
   * A file written from the panel's chunks (the port's atomic write, or a tree writer's). With
   * `asks`, the panel judges the target before the first byte and again before the replace: the
   * write waits for its verdict, and a target that changed kind after the last verdict is refused.
   */
  private async writeStream(channel: number, args: Args): Promise<void> {
    const path = str(args, 'path');
    const source = new IncomingChunks((bytes) => this.out.json(channel, { t: 'ack', bytes }));
    let verdict: { resolve: () => void; reject: (error: Error) => void } | null = null;
    const ask = (existing: FileInfo | null) =>
      new Promise<void>((resolve, reject) => {
        verdict = { resolve, reject };
        this.out.json(channel, { t: 'target', existing });
      });
    this.open.set(channel, {
      data: (chunk) => source.push(chunk),
      message: (message) => {
        if (message.t === 'end') source.end();
        else if (message.t === 'abort') source.fail(failure('ECANCELED', String(message.message)));
        else if (message.t === 'verdict') {
          const waiting = verdict;
          verdict = null;
          if (message.error) waiting?.reject(failure('EACCES', String(message.error)));
          else waiting?.resolve();
        }
      },
    });
    if (args.tree !== undefined) return this.tree(args).writeStream(path, source, args.options as TreeWriteOptions);
    const options = { ...(args.options as WriteOptions) };
    if (args.asks) {
      let approved: FileInfo | null | undefined;
      options.onTarget = (existing) => {
        if (approved === undefined) {
          approved = existing;
          source.firstGate = ask(existing);
        } else if (!sameKind(approved, existing)) {
          throw failure('EAGAIN', `"${path}" changed while it was being written; try again.`);
        }
      };
      source.beforeEnd = async () => {
        const now = await this.files.stat(path);
        await ask(now);
        approved = now;
      };
    }
    await this.files.writeStream(path, source, options);
  }
}

/**
 * A file opened by a tree reader as a stream of its bytes from `start` (closed at its end or when
 * destroyed). Each read takes what is left of the file as it was opened (a file that grew reads
 * on in full pieces), so a backup's many small files each take a buffer of their own size.
 */
function openFileStream(file: OpenFile, start: number): Readable {
  let position = start;
  return new NodeReadable({
    highWaterMark: 256 * 1024,
    read(size) {
      const left = file.info.size - position;
      const buffer = Buffer.allocUnsafe(left > 0 ? Math.min(size, left) : Math.max(size, 64 * 1024));
      file.read(buffer, 0, buffer.length, position).then(
        (bytes) => {
          position += bytes;
          this.push(bytes === 0 ? null : buffer.subarray(0, bytes));
        },
        (error: Error) => this.destroy(error),
      );
    },
    destroy(error, callback) {
      file.close().then(
        () => callback(error),
        () => callback(error),
      );
    },
  });
}
