/**
 * A real Docker Engine for e2e runs, as Jest's global set-up starts one: scripts/docker-engine.sh
 * installs Debian's docker.io when missing and runs dockerd in a network namespace of its own,
 * joined to this machine over a veth pair (the node's address is not the panel's). Stopping it
 * undoes what the engine changed on the host. Without root there is none, and the e2e specs that
 * need it say why.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const script = join(process.cwd(), 'scripts', 'docker-engine.sh');

/**
 * The engines of this run (the second one a spec may start too) belong to the runner's process: a
 * later run removes them should this one be killed before it stops them (docker-engine.sh sweep).
 * Only the runner calls this; a spec's process ends long before the run does.
 */
function ownTheRunsEngines() {
  process.env.PANEL_DOCKER_OWNER_PID = String(process.pid);
}

/**
 * Starts the engine; answers { dir, env } (env for the specs) or { problem } when there can be none.
 * Asynchronous, so the runner builds the web app while the engine starts (mostly waiting on dockerd).
 */
export async function startTestDockerEngine() {
  if (process.getuid?.() !== 0) return { problem: 'the tests do not run as root, and a Docker Engine needs root' };
  if (process.env.PANEL_TEST_DOCKER === '0') return { problem: 'PANEL_TEST_DOCKER=0 turned the test Docker Engine off' };
  ownTheRunsEngines();
  try {
    const child = promisify(execFile)('bash', [script, 'start'], { encoding: 'utf8', timeout: 300_000, maxBuffer: 64 * 1024 * 1024 });
    // The script's progress and errors go to the runner's output, as before.
    child.child.stderr?.pipe(process.stderr);
    const { stdout: output } = await child;
    const values = Object.fromEntries(output.split('\n').map((line) => line.split('=', 2)));
    return {
      dir: values.PANEL_DOCKER_DIR,
      env: { E2E_DOCKER_HOST: values.DOCKER_HOST, E2E_DOCKER_PUBLIC_HOST: values.PANEL_DOCKER_PUBLIC_HOST },
    };
  } catch (error) {
    return { problem: `the test Docker Engine did not start: ${error.message}` };
  }
}

/** Stops the engine and removes its namespace, veth pair, mounts and folder. */
export function stopTestDockerEngine(dir) {
  if (dir) execFileSync('bash', [script, 'stop', dir], { stdio: 'inherit', timeout: 120_000 });
}

/**
 * A second engine as node B, started by the first spec that needs it (most specs need none, and
 * an engine costs the run its start-up): its output is kept at `record`, which the runner's
 * teardown reads to stop it. Answers what the spec registers the node with: its TLS address and
 * the PEM texts of its CA and client certificate, and its public address.
 */
export function secondTestDockerEngine(record, { imagesFrom } = {}) {
  if (!existsSync(record)) {
    const output = execFileSync('bash', [script, 'start'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 300_000 });
    writeFileSync(record, output);
  }
  const values = Object.fromEntries(
    readFileSync(record, 'utf8')
      .split('\n')
      .map((line) => line.split('=', 2)),
  );
  // Once per engine: the runner may have started it early, before the first engine had images.
  if (imagesFrom && values.PANEL_IMAGES_COPIED !== '1') {
    copyPanelImages(imagesFrom, values.DOCKER_HOST);
    appendFileSync(record, '\nPANEL_IMAGES_COPIED=1\n');
  }
  return {
    dockerHost: values.PANEL_DOCKER_TLS_HOST,
    publicHost: values.PANEL_DOCKER_PUBLIC_HOST,
    tls: { ca: readFileSync(values.PANEL_DOCKER_TLS_CA, 'utf8'), cert: readFileSync(values.PANEL_DOCKER_TLS_CERT, 'utf8'), key: readFileSync(values.PANEL_DOCKER_TLS_KEY, 'utf8') },
  };
}

/**
 * Gives the engine at `to` the panel's images the engine at `from` has already built
 * (`docker save | docker load`, a few seconds), so a second node starts with them instead of
 * building each again when its first server needs it. One that fails is built on demand as before.
 */
function copyPanelImages(from, to) {
  const images = execFileSync('docker', ['-H', from, 'images', '--format', '{{.Repository}}:{{.Tag}}'], { encoding: 'utf8', timeout: 30_000 })
    .split('\n')
    .filter((name) => name.startsWith('panel/'));
  if (images.length === 0) return;
  try {
    execFileSync('bash', ['-o', 'pipefail', '-c', 'docker -H "$1" save "${@:3}" | docker -H "$2" load -q', 'copy', from, to, ...images], { stdio: ['ignore', 'ignore', 'inherit'], timeout: 180_000 });
  } catch (error) {
    console.log(`The panel's images were not copied to the second engine (${error.message}); it builds them when asked.`);
  }
}

/**
 * Starts node B ahead of the spec that needs it (the runner does so while the web app builds),
 * keeping its output at `record` as secondTestDockerEngine does. Answers a problem text, or null.
 */
export async function startSecondTestDockerEngine(record) {
  ownTheRunsEngines();
  // A killed run of an earlier process with this pid may have left its record: its engine is gone.
  rmSync(record, { force: true });
  try {
    const child = promisify(execFile)('bash', [script, 'start'], { encoding: 'utf8', timeout: 300_000, maxBuffer: 64 * 1024 * 1024 });
    child.child.stderr?.pipe(process.stderr);
    writeFileSync(record, (await child).stdout);
    return null;
  } catch (error) {
    return `the second test Docker Engine did not start early: ${error.message}`;
  }
}

/** Stops the second engine a spec or the runner started (nothing when none did). */
export function stopSecondTestDockerEngine(record) {
  if (!existsSync(record)) return;
  const dir = readFileSync(record, 'utf8').match(/^PANEL_DOCKER_DIR=(.*)$/m)?.[1];
  if (dir) execFileSync('bash', [script, 'stop', dir], { stdio: 'inherit', timeout: 120_000 });
  rmSync(record, { force: true });
}
