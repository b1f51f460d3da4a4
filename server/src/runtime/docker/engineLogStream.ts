import { StringDecoder } from 'node:string_decoder';

// A "line" without a newline is cut here, so a runaway writer cannot grow the panel's memory.
const MAX_LINE = 16 * 1024;

/** One console line from the engine's log, with the engine's timestamp (nanoseconds since the epoch). */
export interface EngineLine {
  at: bigint;
  text: string;
}

/** RFC 3339 with nanoseconds (the engine's `timestamps=true` prefix) → nanoseconds since the epoch. */
export function parseEngineTime(text: string): bigint | null {
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?Z$/.exec(text);
  if (!match) return null;
  const seconds = BigInt(Math.floor(Date.parse(`${match[1]}Z`) / 1000));
  return seconds * 1_000_000_000n + BigInt((match[2] ?? '').padEnd(9, '0'));
}

/**
 * Splits the engine's multiplexed log stream (a container without a TTY: 8-byte frame headers
 * naming stdout or stderr, then the payload) into timestamped lines, stdout and stderr each kept
 * whole to its own line ends. An attach stream has the same frames without timestamps
 * (`timestamps: false`: every line is text, its time 0).
 */
export class EngineLogSplitter {
  private pending: Buffer = Buffer.alloc(0);
  private readonly partial = ['', '', ''];
  private readonly decoders = [new StringDecoder('utf8'), new StringDecoder('utf8'), new StringDecoder('utf8')];

  constructor(
    private readonly onLines: (lines: EngineLine[]) => void,
    private readonly options: { timestamps: boolean } = { timestamps: true },
  ) {}

  push(chunk: Buffer): void {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const lines: EngineLine[] = [];
    while (this.pending.length >= 8) {
      const kind = this.pending[0];
      const size = this.pending.readUInt32BE(4);
      if (this.pending.length < 8 + size) break;
      const payload = this.pending.subarray(8, 8 + size);
      this.pending = this.pending.subarray(8 + size);
      const stream = kind === 2 ? 2 : 1;
      this.take(stream, this.decoders[stream].write(payload), lines);
    }
    if (lines.length > 0) this.onLines(lines);
  }

  private take(stream: number, text: string, out: EngineLine[]): void {
    const parts = (this.partial[stream] + text).split('\n');
    this.partial[stream] = parts.pop() ?? '';
    if (this.partial[stream].length > MAX_LINE) {
      parts.push(this.partial[stream]);
      this.partial[stream] = '';
    }
    for (const part of parts) {
      const text = part.endsWith('\r') ? part.slice(0, -1) : part;
      out.push(this.options.timestamps ? splitTimestamp(text) : { at: 0n, text });
    }
  }
}

/** `2024-01-01T00:00:00.123456789Z text` → its time and text (a line without one gets time 0). */
function splitTimestamp(line: string): EngineLine {
  const space = line.indexOf(' ');
  const at = space > 0 ? parseEngineTime(line.slice(0, space)) : null;
  return at === null ? { at: 0n, text: line } : { at, text: line.slice(space + 1) };
}
