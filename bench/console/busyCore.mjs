/**
 * One core kept busy by another process, as on a customer's laptop that is rarely idle: a child
 * Node process spinning a tight loop until stopped. The page part of bench/console measures the
 * console page once on the machine as it is and once with this load, so a page that only keeps
 * its tasks short when it has the machine to itself shows up.
 */
import { spawn } from 'node:child_process';

/** Starts the spinning process; stop() ends it (and resolves once it is gone). */
export function startBusyCore() {
  // The loop reads the clock now and then so the process also ends by itself after ten minutes:
  // a benchmark that dies half-way never leaves a core spinning.
  const spinner = spawn(process.execPath, ['-e', 'const end = Date.now() + 600000; for (let i = 0; ; i++) if ((i & 0xfffff) === 0 && Date.now() > end) break;'], {
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => spinner.once('exit', resolve));
  return {
    pid: spinner.pid,
    stop() {
      if (spinner.exitCode === null && spinner.signalCode === null) spinner.kill('SIGKILL');
      return exited;
    },
  };
}
