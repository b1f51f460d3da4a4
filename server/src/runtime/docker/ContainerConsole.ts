import type Docker from 'dockerode';
import type { Duplex, Readable } from 'node:stream';
import { RingBuffer } from '../RingBuffer';
import { EngineLogSplitter, type EngineLine } from './engineLogStream';

/**
 * One container's console: the engine's log followed into the panel (the last lines kept in a
 * ring, as the local driver keeps its log's tail), and its standard input held open for commands.
 * The engine keeps the log itself, so after a panel restart the history is read back from it and
 * following resumes after the last line read: nothing is shown twice, nothing is lost.
 * Panel notices are not in the engine's log: they go to the ring and the listeners only.
 */
export class ContainerConsole {
  private container: Docker.Container | null = null;
  private logs: Readable | null = null;
  private stdin: Duplex | null = null;
  private lastAt = 0n;
  private ended: Promise<void> = Promise.resolve();

  constructor(
    /** The server's history, kept across its containers (each start makes a new one). */
    readonly ring: RingBuffer<string>,
    private readonly onLines: (lines: string[]) => void,
  ) {}

  /** Follows this container from now on (a new one's log starts empty). */
  use(container: Docker.Container): void {
    this.close();
    this.container = container;
    this.lastAt = 0n;
  }

  private current(): Docker.Container {
    if (!this.container) throw new Error('No container to follow.');
    return this.container;
  }

  /** Fills the ring with the last lines the engine kept (the container's earlier runs included). */
  async loadHistory(): Promise<string[]> {
    const raw = (await this.current().logs({ stdout: true, stderr: true, timestamps: true, tail: this.ring.capacity, follow: false })) as unknown as Buffer;
    const lines: EngineLine[] = [];
    const splitter = new EngineLogSplitter((batch) => lines.push(...batch));
    splitter.push(Buffer.isBuffer(raw) ? raw : Buffer.from(raw));
    for (const line of lines) {
      this.ring.push(line.text);
      if (line.at > this.lastAt) this.lastAt = line.at;
    }
    return lines.map((line) => line.text);
  }

  /** Follows the log from after the last line seen (the whole log of a container never followed). */
  async follow(): Promise<void> {
    this.unfollow();
    const since = Number(this.lastAt / 1_000_000_000n);
    const stream = (await this.current().logs({ stdout: true, stderr: true, timestamps: true, follow: true, since })) as unknown as Readable;
    this.logs = stream;
    const splitter = new EngineLogSplitter((batch) => {
      const fresh = batch.filter((line) => line.at === 0n || line.at > this.lastAt);
      if (fresh.length === 0) return;
      for (const line of fresh) if (line.at > this.lastAt) this.lastAt = line.at;
      const texts = fresh.map((line) => line.text);
      for (const text of texts) this.ring.push(text);
      this.onLines(texts);
    });
    stream.on('data', (chunk: Buffer) => splitter.push(chunk));
    stream.on('error', () => undefined); // the engine went away: the exit poll finds out
    this.ended = new Promise((resolve) => {
      stream.once('end', resolve);
      stream.once('close', resolve);
    });
  }

  /** Waits (a little) for the log to deliver what the container wrote before it stopped. */
  async drain(timeoutMs = 1500): Promise<void> {
    await Promise.race([this.ended, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
  }

  /** Holds the container's standard input (attach), for commands. */
  async openInput(): Promise<void> {
    this.closeInput();
    const stream = (await this.current().attach({ stream: true, stdin: true, stdout: false, stderr: false, hijack: true })) as unknown as Duplex;
    stream.on('error', () => undefined);
    this.stdin = stream;
  }

  /** Writes one line to the game's console input. */
  async write(line: string): Promise<void> {
    const stdin = this.stdin;
    if (!stdin || stdin.destroyed) throw new Error('The console input is closed.');
    await new Promise<void>((resolve, reject) => stdin.write(`${line}\n`, (error) => (error ? reject(error) : resolve())));
  }

  /** A panel notice: kept in the history and shown, not written to the game. */
  notice(lines: string[]): void {
    for (const line of lines) this.ring.push(line);
    this.onLines(lines);
  }

  unfollow(): void {
    this.logs?.destroy();
    this.logs = null;
  }

  closeInput(): void {
    this.stdin?.destroy();
    this.stdin = null;
  }

  close(): void {
    this.unfollow();
    this.closeInput();
  }
}
