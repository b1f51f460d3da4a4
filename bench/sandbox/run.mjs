#!/usr/bin/env node
/**
 * bench/sandbox: what the game-server sandbox costs, measured side by side in one run: the
 * embedded Minecraft server's (flying-squid template) start time to its "Done" line, and the
 * console throughput (lines/s the panel's driver reads from bench/console's flood game), each
 * sandboxed (bubblewrap + cgroup) and unsandboxed (plain child process, the
 * PANEL_UNSAFE_NO_SANDBOX path). Medians of BENCH_SANDBOX_ROUNDS (3) alternating rounds.
 * Targets: start time within +10 %, console throughput within −10 % of unsandboxed.
 * Needs root or unprivileged user namespaces and cgroups (as the panel's sandbox does).
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { saveResult } from '../results.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const run = spawnSync(process.execPath, ['--import', 'tsx', join(here, 'measure.ts')], { encoding: 'utf8', cwd: join(here, '../..'), stdio: ['ignore', 'pipe', 'inherit'] });
if (run.status !== 0) {
  console.error(run.stdout);
  process.exit(1);
}
const f = JSON.parse(run.stdout.trim().split('\n').pop());
const startCost = (f.sandboxedStartMs / f.plainStartMs - 1) * 100;
const throughputCost = (f.sandboxedLinesPerSecond / f.plainLinesPerSecond - 1) * 100;
const signed = (value) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(1)} %`;
const startMet = startCost <= 10;
const throughputMet = throughputCost >= -10;
const lines = [
  `flying-squid start to "Done": sandboxed ${f.sandboxedStartMs} ms, unsandboxed ${f.plainStartMs} ms (${signed(startCost)}; target ≤ +10 %: ${startMet ? 'met' : 'NOT met'})`,
  `console throughput: sandboxed ${f.sandboxedLinesPerSecond} lines/s, unsandboxed ${f.plainLinesPerSecond} lines/s (${signed(throughputCost)}; target ≥ −10 %: ${throughputMet ? 'met' : 'NOT met'})`,
  `medians of ${f.rounds} alternating rounds; samples ${JSON.stringify(f.samples)}; machine load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores`,
];
for (const line of lines) console.log(line);
saveResult('sandbox', { lines, ok: startMet && throughputMet, startCostPercent: startCost, throughputCostPercent: throughputCost, ...f });
