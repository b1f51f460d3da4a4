import { execFile, execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

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
  /** Where the second engine (node B) is recorded once a test file started it. */
  secondRecord: 'PANEL_TEST_DOCKER_B_RECORD',
} as const;

/**
 * Starts the run's Docker Engine (scripts/docker-engine.sh: installed with apt-get when missing,
 * in a network namespace of its own) and records where it answers in the environment the test
 * workers inherit. Without root there is none, and the tests needing it say why.
 */
export async function startTestDockerEngine(): Promise<void> {
  if (process.getuid?.() !== 0) {
    process.env[DOCKER_ENV.problem] = 'the tests do not run as root, and a Docker Engine needs root';
    return;
  }
  if (process.env.PANEL_TEST_DOCKER === '0') {
    process.env[DOCKER_ENV.problem] = 'PANEL_TEST_DOCKER=0 turned the test Docker Engine off';
    return;
  }
  // The engines of this run (the second one a worker starts too) belong to this process: a later
  // run removes them should this one be killed before its teardown (docker-engine.sh sweep).
  process.env.PANEL_DOCKER_OWNER_PID = String(process.pid);
  try {
    const output = await engineScript(['start'], 300_000);
    const values = Object.fromEntries(output.split('\n').map((line) => line.split('=', 2) as [string, string]));
    process.env[DOCKER_ENV.dir] = values.PANEL_DOCKER_DIR;
    process.env[DOCKER_ENV.host] = values.DOCKER_HOST;
    process.env[DOCKER_ENV.publicHost] = values.PANEL_DOCKER_PUBLIC_HOST;
    process.env[DOCKER_ENV.hostAddress] = values.PANEL_DOCKER_HOST_ADDRESS;
    process.env[DOCKER_ENV.tlsHost] = values.PANEL_DOCKER_TLS_HOST;
    process.env[DOCKER_ENV.tlsCa] = values.PANEL_DOCKER_TLS_CA;
    process.env[DOCKER_ENV.tlsCert] = values.PANEL_DOCKER_TLS_CERT;
    process.env[DOCKER_ENV.tlsKey] = values.PANEL_DOCKER_TLS_KEY;
    const record = join(tmpdir(), `panel-docker-b-${process.pid}.env`);
    // A killed run of an earlier process with this pid may have left its record: its engine is gone.
    for (const file of [record, `${record}.lock`, `${record}.part`]) rmSync(file, { force: true });
    process.env[DOCKER_ENV.secondRecord] = record;
  } catch (error) {
    process.env[DOCKER_ENV.problem] = `the test Docker Engine did not start: ${(error as Error).message}`;
  }
}

/** Runs scripts/docker-engine.sh without blocking this process (its messages go to our stderr); resolves with what it printed. */
function engineScript(args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [script, ...args], { stdio: ['ignore', 'pipe', 'inherit'], timeout: timeoutMs });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => (code === 0 ? resolve(output) : reject(new Error(`docker-engine.sh ${args.join(' ')} ended with ${signal ?? `exit code ${code}`}`))));
  });
}

/** Stops the run's engine(s) and removes their namespaces, veth pairs, mounts and folders. */
export function stopTestDockerEngine(): void {
  stopSecondEngine();
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

/** A second engine as another node (B): like the first, in its own namespace, reached over mutual TLS. */
export interface SecondEngine {
  /** Its folder (its pid file is DIR/dockerd.pid). */
  dir: string;
  /** Its unix socket, for the test's own look at it. */
  socket: string;
  publicHost: string;
  /** Its TCP address as the panel reaches a node, and the PEM texts of its CA and a client certificate. */
  dockerHost: string;
  tls: { ca: string; cert: string; key: string };
}

const run = promisify(execFile);

function readSecondEngine(record: string): SecondEngine {
  const values = Object.fromEntries(
    readFileSync(record, 'utf8')
      .split('\n')
      .map((line) => line.split('=', 2) as [string, string]),
  );
  return {
    dir: values.PANEL_DOCKER_DIR,
    socket: values.DOCKER_HOST,
    publicHost: values.PANEL_DOCKER_PUBLIC_HOST,
    dockerHost: values.PANEL_DOCKER_TLS_HOST,
    tls: { ca: readFileSync(values.PANEL_DOCKER_TLS_CA, 'utf8'), cert: readFileSync(values.PANEL_DOCKER_TLS_CERT, 'utf8'), key: readFileSync(values.PANEL_DOCKER_TLS_KEY, 'utf8') },
  };
}

/**
 * The run's second engine (node B), started by the first test file that asks for it (most files
 * need none, and an engine costs the run its start-up) and stopped by the global teardown. One per
 * run: a file that finds another starting it waits for it.
 */
export async function testDockerEngineB(): Promise<SecondEngine> {
  testDockerEngine();
  const record = process.env[DOCKER_ENV.secondRecord];
  if (!record) throw new Error('The global set-up gave no place to record a second test Docker Engine.');
  if (existsSync(record)) return readSecondEngine(record);
  const lock = takeLock(`${record}.lock`);
  if (lock === null) {
    // Another file starts it: its record appears once the engine answers.
    for (let waited = 0; !existsSync(record); waited += 250) {
      if (waited > 300_000) throw new Error('The second test Docker Engine did not start within 300 s.');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return readSecondEngine(record);
  }
  try {
    const { stdout } = await run('bash', [script, 'start'], { encoding: 'utf8', timeout: 300_000 });
    // Written whole, then renamed: a waiting file never reads half a record.
    writeFileSync(`${record}.part`, stdout);
    execFileSync('mv', [`${record}.part`, record]);
    return readSecondEngine(record);
  } finally {
    closeSync(lock);
  }
}

/** Creates the lock file; null when another process holds it. */
function takeLock(path: string): number | null {
  try {
    return openSync(path, 'wx');
  } catch {
    return null;
  }
}

/** Kills the second engine's daemon at once, as a machine that fails (its folder stays for the teardown). */
export function killTestDockerEngineB(engine: SecondEngine): void {
  const pid = Number(readFileSync(join(engine.dir, 'dockerd.pid'), 'utf8'));
  process.kill(pid, 'SIGKILL');
}

function stopSecondEngine(): void {
  const record = process.env[DOCKER_ENV.secondRecord];
  if (!record) return;
  if (existsSync(record)) {
    const dir = readFileSync(record, 'utf8').match(/^PANEL_DOCKER_DIR=(.*)$/m)?.[1];
    if (dir) execFileSync('bash', [script, 'stop', dir], { stdio: 'inherit', timeout: 120_000 });
  }
  for (const file of [record, `${record}.lock`, `${record}.part`]) rmSync(file, { force: true });
}
