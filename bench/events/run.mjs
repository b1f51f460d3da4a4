#!/usr/bin/env node
/**
 * bench/events: 1,000 panel events a second fanned out to 100 webhooks on a local HTTP receiver
 * for about 10 s (fanOut.ts, run with tsx in its own process). Prints the events published and the
 * deliveries received per second, what the bounded queues dropped, the event loop's longest stall
 * (target ≤ 50 ms) and the memory. BENCH_EVENTS_SECONDS, BENCH_EVENTS_RATE and BENCH_EVENTS_HOOKS
 * change the load; DATABASE_URL runs it on PostgreSQL.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { saveResult } from '../results.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const target = { maxStallMs: 50 };

const output = await new Promise((resolve, reject) => {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', join(here, 'fanOut.ts')], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  let text = '';
  child.stdout.on('data', (chunk) => (text += chunk));
  child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`fanOut.ts exited with code ${code}`))));
});
const figures = JSON.parse(
  output
    .trim()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .pop(),
);
const stallOk = figures.maxStallMs <= target.maxStallMs;
const lines = [
  `${figures.eventsPerSecond} events/s published for ${figures.seconds} s to ${figures.hooks} webhooks on ${figures.database} (${figures.publishMsPerEvent} ms to publish one)`,
  `${figures.deliveriesPerSecond} deliveries/s received; of ${figures.deliveriesOffered} offered, ${figures.dropped} dropped by the bounded queues (largest backlog ${figures.maxBacklog})`,
  `event loop: longest stall ${figures.maxStallMs} ms, p99 ${figures.p99StallMs} ms (target ≤ ${target.maxStallMs} ms) ${stallOk ? 'OK' : 'TOO LONG'}`,
  `memory: at most ${figures.maxRssMiB} MiB resident, ${figures.maxHeapMiB} MiB heap (${figures.heapBeforeMiB} MiB before)`,
  `machine load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores; the panel used ${figures.cpuPercent}% of one core`,
];
for (const line of lines) console.log(line);
saveResult('events', { lines, ok: stallOk, ...figures });
process.exit(stallOk ? 0 : 1);
