import { execFileSync } from 'node:child_process';
import { constants, lstatSync, openSync, promises as fs, rmSync } from 'node:fs';
import { ConsoleInputError } from '../types';

/**
 * A server's console input: a named pipe (FIFO) the game reads as its stdin. The game opens it
 * read-write, so it never sees end-of-file when the panel goes away, and a restarted panel can
 * write to it again.
 */
export class ConsoleInput {
  constructor(readonly path: string) {}

  /** Creates the FIFO (replacing anything else at that path). */
  ensure(): void {
    try {
      if (lstatSync(this.path).isFIFO()) return;
      rmSync(this.path, { force: true });
    } catch {
      // missing: created below
    }
    // Node has no mkfifo; coreutils' is on every Linux machine the local driver runs on.
    execFileSync('mkfifo', ['-m', '600', this.path]);
  }

  /** A read-write descriptor for the child's stdin (Linux opens a FIFO O_RDWR without blocking). */
  openForChild(): number {
    this.ensure();
    return openSync(this.path, constants.O_RDWR);
  }

  /** Writes one line; never blocks (a full pipe or a missing reader is an error). */
  async writeLine(line: string): Promise<void> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.path, constants.O_WRONLY | constants.O_NONBLOCK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new ConsoleInputError(code === 'ENXIO' || code === 'ENOENT' ? 'The server is not reading its console.' : `Console input failed: ${code}`);
    }
    try {
      await handle.write(`${line}\n`);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new ConsoleInputError(code === 'EAGAIN' ? 'The server is not reading its console fast enough; try again.' : `Console input failed: ${code}`);
    } finally {
      await handle.close();
    }
  }
}
