#!/usr/bin/env node
/**
 * bench/placement: how placement and the node listing hold up on a large fleet. fleet.ts (run
 * with tsx in its own process) fills a database with 200 nodes and 10,000 servers, no container
 * anywhere, and times one placement decision, one whole placement and the admin listing of the
 * nodes with their use. Targets: a decision at most 5 ms at the median, the listing at most 100 ms.
 * DATABASE_URL runs it on PostgreSQL instead of the embedded database.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { saveResult } from '../results.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const target = { decisionMs: 5, listingMs: 100 };

const output = await new Promise((resolve, reject) => {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'fleet.ts')], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  let text = '';
  child.stdout.on('data', (chunk) => (text += chunk));
  child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`fleet.ts exited with code ${code}`))));
});
const figures = JSON.parse(
  output
    .trim()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .pop(),
);
const decisionOk = figures.decisionMs <= target.decisionMs;
const listingOk = figures.listingMs <= target.listingMs;
const lines = [
  `${figures.nodes} nodes, ${figures.servers} servers on ${figures.database} (seeded in ${figures.seededMs} ms)`,
  `placement decision: ${figures.decisionMs} ms median (target ≤ ${target.decisionMs} ms) ${decisionOk ? 'OK' : 'TOO SLOW'}`,
  `placement decision reading every node's use from the database: ${figures.freshDecisionMs} ms median`,
  `whole placement (lock, row, ports, audit): ${figures.placementMs} ms median`,
  `admin node listing with use: ${figures.listingMs} ms median (target ≤ ${target.listingMs} ms) ${listingOk ? 'OK' : 'TOO SLOW'}`,
  `machine load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores`,
];
for (const line of lines) console.log(line);
saveResult('placement', { lines, ok: decisionOk && listingOk, ...figures });
process.exit(decisionOk && listingOk ? 0 : 1);
