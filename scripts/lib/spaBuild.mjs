/**
 * Decides whether the single-page app in dist/ is missing or older than its sources, and
 * builds it with `npm run build` when it is. Shared by `npm start`, the e2e runner and
 * the bundle benchmark so that all three serve the same, current build.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (scripts/lib/ is two levels below it). */
export const rootDir = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');

/** Files and folders whose changes make the built SPA stale. */
const sources = ['src', 'public', 'webpack.config.ts', 'babel.config.js', 'package-lock.json'];

/** Newest modification time (ms) of a file, or of any file below a folder; 0 when absent. */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Why the SPA needs building ('missing', 'stale'), or null when dist/index.html is current. */
export function spaBuildReason(root = rootDir) {
  const index = join(root, 'dist', 'index.html');
  if (!existsSync(index)) return 'missing';
  const built = statSync(index).mtimeMs;
  const newest = Math.max(...sources.map((source) => newestMtime(join(root, source))));
  return newest > built ? 'stale' : null;
}

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: rootDir, ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/**
 * Builds the SPA when it is missing or stale. Throws when the build fails, so nobody
 * serves or measures an outdated bundle by accident.
 */
export async function ensureSpaBuilt({ log = console.log } = {}) {
  const reason = spaBuildReason();
  if (!reason) return false;
  log(reason === 'missing' ? 'No build of the web app yet: building it (npm run build)…' : 'The web app changed since the last build: rebuilding it (npm run build)…');
  const code = await run('npm', ['run', 'build']);
  if (code !== 0) throw new Error(`npm run build failed with exit code ${code}`);
  return true;
}
