import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { logUnhandledFaults } from '../../../server/src/lib/lastResortLog';

const run = promisify(execFile);

describe('the last-resort log', () => {
  it('writes an unhandled rejection and an uncaught exception to the log with their errors', () => {
    const entries: Array<{ level: string; fields: Record<string, unknown>; message: string }> = [];
    const log = {
      error: (fields: Record<string, unknown>, message: string) => entries.push({ level: 'error', fields, message }),
      fatal: (fields: Record<string, unknown>, message: string) => entries.push({ level: 'fatal', fields, message }),
    };
    const stop = logUnhandledFaults(log as never);
    try {
      const rejected = new Error('nobody awaited this');
      process.emit('unhandledRejection', rejected, Promise.resolve());
      const thrown = new Error('an error event without a listener');
      // Typed as emitted by Node only; the listener is called the same way.
      (process.emit as (event: string, ...args: unknown[]) => boolean)('uncaughtException', thrown, 'uncaughtException');
      expect(entries).toEqual([
        { level: 'error', fields: { err: rejected }, message: expect.stringMatching(/unhandled promise rejection/) },
        { level: 'fatal', fields: { err: thrown, origin: 'uncaughtException' }, message: expect.stringMatching(/uncaught exception/) },
      ]);
    } finally {
      stop();
    }
  });

  it('keeps a real process running after an error event nobody listens to', async () => {
    // A process of its own, run as the panel runs (tsx): Jest's own handlers would catch the error in this one.
    const script = `
      import { EventEmitter } from 'node:events';
      import { logUnhandledFaults } from ${JSON.stringify(join(__dirname, '../../../server/src/lib/lastResortLog'))};
      const lines: string[] = [];
      logUnhandledFaults({ error: (_f: unknown, m: string) => lines.push(m), fatal: (_f: unknown, m: string) => lines.push(m) } as never);
      setImmediate(() => new EventEmitter().emit('error', new Error('boom')));
      void Promise.reject(new Error('lost'));
      setTimeout(() => console.log(JSON.stringify(lines)), 100);
    `;
    const { stdout } = await run(join(__dirname, '../../../node_modules/.bin/tsx'), ['--eval', script], { timeout: 60_000 });
    const lines = JSON.parse(stdout.trim().split('\n').pop() ?? '[]') as string[];
    expect(lines).toEqual([expect.stringMatching(/unhandled promise rejection/), expect.stringMatching(/uncaught exception/)]);
  });
});
