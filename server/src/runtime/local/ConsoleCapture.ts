import { closeSync, existsSync, ftruncateSync, openSync, promises as fs, readSync, renameSync, watch, writeSync, type FSWatcher } from 'node:fs';
import { execFile } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';

export interface ConsoleCaptureOptions {
  /** Rotate once the file grows past this many bytes. */
  maxBytes: number;
  /** Rotated files kept (console.log.1 … .N). */
  keep: number;
  /** Fallback poll interval when file events are missed. */
  pollMs: number;
}

const CHUNK = 64 * 1024;
// A "line" without a newline is cut here, so a runaway writer cannot grow our memory.
const MAX_LINE = 16 * 1024;
// The most a rotation copies; what a runaway writer adds beyond it is cut with the truncation.
const MAX_ROTATE_COPY = 1024 * 1024 * 1024;

/**
 * A server's console output, captured in a file that the game process appends to (its stdout and
 * stderr point at it, opened with O_APPEND). The panel tails the file, so a game keeps running
 * and keeps its log when the panel restarts, and the panel can re-attach to it.
 *
 * Rotation, once the file is over `maxBytes`, moves the part already read to console.log.1 and cuts
 * it off the file's head (the kernel's collapse-range, under the file's own lock), so the child's
 * O_APPEND writes go on at the new end and none is lost. Where the file system cannot collapse
 * (tmpfs), the file is copied to console.log.1 and truncated.
 */
export class ConsoleCapture {
  private position = 0;
  private partial = '';
  private decoder = new StringDecoder('utf8');
  private watcher: FSWatcher | null = null;
  private poller: NodeJS.Timeout | null = null;
  private reading = false;
  private again = false;
  private readonly buffer = Buffer.allocUnsafe(CHUNK);
  /** Whether the file system collapses a file's head (unknown until the first rotation). */
  private collapses: boolean | undefined;

  constructor(
    readonly path: string,
    private readonly onLines: (lines: string[]) => void,
    private readonly options: ConsoleCaptureOptions,
  ) {}

  /** A descriptor for the child's stdout/stderr (the caller closes its copy after spawning). */
  openForChild(): number {
    return openSync(this.path, 'a', 0o600);
  }

  /** Appends panel notices so they are kept in order with the game's own output. */
  async append(lines: string[]): Promise<void> {
    await fs.appendFile(this.path, lines.map((l) => `${l}\n`).join(''), { mode: 0o600 });
    this.poke();
  }

  /** Starts following the file from its current end; returns the last `tailLines` lines before it. */
  async start(tailLines: number): Promise<string[]> {
    const handle = await fs.open(this.path, 'a+', 0o600);
    let tail: string[];
    try {
      const { size } = await handle.stat();
      const from = Math.max(0, size - 256 * 1024);
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(size - from), 0, size - from, from);
      const bytes = buffer.subarray(0, bytesRead);
      const lastNewline = bytes.lastIndexOf(0x0a);
      // Complete lines are history; an unfinished last line is read again by the tail.
      this.position = from + lastNewline + 1;
      const lines = bytes
        .subarray(0, lastNewline + 1)
        .toString('utf8')
        .split('\n');
      lines.pop();
      if (from > 0) lines.shift(); // cut in the middle
      tail = lines.slice(-tailLines).map((l) => l.replace(/\r$/, ''));
    } finally {
      await handle.close();
    }
    this.watcher = watch(this.path, { persistent: false }, () => this.poke());
    this.watcher.on('error', () => undefined);
    this.poller = setInterval(() => this.poke(), this.options.pollMs);
    this.poller.unref();
    return tail;
  }

  /** Reads whatever is new; safe to call at any time (reads are never concurrent). */
  poke(): void {
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = true;
    this.readAvailable()
      .catch(() => undefined)
      .finally(() => {
        this.reading = false;
        if (this.again) {
          this.again = false;
          this.poke();
        }
      });
  }

  /** Reads everything available now and waits for it (used before reporting an exit). */
  async drain(): Promise<void> {
    while (this.reading) await new Promise((r) => setImmediate(r));
    this.reading = true;
    try {
      await this.readAvailable();
    } finally {
      this.reading = false;
    }
  }

  async stop(): Promise<void> {
    this.watcher?.close();
    this.watcher = null;
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
    await this.drain().catch(() => undefined);
  }

  private async readAvailable(): Promise<void> {
    const handle = await fs.open(this.path, 'r').catch(() => null);
    if (!handle) return;
    try {
      const { size } = await handle.stat();
      if (size < this.position) this.position = 0; // truncated by someone else
      for (;;) {
        const { bytesRead } = await handle.read(this.buffer, 0, CHUNK, this.position);
        if (bytesRead === 0) break;
        this.position += bytesRead;
        this.emitText(this.decoder.write(this.buffer.subarray(0, bytesRead)));
        if (this.position > this.options.maxBytes) await this.rotate();
      }
    } finally {
      await handle.close();
    }
  }

  private emitText(text: string): void {
    const parts = (this.partial + text).split('\n');
    this.partial = parts.pop() ?? '';
    if (this.partial.length > MAX_LINE) {
      parts.push(this.partial);
      this.partial = '';
    }
    if (parts.length > 0) this.onLines(parts.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l)));
  }

  /**
   * Shifts console.log.N, copies the live file to console.log.1 and truncates it at once. Bytes the
   * game appended after our last read are in the copy and are emitted from there, a chunk at a
   * time like the live file (a game that writes faster than we read can leave a long backlog,
   * which must not block the event loop); only what it writes between the copy reaching the end
   * and the truncation (back-to-back system calls) could miss the live stream.
   */
  private async rotate(): Promise<void> {
    for (let i = this.options.keep - 1; i >= 1; i--) {
      const from = `${this.path}.${i}`;
      if (existsSync(from)) renameSync(from, `${this.path}.${i + 1}`);
    }
    const rotated = `${this.path}.1`;
    if (this.collapses !== false && (await this.collapseReadHead(rotated))) return;
    this.copyAndTruncate(rotated);
    let from = this.position;
    this.position = 0;
    const copy = await fs.open(rotated, 'r');
    try {
      for (;;) {
        const { bytesRead } = await copy.read(this.buffer, 0, CHUNK, from);
        if (bytesRead === 0) break;
        from += bytesRead;
        this.emitText(this.decoder.write(this.buffer.subarray(0, bytesRead)));
      }
    } finally {
      await copy.close();
    }
  }

  /**
   * Copies the whole blocks already read to `rotated`, then cuts them off the live file's head
   * with `fallocate --collapse-range`: the kernel shifts what follows down under the file's lock,
   * so a line the game appends meanwhile lands at the new end, and nothing unread moves out of
   * reach. Answers false (nothing changed in the live file) where the file system cannot.
   */
  private async collapseReadHead(rotated: string): Promise<boolean> {
    const { size, blksize } = await fs.stat(this.path);
    // Whole blocks only, and never up to the end (the kernel refuses a range that reaches it).
    const length = Math.floor(Math.min(this.position, size - 1) / blksize) * blksize;
    if (length <= 0) return false;
    const source = openSync(this.path, 'r');
    try {
      this.copyHead(source, rotated, length);
    } finally {
      closeSync(source);
    }
    const collapsed = await new Promise<boolean>((resolve) => {
      execFile('fallocate', ['--collapse-range', '--offset', '0', '--length', String(length), this.path], (error) => resolve(!error));
    });
    this.collapses = collapsed;
    if (!collapsed) return false;
    this.position -= length;
    return true;
  }

  /**
   * Copies the live file up to its current end, however far the game writes while we copy (a
   * copy of the size seen at the start would lose all of that), then truncates it.
   */
  private copyAndTruncate(rotated: string): void {
    const source = openSync(this.path, 'r+');
    try {
      // Bounded, should a game ever write faster than we copy.
      this.copyHead(source, rotated, MAX_ROTATE_COPY);
      ftruncateSync(source, 0);
    } finally {
      closeSync(source);
    }
  }

  /** Writes the first `limit` bytes of `source` (fewer if it ends first) to a new `rotated` file. */
  private copyHead(source: number, rotated: string, limit: number): void {
    const target = openSync(rotated, 'w', 0o600);
    try {
      for (let offset = 0; offset < limit;) {
        const bytesRead = readSync(source, this.buffer, 0, Math.min(CHUNK, limit - offset), offset);
        if (bytesRead === 0) break;
        writeSync(target, this.buffer, 0, bytesRead);
        offset += bytesRead;
      }
    } finally {
      closeSync(target);
    }
  }
}
