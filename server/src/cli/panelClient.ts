import { connect } from 'node:net';
import { join } from 'node:path';

/**
 * The CLI's side of the control socket. It loads nothing of the panel, so a command sent to a
 * running panel starts in a fraction of the time the whole server's code would take to load.
 */

/** A command's answer as it travels over the control socket. */
export type CliAnswer = { ok: true; result: unknown } | { ok: false; status: number; message: string; errors?: Record<string, string[]> };

/** Where a running panel listens for its CLI: a unix socket only its own user can open. */
export const controlSocketPath = (dataDir: string): string => join(dataDir, 'panel.sock');

/** CLI side: sends a command line to a running panel. Rejects with ENOENT/ECONNREFUSED when none runs. */
export function sendToPanel(path: string, argv: string[]): Promise<CliAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    let output = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ argv })}\n`));
    socket.on('data', (chunk: string) => (output += chunk));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(output) as CliAnswer);
      } catch {
        reject(new Error('The panel gave no answer.'));
      }
    });
    socket.on('error', reject);
  });
}
