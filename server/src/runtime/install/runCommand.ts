import { spawn } from 'node:child_process';
import { InstallError } from './InstallError';

/**
 * Runs an install command, streaming its output lines to `log`; rejects with its last lines
 * when it fails, so the customer sees the real error.
 */
export function runCommand(command: string, args: string[], options: { cwd: string; log: (line: string) => void; env?: NodeJS.ProcessEnv }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
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
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', (error) => reject(new InstallError(`Could not run ${command}: ${error.message}`)));
    child.on('close', (code, signal) => {
      if (partial.trim()) options.log(partial);
      if (code === 0) resolve();
      else reject(new InstallError(`${command} failed (${signal ? `signal ${signal}` : `exit code ${code}`})${recent.length ? `: ${recent.join(' | ')}` : ''}`));
    });
  });
}
