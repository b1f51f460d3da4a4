import type Docker from 'dockerode';
import type { Duplex, Readable } from 'node:stream';
import { RingBuffer } from '../RingBuffer';
import { EngineLogSplitter, type EngineLine } from './engineLogStream';
import { sendAtOnce } from './dockerClient';

/** Settles once the engine's stream ended (the container stopped) or was closed. */
const endOf = (stream: Readable | Duplex): Promise<void> =>
  new Promise((resolve) => {
    stream.once('end', resolve);
    stream.once('close', resolve);
  });

/**
 * One container's console: the container's output streamed into the panel (the last lines kept
 * in a ring, as the local driver keeps its log's tail), and its standard input held open for
 * commands. A container the panel starts is attached to before it starts (`openInput` with its
 * output): the engine hands the attached stream what the game writes as it writes it, several
 * times faster than following its log file, and nothing is missed (the engine writes its log from a
 * buffer of its own, so the attached stream never waits for it). The engine keeps the log too, so
 * after a panel restart the history is read back from it and following the log resumes after the
 * last line read: nothing is shown twice, nothing the log holds is lost.
 * Panel notices are not in the engine's log: they go to the ring and the listeners only.
 */
export class ContainerConsole {
  private container: Docker.Container | null = null;
  private logs: Readable | null = null;
  private stdin: Duplex | null = null;
  private lastAt = 0n;
  /** How many lines read so far carry exactly `lastAt` (a fast writer's lines share timestamps). */
  private seenAtLast = 0;
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
    this.seenAtLast = 0;
  }

  private record(line: EngineLine): void {
    if (line.at > this.lastAt) {
      this.lastAt = line.at;
      this.seenAtLast = 1;
    } else if (line.at === this.lastAt) this.seenAtLast++;
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
      this.record(line);
    }
    return lines.map((line) => line.text);
  }

  /**
   * Follows the log from after the last line seen (the whole log of a container never followed).
   * The engine resumes at a whole second, so the lines up to the last one seen come again: they
   * are skipped by their time, and those sharing its exact time by their count. From the first
   * line after it on, every line is new: lines never compare by time while following live (many
   * share a timestamp, and stderr's may be a little older than stdout's). The log is written from
   * a buffer (see consoleLogConfig): what a flood outran there is missing here too, until the
   * server's next start attaches to its output again.
   */
  async follow(): Promise<void> {
    this.unfollow();
    const since = Number(this.lastAt / 1_000_000_000n);
    const resumeAt = this.lastAt;
    let repeatsLeft = this.seenAtLast;
    let caughtUp = resumeAt === 0n;
    const stream = (await this.current().logs({ stdout: true, stderr: true, timestamps: true, follow: true, since })) as unknown as Readable;
    this.logs = stream;
    const splitter = new EngineLogSplitter((batch) => {
      const fresh = caughtUp
        ? batch
        : batch.filter((line) => {
            if (caughtUp || line.at === 0n) return true;
            if (line.at < resumeAt) return false;
            if (line.at === resumeAt && repeatsLeft > 0) {
              repeatsLeft--;
              return false;
            }
            caughtUp = true;
            return true;
          });
      this.deliver(fresh);
    });
    stream.on('data', (chunk: Buffer) => splitter.push(chunk));
    stream.on('error', () => undefined); // the engine went away: the exit poll finds out
    this.ended = endOf(stream);
  }

  private deliver(lines: EngineLine[]): void {
    if (lines.length === 0) return;
    const texts: string[] = [];
    for (const line of lines) {
      this.record(line);
      this.ring.push(line.text);
      texts.push(line.text);
    }
    this.onLines(texts);
  }

  /** Waits (a little) for the log to deliver what the container wrote before it stopped. */
  async drain(timeoutMs = 1500): Promise<void> {
    await Promise.race([this.ended, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
  }

  /**
   * Holds the container's standard input (attach), for commands; with `output`, the same attach
   * streams the container's output too (in place of `follow`; attach before the container starts,
   * or its first lines are missed).
   */
  async openInput({ output = false } = {}): Promise<void> {
    this.closeInput();
    const stream = sendAtOnce((await this.current().attach({ stream: true, stdin: true, stdout: output, stderr: output, hijack: true })) as unknown as Duplex);
    stream.on('error', () => undefined);
    this.stdin = stream;
    if (!output) return;
    const splitter = new EngineLogSplitter((lines) => this.deliver(lines), { timestamps: false });
    stream.on('data', (chunk: Buffer) => splitter.push(chunk));
    this.ended = endOf(stream);
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
