#!/usr/bin/env node
/**
 * `npm start`: builds the web app when dist/ is missing or older than its sources, then runs
 * the panel server (API, web app, websocket and translation service) on HOST:PORT
 * (127.0.0.1:8080 by default) with the embedded database and demo data.
 *
 * SIGINT and SIGTERM are passed on to the server, which stops accepting connections,
 * finishes in-flight requests and closes the database before it exits.
 */
import { spawn } from 'node:child_process';
import { ensureSpaBuilt, rootDir } from './lib/spaBuild.mjs';

async function main() {
  if (process.env.PANEL_SKIP_BUILD !== '1') await ensureSpaBuilt();

  // `node --import tsx` runs the TypeScript server in this one child process (no extra tsx wrapper).
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: rootDir,
    stdio: 'inherit',
    env: process.env,
  });

  let stopping = false;
  const forward = (signal) => {
    // A terminal's Ctrl+C reaches the whole process group; the server ignores a second signal.
    stopping = true;
    if (server.exitCode === null) server.kill(signal);
  };
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  process.on('SIGHUP', forward);

  server.on('exit', (code, signal) => {
    if (signal && !stopping) console.error(`The panel server was killed by ${signal}.`);
    process.exit(code ?? (signal ? 128 : 1));
  });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
