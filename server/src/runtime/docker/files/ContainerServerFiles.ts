import type { Readable } from 'node:stream';
import type { FileInfo, ServerFiles, TreeReader, TreeWriter, WalkEntry, WalkOptions, WriteOptions } from '../../files/ServerFiles';
import { ContainerTreeReader } from './ContainerTreeReader';
import { ContainerTreeWriter } from './ContainerTreeWriter';
import type { FilesConnection } from './FilesConnection';
import { KeptListings, type ListAnswer } from './listingReplay';
import { fromWireError, type WireError } from './protocol';
import { receiveFile, sendFile } from './streams';

// The listings each helper connection sent last (a new helper numbers its listings anew).
const keptListings = new WeakMap<FilesConnection, KeptListings>();

/** How old a disk usage figure may be unless a fresh one is asked for. */
const USAGE_MAX_AGE_MS = 10_000;

/** Whether `path` lies below one of the folders in `skipped`. */
function underSkipped(path: string, skipped: Set<string>): boolean {
  if (skipped.size === 0) return false;
  for (let slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) if (skipped.has(path.slice(0, slash))) return true;
  return false;
}

/**
 * The file port of a server in a container: every call is served by the server's file helper on
 * its node (the panel's own RootedServerFiles, run next to the volume), so the local port's
 * guarantees and errors hold as they are. `connect` gives the helper's connection, starting a
 * helper when none runs.
 */
export class ContainerServerFiles implements ServerFiles {
  /**
   * `usage` is the server's last disk usage figure, shared by every port of the server handed
   * out (callers ask the runtime for the port at each use).
   */
  constructor(
    private readonly connect: () => Promise<FilesConnection>,
    private readonly usage: { bytes: number; at: number } = { bytes: 0, at: 0 },
  ) {}

  private async call<T>(op: string, args: Record<string, unknown>): Promise<T> {
    return (await this.connect()).call<T>(op, args);
  }

  stat(path: string): Promise<FileInfo | null> {
    return this.call('stat', { path });
  }

  lstat(path: string): Promise<FileInfo | null> {
    return this.call('lstat', { path });
  }

  /** Entries listed unchanged since the connection's last listing of the folder are not sent again (listingReplay). */
  async list(path: string): Promise<FileInfo[]> {
    const conn = await this.connect();
    let kept = keptListings.get(conn);
    if (!kept) keptListings.set(conn, (kept = new KeptListings()));
    const answer = await conn.call<ListAnswer>('list', { path, known: kept.known(path) });
    return kept.entriesOf(path, answer) ?? kept.entriesOf(path, await conn.call<ListAnswer>('list', { path }))!;
  }

  async readFile(path: string, maxBytes?: number): Promise<Buffer> {
    const { stream } = await receiveFile(await this.connect(), { path, maxBytes });
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async readStream(path: string, range: { start?: number; end?: number } = {}): Promise<{ stream: Readable; info: FileInfo }> {
    return receiveFile(await this.connect(), { path, range });
  }

  writeFile(path: string, content: string | Buffer, options: WriteOptions = {}): Promise<void> {
    return this.writeStream(path, [typeof content === 'string' ? Buffer.from(content) : content], options);
  }

  async writeStream(path: string, source: AsyncIterable<Buffer | string> | Iterable<Buffer>, options: WriteOptions = {}): Promise<void> {
    const { onTarget, ...rest } = options;
    await sendFile(await this.connect(), 'writeStream', { path, options: rest }, source, onTarget);
  }

  mkdir(path: string, options: { exclusive?: boolean; mode?: number } = {}): Promise<string[]> {
    return this.call('mkdir', { path, options });
  }

  async rename(from: string, to: string, options: { replace?: boolean; createFolders?: boolean } = {}): Promise<void> {
    await this.call('rename', { from, to, options });
  }

  /**
   * The helper reports each file's size as it copies; the first throw of `onFile` stops the copy
   * at the helper's next file, and whatever was copied by then is removed, so the caller's error
   * leaves nothing behind as the local copy's does.
   */
  async copy(from: string, to: string, options: { onFile?: (bytes: number) => void } = {}): Promise<void> {
    const conn = await this.connect();
    let thrown: { error: unknown } | null = null;
    await new Promise<void>((resolve, reject) => {
      const channel = conn.open({
        message: (message) => {
          if (message.t === 'file') {
            if (thrown) return;
            try {
              options.onFile?.(Number(message.bytes));
            } catch (error) {
              thrown = { error };
              conn.send(channel, { t: 'cancel' });
            }
          } else if (message.t === 'ok' || message.t === 'err') {
            conn.release(channel);
            if (message.t === 'ok') resolve();
            else reject(thrown ? thrown.error : fromWireError(message.error as WireError));
          }
        },
        closed: reject,
      });
      conn.send(channel, { t: 'call', op: 'copy', args: { from, to, progress: options.onFile !== undefined } });
    });
    // The copy was done before the helper heard the refusal: undone.
    if (thrown) {
      await this.remove(to).catch(() => undefined);
      throw (thrown as { error: unknown }).error;
    }
  }

  async remove(path: string): Promise<void> {
    await this.call('remove', { path });
  }

  removeEmptyFolder(path: string): Promise<boolean> {
    return this.call('removeEmptyFolder', { path });
  }

  async chmod(path: string, mode: number): Promise<void> {
    await this.call('chmod', { path, mode });
  }

  /** Entries come in batches, the next asked for as one is taken; a skipped folder's content is left out. */
  async *walk(path: string, options: WalkOptions = {}): AsyncIterable<WalkEntry> {
    const conn = await this.connect();
    const batches: WalkEntry[][] = [];
    let done = false;
    let failure: Error | null = null;
    let wake: (() => void) | null = null;
    const poke = () => {
      const waiting = wake;
      wake = null;
      waiting?.();
    };
    const channel = conn.open({
      message: (message) => {
        if (message.t === 'entries') batches.push(message.entries as WalkEntry[]);
        else if (message.t === 'ok' || message.t === 'err') {
          done = true;
          conn.release(channel);
          if (message.t === 'err') failure = fromWireError(message.error as WireError);
        }
        poke();
      },
      closed: (error) => {
        failure = error;
        poke();
      },
    });
    conn.send(channel, { t: 'call', op: 'walk', args: { path } });
    const skipped = new Set<string>();
    try {
      for (;;) {
        const batch = batches.shift();
        if (!batch) {
          if (failure) throw failure;
          if (done) return;
          await new Promise<void>((resolve) => (wake = resolve));
          continue;
        }
        conn.send(channel, { t: 'more' });
        for (const entry of batch) {
          if (underSkipped(entry.path, skipped)) continue;
          if (options.skip?.(entry.path, entry)) {
            if (entry.kind === 'directory') {
              skipped.add(entry.path);
              conn.send(channel, { t: 'skip', path: entry.path });
            }
            continue;
          }
          yield entry;
        }
      }
    } finally {
      // A caller that stops early: the helper stops walking.
      if (!done && !failure) conn.send(channel, { t: 'cancel' });
    }
  }

  async diskUsage(options: { fresh?: boolean } = {}): Promise<number> {
    if (!options.fresh && Date.now() - this.usage.at < USAGE_MAX_AGE_MS) return this.usage.bytes;
    const bytes = await this.call<number>('diskUsage', {});
    Object.assign(this.usage, { bytes, at: Date.now() });
    return bytes;
  }

  async openTree(path: string): Promise<TreeWriter> {
    const { conn, id } = await this.openHeld('openTree', path);
    return new ContainerTreeWriter(conn, id);
  }

  async openTreeReader(path: string): Promise<TreeReader> {
    const { conn, id } = await this.openHeld('openTreeReader', path);
    return new ContainerTreeReader(conn, id);
  }

  /** Opens a tree writer or reader on the helper, held (the helper busy) until the caller closes it. */
  private async openHeld(op: 'openTree' | 'openTreeReader', path: string): Promise<{ conn: FilesConnection; id: number }> {
    const conn = await this.connect();
    conn.hold();
    try {
      return { conn, id: await conn.call<number>(op, { path }) };
    } catch (error) {
      conn.letGo();
      throw error;
    }
  }
}
