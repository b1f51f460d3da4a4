/**
 * Where benchmarks keep their figures: bench/results/<name>.json (not committed), so
 * bench/run.mjs can print one summary after running them all.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const resultsDir = join(dirname(fileURLToPath(import.meta.url)), 'results');

/** Saves one benchmark's figures: { name, lines: string[], ok: boolean, ...figures }. */
export function saveResult(name, result) {
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, `${name}.json`), `${JSON.stringify({ name, at: new Date().toISOString(), ...result }, null, 2)}\n`);
}

/** Reads a benchmark's saved figures, or null. */
export function readResult(name) {
  try {
    return JSON.parse(readFileSync(join(resultsDir, `${name}.json`), 'utf8'));
  } catch {
    return null;
  }
}
