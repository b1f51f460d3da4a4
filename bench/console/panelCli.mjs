/**
 * Runs `npm run panel -- <command>` operations inside a running panel through its control
 * socket (<dataDir>/panel.sock), the way the CLI does: one JSON line in, one JSON answer out.
 */
import { connect } from 'node:net';
import { join } from 'node:path';

/** Runs one CLI command line; resolves with its result or rejects with the panel's message. */
export function panelCli(dataDir, argv) {
  return new Promise((resolve, reject) => {
    const socket = connect(join(dataDir, 'panel.sock'));
    let answer = '';
    socket.setEncoding('utf8');
    socket.setTimeout(60_000, () => socket.destroy(new Error(`panel ${argv[0]} timed out`)));
    socket.on('connect', () => socket.write(`${JSON.stringify({ argv })}\n`));
    socket.on('data', (text) => (answer += text));
    socket.on('error', reject);
    socket.on('end', () => {
      try {
        const parsed = JSON.parse(answer);
        if (parsed.ok) resolve(parsed.result);
        else reject(new Error(`panel ${argv[0]} answered ${parsed.status}: ${parsed.message}`));
      } catch {
        reject(new Error(`panel ${argv[0]} gave no answer`));
      }
    });
  });
}
