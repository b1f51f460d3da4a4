#!/usr/bin/env node
/**
 * bench/console: a game server that prints numbered lines as fast as it can (floodGame.cjs, a
 * tight write loop bounded in lines and seconds), run by the real panel (embedded database,
 * temporary data directory, free port). Measures
 *   1. console lines per second delivered to a websocket client authenticated like the web app,
 *      with the panel's resident memory (VmRSS) at the start, middle and end of the stream;
 *   2. in Chromium, on /server/{id}/console while 20,000 lines a second stream in (the server
 *      paces its flood): lines per second written into the terminal and the main thread's
 *      longest task, twice: on the machine as it is, then with one core kept busy by another
 *      process (busyCore.mjs), each printed with the load average.
 * Targets: at least 20,000 lines/s delivered with the panel's memory flat (end within
 * 64 MiB of start), and no task over 100 ms in the page in either pass.
 * BENCH_CONSOLE_SECONDS (10) sets the measuring window, BENCH_CONSOLE_LINES (3,000,000) and
 * BENCH_CONSOLE_PAGE_LINES (5,000,000) the lines of each part's flood (enough to outlast the
 * window: the panel reads about half a million lines a second), BENCH_CONSOLE_PAGE_RATE the
 * page part's pace in lines a second (20,000; 0 floods as fast as the server can, which
 * measures how the page sheds what it cannot show); BENCH_CONSOLE_PARTS=socket or page runs
 * one part.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { ensureSpaBuilt, rootDir, run } from '../../scripts/lib/spaBuild.mjs';
import { startPanel } from '../../scripts/lib/panelProcess.mjs';
import { apiJson } from '../apiJson.mjs';
import { saveResult } from '../results.mjs';
import { startBusyCore } from './busyCore.mjs';
import { measurePage } from './measurePage.mjs';
import { measureSocket } from './measureSocket.mjs';
import { mib } from './procStats.mjs';
import { panelCli } from './panelCli.mjs';

const target = { linesPerSecond: 20_000, memoryGrowthBytes: 64 * 1024 * 1024, longestTaskMs: 100 };
const seconds = Number(process.env.BENCH_CONSOLE_SECONDS ?? 10);
const lines = Number(process.env.BENCH_CONSOLE_LINES ?? 3_000_000);
const pageLines = Number(process.env.BENCH_CONSOLE_PAGE_LINES ?? 5_000_000);
const pageRate = Number(process.env.BENCH_CONSOLE_PAGE_RATE ?? 20_000);
const parts = (process.env.BENCH_CONSOLE_PARTS ?? 'socket,page').split(',');
const preload = fileURLToPath(new URL('./preloadFloodTemplate.mjs', import.meta.url));

/** A fresh account (through the public sign-up) owning a running flood server. */
async function provision(panel) {
  const username = `bench_${randomBytes(4).toString('hex')}`;
  const password = `Bench-${randomBytes(12).toString('base64url')}`;
  const signUp = await apiJson(panel.baseUrl, 'POST', '/api/v2/auth/register', { username, email: `${username}@example.com`, password, password_confirmation: password, remember: true });
  const token = signUp.body?.data?.token;
  if (signUp.status !== 201 || !token) throw new Error(`register answered ${signUp.status}: ${JSON.stringify(signUp.body)}`);
  const server = await panelCli(panel.dataDir, ['servers:create', '--owner', username, '--template', 'bench-flood', '--plan', 'minecraft-budget', '--name', 'Console flood', '--start']);
  if (server.install_status !== 'installed') throw new Error(`the flood server did not install: ${server.install_error}`);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { body } = await apiJson(panel.baseUrl, 'GET', `/api/v2/servers/${server.identifier}`, null, token);
    const state = body?.data?.state;
    if (state === 'running') break;
    if (Date.now() > deadline) throw new Error(`the flood server is ${state ?? 'unknown'}, not running, after 30 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { token, serverId: server.identifier };
}

function socketReport(result) {
  const m = result.memory;
  const growth = m.endBytes - m.startBytes;
  const meets = result.linesPerSecond >= target.linesPerSecond && growth <= target.memoryGrowthBytes;
  return [
    `websocket client: ${result.linesPerSecond} lines/s delivered (${result.linesInWindow} lines in ${(result.measuredMs / 1000).toFixed(1)} s${result.streamEndedEarly ? ', the stream ended inside the window' : ''}; ${result.linesSkippedByPanel} skipped by the panel for a slow client, ${result.linesLost ?? 'unknown'} lost)`,
    `panel CPU while streaming: ${result.panelCpuPercent}% of one core, ${result.panelCpuMsPer10kLines} ms per 10,000 lines`,
    `panel RSS: start ${mib(m.startBytes)} MiB, middle ${mib(m.middleBytes)} MiB, end ${mib(m.endBytes)} MiB, max ${mib(m.maxBytes)} MiB, after the stream ${mib(m.afterStreamBytes ?? 0)} MiB`,
    `target ≥ ${target.linesPerSecond} lines/s with memory flat (end − start ≤ ${mib(target.memoryGrowthBytes)} MiB): ${meets ? 'met' : 'NOT met'}`,
  ];
}

function pageReport(result, pass) {
  const meets = result.longestTaskMs <= target.longestTaskMs;
  return [
    `console page (Chromium, ${pass}; ${result.load}): ${pageRate > 0 ? `${pageRate} lines/s streamed, ` : 'flooded as fast as the server can, '}${result.linesPerSecond} lines/s written into the terminal (${result.linesWritten} lines in ${(result.measuredMs / 1000).toFixed(1)} s${result.streamEndedEarly ? ', until the stream ended' : ''}, ${result.linesSkipped} skipped by the page, ${result.framesPerSecond} frames/s)`,
    `longest main-thread task while streaming: ${result.longestTaskMs} ms (${result.longTasks} tasks over 50 ms; longest during page load ${result.longestLoadTaskMs} ms)`,
    `  traced: longest task ${result.traced.longestWallMs} ms of which ${result.traced.longestWallCpuMs} ms on the CPU; most CPU in one task ${result.traced.mostCpuMs} ms; ${result.traced.overFiftyMsCpu} tasks over 50 ms of CPU`,
    `panel RSS during the page part: start ${mib(result.panelMemory.startBytes)} MiB, end ${mib(result.panelMemory.endBytes)} MiB, max ${mib(result.panelMemory.maxBytes)} MiB`,
    `target no task over ${target.longestTaskMs} ms (${pass}): ${meets ? 'met' : 'NOT met'}`,
  ];
}

/**
 * The page part: the console page measured on the machine as it is, then with one core kept
 * busy by a spinning process; the load average before and after each pass goes with its figures.
 */
async function measurePagePasses(options) {
  const quietLoad = machineLoad();
  const quiet = await measurePage(options);
  quiet.load = `${quietLoad} before, ${machineLoad()} after`;
  const busyCore = startBusyCore();
  try {
    // Let the spinner get going (and the load average notice it) before the flood starts.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const busyLoad = machineLoad();
    const busy = await measurePage({ ...options, pass: 'busy-core' });
    busy.load = `${busyLoad} before, ${machineLoad()} after`;
    return { quiet, busyCore: busy };
  } finally {
    await busyCore.stop();
  }
}

/** Other work on the machine inflates wall-clock figures: the load is printed with them. */
const machineLoad = () => `machine load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores`;

async function main() {
  if (parts.includes('page')) {
    if ((await run('bash', [`${rootDir}/scripts/ensure-chromium.sh`])) !== 0) throw new Error('Chromium is not available');
    if (!process.env.PANEL_CLIENT_DIR) await ensureSpaBuilt();
  }
  console.log('Starting the panel (embedded database, no demo data) with the flood template…');
  const panel = await startPanel({
    env: {
      PANEL_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      // The panel runs TypeScript through tsx; the template file is TypeScript too.
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import tsx --import ${preload}`.trim(),
    },
  });
  const printed = [];
  const report = (lines) => {
    for (const line of lines) console.log(line);
    printed.push(...lines);
  };
  const figures = { target, seconds, socketFloodLines: lines, pageFloodLines: pageLines, pageLinesPerSecond: pageRate };
  let ok = true;
  try {
    const { token, serverId } = await provision(panel);
    if (parts.includes('socket')) {
      console.log(`Websocket client: flood of ${lines} lines, measuring ${seconds} s (${machineLoad()})…`);
      figures.socket = await measureSocket({ baseUrl: panel.baseUrl, serverId, token, panelPid: panel.pid, seconds, lines });
      report(socketReport(figures.socket));
    }
    if (parts.includes('page')) {
      console.log(`Console page in Chromium: flood of ${pageLines} lines${pageRate > 0 ? ` at ${pageRate} lines/s` : ''}, measuring ${seconds} s (${machineLoad()})…`);
      figures.page = await measurePagePasses({ baseUrl: panel.baseUrl, serverId, token, panelPid: panel.pid, seconds, lines: pageLines, linesPerSecond: pageRate });
      report(pageReport(figures.page.quiet, 'machine as it is'));
      report(pageReport(figures.page.busyCore, 'one core kept busy by another process'));
    }
  } catch (error) {
    ok = false;
    throw error;
  } finally {
    saveResult('console', { ok, lines: printed, ...figures });
    // Stopping the panel stops the flood server with it (its stop command, then a kill).
    await panel.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
