import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const script = join(__dirname, '..', '..', '..', 'scripts', 'docker-engine.sh');

/** What the global set-up hands the test workers about the run's Docker Engine (through the environment). */
export const DOCKER_ENV = {
  dir: 'PANEL_TEST_DOCKER_DIR',
  host: 'PANEL_TEST_DOCKER_HOST',
  publicHost: 'PANEL_TEST_DOCKER_PUBLIC_HOST',
  hostAddress: 'PANEL_TEST_DOCKER_HOST_ADDRESS',
  tlsHost: 'PANEL_TEST_DOCKER_TLS_HOST',
  tlsCa: 'PANEL_TEST_DOCKER_TLS_CA',
  tlsCert: 'PANEL_TEST_DOCKER_TLS_CERT',
  tlsKey: 'PANEL_TEST_DOCKER_TLS_KEY',
  problem: 'PANEL_TEST_DOCKER_PROBLEM',
} as const;

/**
 * Starts the run's Docker Engine (scripts/docker-engine.sh: installed with apt-get when missing,
 * in a network namespace of its own) and records where it answers in the environment the test
 * workers inherit. Without root there is none, and the tests needing it say why.
 */
export function startTestDockerEngine(): void {
  if (process.getuid?.() !== 0) {
    process.env[DOCKER_ENV.problem] = 'the tests do not run as root, and a Docker Engine needs root';
    return;
  }
  if (process.env.PANEL_TEST_DOCKER === '0') {
    process.env[DOCKER_ENV.problem] = 'PANEL_TEST_DOCKER=0 turned the test Docker Engine off';
    return;
  }
  try {
    const output = execFileSync('bash', [script, 'start'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 300_000 });
    const values = Object.fromEntries(output.split('\n').map((line) => line.split('=', 2) as [string, string]));
    process.env[DOCKER_ENV.dir] = values.PANEL_DOCKER_DIR;
    process.env[DOCKER_ENV.host] = values.DOCKER_HOST;
    process.env[DOCKER_ENV.publicHost] = values.PANEL_DOCKER_PUBLIC_HOST;
    process.env[DOCKER_ENV.hostAddress] = values.PANEL_DOCKER_HOST_ADDRESS;
    process.env[DOCKER_ENV.tlsHost] = values.PANEL_DOCKER_TLS_HOST;
    process.env[DOCKER_ENV.tlsCa] = values.PANEL_DOCKER_TLS_CA;
    process.env[DOCKER_ENV.tlsCert] = values.PANEL_DOCKER_TLS_CERT;
    process.env[DOCKER_ENV.tlsKey] = values.PANEL_DOCKER_TLS_KEY;
  } catch (error) {
    process.env[DOCKER_ENV.problem] = `the test Docker Engine did not start: ${(error as Error).message}`;
  }
}

/** Stops the run's engine and removes its namespace, veth pair, mounts and folder. */
export function stopTestDockerEngine(): void {
  const dir = process.env[DOCKER_ENV.dir];
  if (!dir) return;
  execFileSync('bash', [script, 'stop', dir], { stdio: 'inherit', timeout: 120_000 });
  delete process.env[DOCKER_ENV.dir];
}

/** The run's engine for a test file: its socket, the node's public address and this machine's address as the node sees it. */
export function testDockerEngine(): { dockerHost: string; publicHost: string; hostAddress: string } {
  const dockerHost = process.env[DOCKER_ENV.host];
  if (!dockerHost) throw new Error(`No test Docker Engine: ${process.env[DOCKER_ENV.problem] ?? 'the global set-up did not start one'}.`);
  return { dockerHost, publicHost: process.env[DOCKER_ENV.publicHost] ?? '', hostAddress: process.env[DOCKER_ENV.hostAddress] ?? '' };
}

/**
 * The run's engine as a remote node is reached: its TCP address (mutual TLS, the server
 * certificate names the node's IP) and the PEM files of its CA and of a client certificate.
 */
export function testDockerEngineTls(): { dockerHost: string; files: { ca: string; cert: string; key: string }; tls: { ca: string; cert: string; key: string } } {
  testDockerEngine();
  const dockerHost = process.env[DOCKER_ENV.tlsHost];
  const files = { ca: process.env[DOCKER_ENV.tlsCa] ?? '', cert: process.env[DOCKER_ENV.tlsCert] ?? '', key: process.env[DOCKER_ENV.tlsKey] ?? '' };
  if (!dockerHost || !files.ca) throw new Error('The test Docker Engine has no TLS address: the global set-up did not record one.');
  return { dockerHost, files, tls: { ca: readFileSync(files.ca, 'utf8'), cert: readFileSync(files.cert, 'utf8'), key: readFileSync(files.key, 'utf8') } };
}
