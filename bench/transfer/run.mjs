#!/usr/bin/env node
/**
 * bench/transfer: a 1 GiB server moved between two file ports by the transfer's copy (measure.ts,
 * in its own process), its speed and the panel's memory growth while it runs. Targets: at least
 * 100 MB/s, and the memory flat (under 64 MiB above where it started, whatever the size).
 * BENCH_TRANSFER_MIB changes the size.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { saveResult } from '../results.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const target = { mbPerSecond: 100, growthMib: 64 };

const output = await new Promise((resolve, reject) => {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', join(here, 'measure.ts')], { cwd: join(here, '../..'), stdio: ['ignore', 'pipe', 'inherit'] });
  let text = '';
  child.stdout.on('data', (chunk) => (text += chunk));
  child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`measure.ts exited with code ${code}`))));
});
const figures = JSON.parse(output.trim().split('\n').pop());
const growth = figures.peakMib - figures.baselineMib;
const fast = figures.mbPerSecond >= target.mbPerSecond;
const flat = growth <= target.growthMib;
const lines = [
  `${figures.mib} MiB moved between two file ports in ${figures.seconds} s: ${figures.mbPerSecond} MB/s (target ≥ ${target.mbPerSecond}) ${fast ? 'OK' : 'TOO SLOW'}`,
  `panel memory: ${figures.baselineMib} MiB before, ${figures.peakMib} MiB at the peak (+${growth} MiB, target ≤ +${target.growthMib}) ${flat ? 'OK' : 'NOT FLAT'}`,
  `machine load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores`,
];
for (const line of lines) console.log(line);
saveResult('transfer', { lines, ok: fast && flat, ...figures });
process.exit(fast && flat ? 0 : 1);
