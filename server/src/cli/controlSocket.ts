import { chmodSync, rmSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/errors';
import { provisioningOf, type ProvisioningContext } from '../provisioning/ProvisioningContext';
import { cliCommands } from './commands';
import { parseArgs } from './parseArgs';

/** A command's answer as it travels over the control socket. */
export type CliAnswer = { ok: true; result: unknown } | { ok: false; status: number; message: string; errors?: Record<string, string[]> };

/** Where a running panel listens for its CLI: a unix socket only its own user can open. */
export const controlSocketPath = (dataDir: string): string => join(dataDir, 'panel.sock');

/** Runs one CLI command line against a provisioning context. */
export async function runCliCommand(context: ProvisioningContext, argv: string[]): Promise<CliAnswer> {
  const [name, ...rest] = argv;
  const command = cliCommands[name ?? ''];
  if (!command) return { ok: false, status: 404, message: `Unknown command "${name ?? ''}". Run "npm run panel -- help".` };
  try {
    return { ok: true, result: await command.run(context, parseArgs(rest)) };
  } catch (error) {
    if (error instanceof HttpError) {
      const errors = (error as HttpError & { errors?: Record<string, string[]> }).errors;
      return { ok: false, status: error.statusCode, message: error.message, ...(errors ? { errors } : {}) };
    }
    throw error;
  }
}

/**
 * While the panel runs it owns the embedded database and the game processes, so the CLI hands
 * its commands to the panel over this socket instead of opening the database itself.
 */
export const controlSocketPlugin = fp(
  async (app) => {
    const path = controlSocketPath(app.config.dataDir);
    let server: Server | null = null;
    app.addHook('onReady', async () => {
      rmSync(path, { force: true }); // a stale socket of a panel that is gone (the runtime lock proved it)
      server = createServer((socket) => {
        let input = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => {
          input += chunk;
          if (input.length > 64 * 1024) socket.destroy();
          if (!input.includes('\n')) return;
          let argv: string[];
          try {
            argv = (JSON.parse(input.slice(0, input.indexOf('\n'))) as { argv: string[] }).argv;
          } catch {
            socket.end(`${JSON.stringify({ ok: false, status: 400, message: 'Bad request.' })}\n`);
            return;
          }
          runCliCommand(provisioningOf(app), Array.isArray(argv) ? argv.map(String) : []).then(
            (answer) => socket.end(`${JSON.stringify(answer)}\n`),
            (error: Error) => {
              app.log.error({ err: error }, 'CLI command failed');
              socket.end(`${JSON.stringify({ ok: false, status: 500, message: error.message })}\n`);
            },
          );
        });
        socket.on('error', () => undefined);
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(path, () => resolve());
      });
      chmodSync(path, 0o600);
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      rmSync(path, { force: true });
    });
  },
  { name: 'control-socket', dependencies: ['runtime'] },
);

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
