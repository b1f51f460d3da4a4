/**
 * The agent's frames to the panel, gathered while one turn of the event loop lasts and written
 * together: a file of a backup is three frames (its description, its bytes, the end), and each
 * write to standard output is a write to the engine's pipe, a read and a copy by the engine, and
 * a record on the panel's connection. Written at once when a megabyte is waiting; a frame of a
 * quarter of that or more is written on its own.
 */
export class BatchedOutput {
  private pending: Buffer[] = [];
  private bytes = 0;
  private scheduled = false;

  constructor(
    private readonly write: (chunk: Buffer) => void,
    private readonly maxBytes = 1024 * 1024,
  ) {}

  push(frame: Buffer): void {
    // A large frame goes as it is, after what waits before it: gathering it would copy it again.
    if (frame.length >= this.maxBytes / 4) {
      this.flush();
      this.write(frame);
      return;
    }
    this.pending.push(frame);
    this.bytes += frame.length;
    if (this.bytes >= this.maxBytes) this.flush();
    else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  /** Writes what is waiting (before the agent leaves, too). */
  flush(): void {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    const chunk = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending, this.bytes);
    this.pending = [];
    this.bytes = 0;
    this.write(chunk);
  }
}
