#!/usr/bin/env node
/**
 * `npm run bench`: runs every benchmark under bench/ one after the other (each in its own
 * process, so none disturbs the next) and prints their figures together at the end.
 * `npm run bench -- api bundle` runs only the named ones.
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readResult, resultsDir } from './results.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const known = ['api', 'bundle', 'vitals', 'console', 'recorder', 'files', 'backups', 'sandbox', 'players', 'catalogue', 'docker', 'placement', 'transfer', 'events'];
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : known;
const unknown = wanted.filter((name) => !known.includes(name));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')} (known: ${known.join(', ')})`);
  process.exit(2);
}

const runOne = (script) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [script], { stdio: 'inherit', cwd: join(benchDir, '..') });
    child.on('exit', (code) => resolve(code ?? 1));
  });

const summary = [];
for (const name of wanted) {
  const script = join(benchDir, name, 'run.mjs');
  if (!existsSync(script)) {
    summary.push(`${name}: not available yet`);
    continue;
  }
  console.log(`\n━━━ bench/${name} ━━━`);
  rmSync(join(resultsDir, `${name}.json`), { force: true });
  const code = await runOne(script);
  const result = readResult(name);
  if (code !== 0 || !result) summary.push(`${name}: FAILED (exit code ${code})`);
  for (const line of result?.lines ?? []) summary.push(`${name}: ${line}`);
  if (code !== 0) process.exitCode = 1;
}

console.log('\n━━━ figures ━━━');
for (const line of summary) console.log(line);
