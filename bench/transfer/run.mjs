#!/usr/bin/env node
/**
 * bench/transfer: a 1 GiB server moved by the transfer's copy, its speed and the panel's memory
 * while it runs. Two measurements, each in its own process:
 *   - measure.ts: between two file ports of this machine (the panel's own streaming path);
 *   - betweenNodes.ts (as root; BENCH_TRANSFER_NODES=0 leaves it out): a real move between two
 *     Docker Engines reached over mutual TLS, through the admin API, files streamed node to node
 *     through the panel.
 * Targets: at least 100 MB/s, and the memory flat (under 64 MiB above where it started, whatever
 * the size). BENCH_TRANSFER_MIB changes the size; BENCH_TRANSFER_DISK_IMAGES=0 moves a server
 * without a file system of its own (a plain volume) on either node, to tell the copy's cost from
 * the loop-mounted disk images'.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { saveResult } from '../results.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const target = { mbPerSecond: 100, growthMib: 64 };

/** Runs one measurement script and answers the JSON of its last line. */
async function measure(file) {
  const output = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', join(here, file)], { cwd: join(here, '../..'), stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`${file} exited with code ${code}`))));
  });
  return JSON.parse(output.trim().split('\n').pop());
}

const lines = [];
let ok = true;
const judge = (what, figures) => {
  const growth = figures.peakMib - figures.baselineMib;
  const fast = figures.mbPerSecond >= target.mbPerSecond;
  const flat = growth <= target.growthMib;
  ok &&= fast && flat;
  lines.push(`${what}: ${figures.mib} MiB in ${figures.copySeconds ?? figures.seconds} s: ${figures.mbPerSecond} MB/s (target ≥ ${target.mbPerSecond}) ${fast ? 'OK' : 'TOO SLOW'}`);
  if (figures.copySeconds !== undefined) lines.push(`  the whole move (stop, copy, switch, start): ${figures.seconds} s, ${figures.wholeMbPerSecond} MB/s`);
  lines.push(
    `  panel memory: ${figures.baselineMib} MiB before, ${figures.peakMib} MiB at the peak${figures.afterMib !== undefined ? `, ${figures.afterMib} MiB after` : ''} (+${growth} MiB, target ≤ +${target.growthMib}) ${flat ? 'OK' : 'NOT FLAT'}`,
  );
};

const local = await measure('measure.ts');
judge('between two file ports of this machine', local);
let nodes = null;
if (process.getuid?.() === 0 && process.env.BENCH_TRANSFER_NODES !== '0') {
  nodes = await measure('betweenNodes.ts');
  judge('between two Docker nodes over mutual TLS', nodes);
} else {
  lines.push('between two Docker nodes: left out (needs root; BENCH_TRANSFER_NODES=0 turns it off)');
}
lines.push(`machine load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores`);
for (const line of lines) console.log(line);
saveResult('transfer', { lines, ok, ...local, nodes });
process.exit(ok ? 0 : 1);
