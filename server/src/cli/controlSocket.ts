import { chmodSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import fp from 'fastify-plugin';
import { ClusteredRuntimeManager } from '../services/cluster/ClusteredRuntimeManager';
import { HttpError } from '../lib/errors';
import { provisioningOf } from '../plugins/provisioning';
import type { ProvisioningContext } from '../services/servers/ProvisioningContext';
import { cliCommands } from './commands';
import { parseArgs } from './parseArgs';
import { controlSocketPath, type CliAnswer } from './panelClient';

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
    const bind = async () => {
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
    };
    // Several processes sharing the data directory: the one running the games answers the CLI.
    if (app.runtime instanceof ClusteredRuntimeManager) app.runtime.lease.onGained(bind);
    else app.addHook('onReady', bind);
    app.addHook('onClose', async () => {
      if (!server) return;
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      rmSync(path, { force: true });
    });
  },
  { name: 'control-socket', dependencies: ['runtime'] },
);
