/**
 * Starts the real panel server (server/src/server.ts) as a child process on a free loopback
 * port with its own temporary data directory, waits until it answers, and stops it again.
 * Used by the end-to-end runner and the benchmarks, so both exercise what `npm start` runs.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, closeSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { rootDir } from './spaBuild.mjs';

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A random block of 100 ports between 40000 and 49999 for the panel's game servers. */
function gamePortRange() {
  const start = 40000 + Math.floor(Math.random() * 99) * 100;
  return `${start}-${start + 99}`;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Kills what the panel left running from `dataDir`: game servers (and their sandbox wrappers)
 * outlive a panel that stops, so that the next panel run adopts them. A test panel has no next
 * run and its folder is about to be removed, so they would only take CPU from what runs next.
 * Found by their command line (the sandbox binds the server's folder) or working directory.
 */
export function killLeftovers(dataDir) {
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return;
  }
  for (const pid of entries.filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)) {
    try {
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      let cwd = '';
      try {
        cwd = readlinkSync(`/proc/${pid}/cwd`);
      } catch {
        // a process of another user, or already gone
      }
      if (commandLine.includes(dataDir) || cwd === dataDir || cwd.startsWith(`${dataDir}/`)) process.kill(Number(pid), 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

/**
 * Unmounts the servers' disk images a panel mounted under `dataDir` (they stay mounted when it
 * stops, for its next run), deepest first; each loop device goes with its mount. Lazy, so a game
 * still dying there cannot keep it. Synchronous, for exit hooks.
 */
export function unmountLeftovers(dataDir) {
  let points;
  try {
    const real = realpathSync(dataDir);
    points = readFileSync('/proc/self/mountinfo', 'utf8')
      .split('\n')
      .map((line) => line.split(' ')[4])
      .filter((point) => point && (point === real || point.startsWith(`${real}/`)))
      .sort((a, b) => b.length - a.length);
  } catch {
    return;
  }
  for (const point of points) {
    try {
      execFileSync('umount', ['-l', point], { stdio: 'ignore' });
    } catch {
      // unmounted meanwhile
    }
  }
}

/*
 * Panels this process started and has not stopped yet. A script killed from outside (Ctrl-C, a
 * timeout's SIGTERM) never reaches its own `stop()`, and its panel and demo game servers would go
 * on taking CPU from whatever runs next (a benchmark's timed runs). On such a signal, and at an exit
 * that skipped `stop()`, they are killed at once, synchronously.
 */
const running = new Map();
let exitHooksInstalled = false;

function killRunningPanels() {
  for (const [child, dataDir] of running) {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
    if (!dataDir) continue;
    killLeftovers(dataDir);
    unmountLeftovers(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  }
  running.clear();
}

function installExitHooks() {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  process.on('exit', killRunningPanels);
  for (const [signal, number] of [
    ['SIGINT', 2],
    ['SIGTERM', 15],
    ['SIGHUP', 1],
  ]) {
    process.on(signal, () => {
      killRunningPanels();
      // A script with a handler of its own (stopping more than panels) exits from that handler.
      if (process.listenerCount(signal) === 1) process.exit(128 + number);
    });
  }
}

function tail(file, lines = 40) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/**
 * Starts the panel. `env` is added to the environment (PANEL_DEMO_PASSWORD, LOG_LEVEL, ...);
 * the server's output goes straight to `logFile` (no pipe through this process).
 * Resolves with { baseUrl, port, dataDir, logFile, stop(), kill() } once GET /api/v2/auth/current answers.
 * `dataDir` shares a data directory the caller made (several panel processes): the caller then
 * removes it, and what runs from it, when every panel on it has stopped. `entry` starts another
 * module than server/src/server.ts (one that imports it after setting something up). `root` is the
 * checkout whose server runs (its working directory, `entry` relative to it): another checkout's
 * for a benchmark comparing two trees side by side.
 */
export async function startPanel({ env = {}, logFile, timeoutMs = 120_000, dataDir: sharedDataDir, entry = 'server/src/server.ts', root = rootDir } = {}) {
  const port = await freePort();
  const dataDir = sharedDataDir ?? mkdtempSync(join(tmpdir(), 'panel-data-'));
  const log = logFile ?? join(dataDir, sharedDataDir ? `panel-${port}.log` : 'panel.log');
  mkdirSync(dirname(log), { recursive: true });
  const fd = openSync(log, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    stdio: ['ignore', fd, fd],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PANEL_DATA_DIR: dataDir,
      // Game servers of this panel get their own block of ports, away from a panel run by hand.
      PANEL_PORT_RANGE: gamePortRange(),
      // SFTP on a free port (the API's server details say which), never the 2022 of a panel run by hand.
      PANEL_SFTP_PORT: '0',
      ...env,
    },
  });
  closeSync(fd);
  installExitHooks();
  // A shared data directory (null here) is the caller's to clean up.
  running.set(child, sharedDataDir ? null : dataDir);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const baseUrl = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      let timer;
      const done = await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(() => resolve(null), 15_000)))]);
      // A pending timer would keep whoever started the panel (a Jest worker) alive for 15 s.
      clearTimeout(timer);
      if (!done) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    running.delete(child);
    if (sharedDataDir) return;
    killLeftovers(dataDir);
    unmountLeftovers(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  };
  /** Kills the panel at once (no shutdown of its own: a crash, an OOM kill); `stop()` still cleans up. */
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  };

  const deadline = Date.now() + timeoutMs;
  let early = null;
  exited.then((result) => (early = result));
  while (Date.now() < deadline) {
    if (early) {
      const output = tail(log);
      await stop();
      throw new Error(`The panel exited during start-up (code ${early.code}, signal ${early.signal}):\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/v2/auth/current`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      return { baseUrl, port, dataDir, logFile: log, pid: child.pid, stop, kill };
    } catch {
      await sleep(250);
    }
  }
  const output = tail(log);
  await stop();
  throw new Error(`The panel did not answer within ${timeoutMs / 1000} s:\n${output}`);
}
