#!/usr/bin/env node
/**
 * bench/docker: what running game servers on a Docker node costs next to the local driver,
 * measured side by side in one run. It starts a throw-away Docker Engine (scripts/docker-engine.sh,
 * in a network namespace of its own, removed at the end) and runs the real panel (benchPanel.ts)
 * once with the local driver and once with the Docker driver on that engine, reached as a node
 * is: over TCP with mutual TLS. For each it measures
 *   - the embedded Minecraft server (flying-squid template): from the start action to its "Done"
 *     line, median of BENCH_DOCKER_ROUNDS (5) starts, the two panels' rounds alternating;
 *   - console lines per second delivered to a websocket client authenticated like the web app
 *     (bench/console's flood server and client; BENCH_DOCKER_SECONDS (8) of measuring, a flood of
 *     BENCH_DOCKER_LINES (3,000,000) lines).
 *   - a 10,000-entry folder listed through the files API, a 1 GiB backup through the backups API,
 *     and the panel's memory rise during these (filesFigures.mjs).
 * Targets: Docker's start ≤ local's + 0.5 s; Docker's console rate ≥ half of local's; on Docker,
 * the listing ≤ 150 ms, the backup ≥ 80 MB/s (10^6 bytes; 76.3 MiB/s), the panel's memory rise ≤ 50 MiB.
 * BENCH_DOCKER_PARTS (start,console,files) picks the parts measured; `engine` adds what the engine
 * itself streams to a plain attach client, without a panel (engineStream.ts: no target, it tells
 * whether a slow Docker console is the engine's or the panel's). Needs root (the engine does).
 */
import { execFileSync, spawn } from 'node:child_process';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { measureSocket } from '../console/measureSocket.mjs';
import { saveResult } from '../results.mjs';
import { filesLines, filesTarget, measureFiles } from './filesFigures.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const engineScript = join(root, 'scripts/docker-engine.sh');
const seconds = Number(process.env.BENCH_DOCKER_SECONDS ?? 8);
const lines = Number(process.env.BENCH_DOCKER_LINES ?? 3_000_000);
const rounds = Number(process.env.BENCH_DOCKER_ROUNDS ?? 5);
const parts = new Set((process.env.BENCH_DOCKER_PARTS ?? 'start,console,files').split(','));
const target = { startExtraMs: 500, consoleRatio: 0.5, ...filesTarget };

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const machineLoad = () => `machine load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores`;

/** Starts the panel with one driver; `ask` sends it a command and resolves with its answer. */
function startBenchPanel(side, engineEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'benchPanel.ts')], {
    cwd: root,
    env: { ...process.env, ...engineEnv, BENCH_DOCKER_DRIVER: side },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  const waiting = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('{')) waiting.shift()?.resolve(JSON.parse(line));
  });
  exited.then((code) => {
    for (const pending of waiting.splice(0)) pending.reject(new Error(`the ${side} panel exited (code ${code})`));
  });
  const answer = () => new Promise((resolve, reject) => waiting.push({ resolve, reject }));
  const ready = answer();
  const ask = (command) => {
    const answered = answer();
    child.stdin.write(`${command}\n`);
    return answered.then((value) => {
      if (value.error) throw new Error(`the ${side} panel: ${value.error}`);
      return value;
    });
  };
  const stop = async () => {
    child.stdin.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    await exited;
    clearTimeout(timer);
  };
  return { side, ready, ask, stop, startMs: [] };
}

/** Start rounds alternating between the panels (each round's first side alternating too). */
async function timeStarts(panels) {
  for (let round = 0; round < rounds; round++) {
    for (const panel of round % 2 ? [...panels].reverse() : panels) {
      const { startMs } = await panel.ask('round');
      panel.startMs.push(startMs);
      console.log(`${panel.side}: flying-squid start to "Done" ${startMs} ms (${machineLoad()})`);
    }
  }
}

async function measureConsole(panel) {
  console.log(`${panel.side}: console socket, flood of ${lines} lines, measuring ${seconds} s (${machineLoad()})…`);
  const served = await panel.ask('flood');
  return measureSocket({ baseUrl: served.baseUrl, serverId: served.serverId, token: served.token, panelPid: served.pid, seconds, lines });
}

/** The engine part: engineStream.ts in a process of its own, its JSON answer. */
function measureEngine(engineEnv) {
  console.log(`engine: a plain attach client, ${rounds} rounds of each way of logging (${machineLoad()})…`);
  const output = execFileSync(process.execPath, ['--import', 'tsx', join(here, 'engineStream.ts')], {
    cwd: root,
    env: { ...process.env, ...engineEnv },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(output.trim().split('\n').pop()).ways;
}

async function measure(engineEnv) {
  const panels = [];
  const panelParts = ['start', 'console', 'files'].some((part) => parts.has(part));
  try {
    for (const side of panelParts ? ['local', 'docker'] : []) {
      console.log(`${side} driver: starting the panel and installing its servers (${machineLoad()})…`);
      const panel = startBenchPanel(side, engineEnv);
      panels.push(panel);
      await panel.ready;
    }
    const figures = { local: {}, docker: {} };
    if (parts.has('engine')) figures.engine = measureEngine(engineEnv);
    if (parts.has('start')) {
      await timeStarts(panels);
      for (const panel of panels) Object.assign(figures[panel.side], { startMs: panel.startMs, startMedianMs: median(panel.startMs) });
    }
    if (parts.has('files')) {
      const files = await measureFiles(panels, join(root, 'bench/backups/folder.ts'), machineLoad);
      for (const panel of panels) figures[panel.side].files = files[panel.side];
    }
    // Last: the flood server's lines keep coming in for a while after the measurement.
    if (parts.has('console')) for (const panel of panels) figures[panel.side].socket = await measureConsole(panel);
    return figures;
  } finally {
    await Promise.all(panels.map((panel) => panel.stop()));
  }
}

async function main() {
  if (process.getuid?.() !== 0) throw new Error('bench/docker needs root: the Docker Engine it starts does');
  const output = execFileSync('bash', [engineScript, 'start'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const engineEnv = Object.fromEntries(
    output
      .trim()
      .split('\n')
      .map((line) => line.split('=', 2)),
  );
  const printed = [];
  const figures = { target, seconds, floodLines: lines };
  let ok = false;
  try {
    Object.assign(figures, await measure(engineEnv));
    const { local, docker } = figures;
    const met = [];
    const sign = (ms) => `${ms >= 0 ? '+' : '−'}${Math.abs(ms)} ms`;
    if (parts.has('start')) {
      const startMet = docker.startMedianMs <= local.startMedianMs + target.startExtraMs;
      met.push(startMet);
      printed.push(
        `flying-squid start to "Done" (median of ${local.startMs.length}): local ${local.startMedianMs} ms, docker ${docker.startMedianMs} ms (${sign(docker.startMedianMs - local.startMedianMs)}; target ≤ local + ${target.startExtraMs} ms: ${startMet ? 'met' : 'NOT met'})`,
        `start samples (alternating rounds): local ${JSON.stringify(local.startMs)}, docker ${JSON.stringify(docker.startMs)}`,
      );
    }
    if (parts.has('console')) {
      const consoleMet = docker.socket.linesPerSecond >= local.socket.linesPerSecond * target.consoleRatio;
      met.push(consoleMet);
      printed.push(
        `console lines/s to a websocket client: local ${local.socket.linesPerSecond}, docker ${docker.socket.linesPerSecond} (${Math.round((docker.socket.linesPerSecond / Math.max(1, local.socket.linesPerSecond)) * 100)} % of local; target ≥ 50 %: ${consoleMet ? 'met' : 'NOT met'})`,
        `panel CPU while streaming: local ${local.socket.panelCpuMsPer10kLines} ms, docker ${docker.socket.panelCpuMsPer10kLines} ms per 10,000 lines; skipped for the client: local ${local.socket.linesSkippedByPanel}, docker ${docker.socket.linesSkippedByPanel}; lost: local ${local.socket.linesLost ?? 'unknown'}, docker ${docker.socket.linesLost ?? 'unknown'}`,
      );
    }
    if (parts.has('engine')) {
      const ways = figures.engine.map((way) => `${way.way} ${way.linesPerSecond} lines/s (dockerd ${way.engineCpuMsPer10k} ms per 10,000 lines)`);
      printed.push(`the engine's own attached stream, no panel (median of ${rounds}), its log: ${ways.join('; ')}`);
    }
    if (parts.has('files')) {
      const files = filesLines({ local: local.files, docker: docker.files });
      met.push(files.ok);
      printed.push(...files.lines);
    }
    printed.push(`the Docker engine reached over TCP with mutual TLS; ${machineLoad()}`);
    ok = met.every(Boolean);
    for (const line of printed) console.log(line);
  } finally {
    saveResult('docker', { ok, lines: printed, ...figures });
    execFileSync('bash', [engineScript, 'stop', engineEnv.PANEL_DOCKER_DIR], { stdio: 'inherit' });
  }
  if (!ok) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
