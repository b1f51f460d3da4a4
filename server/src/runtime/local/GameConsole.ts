import { join } from 'node:path';
import { RingBuffer } from '../RingBuffer';
import { NOTICE_PREFIX } from '../types';
import { ConsoleCapture, type ConsoleCaptureOptions } from './ConsoleCapture';
import { ConsoleInput } from './ConsoleInput';
import { gameOutputAliases, hostPathMask } from './hostPathMask';

const START_NOTICE = `${NOTICE_PREFIX} Starting the server`;

export interface GameConsoleOptions {
  /** The server's files: paths under it are masked in what customers see. */
  root: string;
  /** The panel's own files for this server: the console log and the input pipe. */
  runtimeDir: string;
  ringSize: number;
  log: ConsoleCaptureOptions;
}

/**
 * A game server's console: its output captured to a log file the panel follows (so it survives a
 * panel restart), the last lines in memory with host paths masked, panel notices written in order
 * with the game's output, and the input pipe the game reads as its stdin.
 */
export class GameConsole {
  readonly ring: RingBuffer<string>;
  private readonly capture: ConsoleCapture;
  private readonly input: ConsoleInput;
  private readonly maskHostPaths: (line: string) => string;

  /** `onLine` hears each new line, masked, in order. */
  constructor(
    private readonly options: GameConsoleOptions,
    onLine: (line: string) => void,
  ) {
    this.ring = new RingBuffer(options.ringSize);
    this.maskHostPaths = hostPathMask(gameOutputAliases(options.root));
    this.capture = new ConsoleCapture(
      join(options.runtimeDir, 'console.log'),
      (lines) => {
        for (const raw of lines) {
          // What customers see names no folder of the host (the log file keeps the line as it was).
          const line = this.maskHostPaths(raw);
          this.ring.push(line);
          onLine(line);
        }
      },
      options.log,
    );
    this.input = new ConsoleInput(join(options.runtimeDir, 'stdin'));
  }

  /** Starts following the log (its last lines fill the ring buffer). */
  async attach(): Promise<void> {
    for (const line of await this.capture.start(this.options.ringSize)) this.ring.push(this.maskHostPaths(line));
  }

  /** Stops following the log. */
  async detach(): Promise<void> {
    await this.capture.stop();
  }

  /** Writes panel notices into the console, in order with the game's output; resolves once they were read back. */
  async notice(...messages: string[]): Promise<void> {
    try {
      await this.capture.append(messages.map((m) => `${NOTICE_PREFIX} ${m}`));
      await this.capture.drain();
    } catch (error) {
      // The server's runtime folder is gone (the server was deleted while a notice was on its
      // way): there is no console left to write to. Many notices are sent without waiting.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
  }

  /** Resolves once everything written to the log so far was read. */
  async drain(): Promise<void> {
    await this.capture.drain();
  }

  /** Writes one line to the game's input; never blocks (ConsoleInputError when it cannot take it). */
  async writeLine(line: string): Promise<void> {
    await this.input.writeLine(line);
  }

  /** A descriptor of the log for the game's stdout and stderr. */
  openOutput(): number {
    return this.capture.openForChild();
  }

  /** A descriptor of the input pipe for the game's stdin. */
  openInput(): number {
    return this.input.openForChild();
  }

  /** Whether the console since the last start notice holds a done line (adopted processes). */
  doneSinceLastStart(doneRegex: RegExp[]): boolean {
    const lines = this.ring.toArray();
    let i = lines.length - 1;
    while (i >= 0 && !lines[i].startsWith(START_NOTICE)) i--;
    return lines.slice(i + 1).some((line) => doneRegex.some((re) => re.test(line)));
  }
}
