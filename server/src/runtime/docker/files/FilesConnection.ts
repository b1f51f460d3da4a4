import type { Duplex } from 'node:stream';
import { encodeData, encodeJson, FRAME_DATA, FrameReader, fromWireError, PROTOCOL_VERSION, type Message, type WireError } from './protocol';

/** What an open channel hears from the helper; `closed` when the helper went away first. */
export interface ChannelListener {
  message(message: Message): void;
  data?(chunk: Buffer): void;
  closed(error: Error): void;
}

/**
 * One attached file helper: frames to its standard input, the engine's stdout/stderr frames (no
 * TTY: an 8-byte header each) taken apart, stdout cut into the helper's frames and each given to
 * its channel. When the helper goes away every open channel fails with one clear error.
 */
export class FilesConnection {
  private nextChannel = 1;
  private readonly channels = new Map<number, ChannelListener>();
  private readonly reader = new FrameReader((kind, channel, payload) => this.dispatch(kind, channel, payload));
  private engineHeader = Buffer.alloc(0);
  private engineRemaining = 0;
  private engineStream = 0;
  private stderrTail = '';
  private failure: Error | null = null;
  private corked = false;
  /** Tree writers and readers held open by callers (or being opened): the helper is busy while any is. */
  private holds = 0;
  /** Told when the last channel closed and nothing is held. */
  onIdle: () => void = () => undefined;
  onBusy: () => void = () => undefined;

  constructor(
    private readonly socket: Duplex,
    private readonly what: string,
  ) {
    socket.on('data', (chunk: Buffer) => this.demux(chunk));
    socket.on('error', (error: Error) => this.fail(error.message));
    socket.on('close', () => this.fail('its connection closed'));
    socket.on('end', () => this.fail('it stopped'));
  }

  get alive(): boolean {
    return this.failure === null;
  }

  /** Asks the helper who it is; rejects when it does not answer in time or speaks another version. */
  async hello(timeoutMs: number): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.fail(`it did not answer within ${timeoutMs / 1000} s`);
      }, timeoutMs);
      const channel = this.open({
        message: (message) => {
          clearTimeout(timer);
          this.release(channel);
          if (message.version === PROTOCOL_VERSION) resolve();
          else reject(Object.assign(new Error(`The file helper speaks version ${String(message.version)}, the panel ${PROTOCOL_VERSION}.`), { code: 'EPROTO' }));
        },
        closed: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.send(channel, { t: 'hello' });
    });
  }

  open(listener: ChannelListener): number {
    if (this.failure) throw this.failure;
    const channel = this.nextChannel++;
    this.busy();
    this.channels.set(channel, listener);
    return channel;
  }

  /**
   * Counts a tree writer or reader as held from the moment it is asked for (before its opening
   * call's channel closes), so the helper is never taken for idle, and closed, while a caller
   * still holds one: a backup or restore longer than the idle time goes on to its end.
   */
  hold(): void {
    this.busy();
    this.holds += 1;
  }

  /** A held tree writer or reader was closed (or failed to open). */
  letGo(): void {
    this.holds -= 1;
    this.checkIdle();
  }

  private busy(): void {
    if (this.channels.size !== 0 || this.holds !== 0) return;
    this.keepProcess(true);
    this.onBusy();
  }

  release(channel: number): void {
    if (!this.channels.delete(channel)) return;
    this.checkIdle();
  }

  private checkIdle(): void {
    if (this.channels.size !== 0 || this.holds !== 0 || !this.alive) return;
    this.keepProcess(false);
    this.onIdle();
  }

  /** An idle helper does not keep the panel's process alive (a command line tool ends when its work does). */
  private keepProcess(keep: boolean): void {
    const socket = this.socket as Duplex & { ref?: () => void; unref?: () => void };
    if (keep) socket.ref?.();
    else socket.unref?.();
  }

  send(channel: number, message: Message): void {
    if (!this.failure) this.write(encodeJson(channel, message));
  }

  /** Sends file content; resolves when the connection can take more. */
  async sendData(channel: number, data: Buffer): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.write(encodeData(channel, data))) await new Promise<void>((resolve) => this.socket.once('drain', resolve));
  }

  /**
   * The frames of one turn of the event loop go out together (the requests and acks of a
   * backup's many files would otherwise each be a record and a packet of their own).
   */
  private write(frame: Buffer): boolean {
    if (!this.corked) {
      this.corked = true;
      this.socket.cork();
      process.nextTick(() => {
        this.corked = false;
        this.socket.uncork();
      });
    }
    return this.socket.write(frame);
  }

  /** One request and its one answer (`ok` with a value, or `err`). */
  call<T>(op: string, args: Record<string, unknown>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const channel = this.open({
        message: (message) => {
          if (message.t !== 'ok' && message.t !== 'err') return;
          this.release(channel);
          if (message.t === 'ok') resolve(message.value as T);
          else reject(fromWireError(message.error as WireError));
        },
        closed: reject,
      });
      this.send(channel, { t: 'call', op, args });
    });
  }

  /** Closes the helper's standard input: the agent leaves, and the engine removes its container. */
  close(): void {
    this.fail('it was closed');
    this.socket.end();
  }

  private fail(why: string): void {
    if (this.failure) return;
    const said = this.stderrTail.trim();
    this.failure = new Error(`The file helper of ${this.what} stopped (${why})${said ? `: ${said}` : ''}.`);
    const open = [...this.channels.values()];
    this.channels.clear();
    for (const listener of open) listener.closed(this.failure);
    this.socket.destroy();
  }

  private dispatch(kind: number, channel: number, payload: Buffer): void {
    const listener = this.channels.get(channel);
    if (!listener) return;
    if (kind === FRAME_DATA) listener.data?.(payload);
    else listener.message(JSON.parse(payload.toString('utf8')) as Message);
  }

  /** The engine's frames: `[stream u8][0 0 0][size u32]` then the bytes (1 stdout, 2 stderr). */
  private demux(chunk: Buffer): void {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.engineRemaining === 0) {
        const need = 8 - this.engineHeader.length;
        this.engineHeader = Buffer.concat([this.engineHeader, chunk.subarray(offset, offset + need)]);
        offset += Math.min(need, chunk.length - offset);
        if (this.engineHeader.length < 8) return;
        this.engineStream = this.engineHeader[0];
        this.engineRemaining = this.engineHeader.readUInt32BE(4);
        this.engineHeader = Buffer.alloc(0);
        continue;
      }
      const take = Math.min(this.engineRemaining, chunk.length - offset);
      const piece = chunk.subarray(offset, offset + take);
      offset += take;
      this.engineRemaining -= take;
      if (this.engineStream === 1) this.reader.push(piece);
      else this.stderrTail = (this.stderrTail + piece.toString('utf8')).slice(-2000);
    }
  }
}
