import { spawn } from 'node:child_process';
import { closeSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { InstallError } from './InstallError';

/** How a command is run in a sandbox: the program, its arguments and the user (see local/sandbox/Sandbox.ts). */
export interface WrappedCommand {
  file: string;
  args: string[];
  ids: { uid?: number; gid?: number };
  /** Descriptors the process gets from 4 on; closed here once it is spawned. */
  fds: number[];
}

export interface RunCommandOptions {
  cwd: string;
  log: (line: string) => void;
  env?: NodeJS.ProcessEnv;
  /**
   * Runs the command in a sandbox: `wrap` turns the command line into the sandbox's, and the
   * started process waits for a line on descriptor 3 (written once `enter` put it in its cgroup).
   */
  sandbox?: { wrap: (argv: string[]) => WrappedCommand; enter?: (pid: number) => Promise<void> };
}

/**
 * Runs an install command, streaming its output lines to `log`; rejects with its last lines
 * when it fails, so the customer sees the real error.
 */
export function runCommand(command: string, args: string[], options: RunCommandOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const wrapped = options.sandbox?.wrap([command, ...args]);
    let child;
    try {
      child = spawn(wrapped?.file ?? command, wrapped?.args ?? args, {
        cwd: options.cwd,
        env: options.env ?? process.env,
        stdio: ['ignore', 'pipe', 'pipe', wrapped ? 'pipe' : 'ignore', ...(wrapped?.fds ?? [])],
        ...(wrapped?.ids ?? {}),
      });
    } finally {
      for (const fd of wrapped?.fds ?? []) closeSync(fd);
    }
    if (wrapped && child.pid !== undefined) {
      const go = child.stdio[3] as Writable;
      go.on('error', () => undefined);
      const pid = child.pid;
      void (options.sandbox?.enter?.(pid) ?? Promise.resolve()).then(
        () => go.end('go\n'),
        () => child.kill('SIGKILL'),
      );
    }
    const recent: string[] = [];
    let partial = '';
    const onData = (chunk: Buffer) => {
      const parts = (partial + chunk.toString('utf8')).split(/\r?\n|\r/);
      partial = parts.pop() ?? '';
      for (const line of parts) {
        if (!line.trim()) continue;
        options.log(line);
        recent.push(line);
        if (recent.length > 5) recent.shift();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('error', (error) => reject(new InstallError(`Could not run ${command}: ${error.message}`)));
    child.on('close', (code, signal) => {
      if (partial.trim()) options.log(partial);
      if (code === 0) resolve();
      else reject(new InstallError(`${command} failed (${signal ? `signal ${signal}` : `exit code ${code}`})${recent.length ? `: ${recent.join(' | ')}` : ''}`));
    });
  });
}
