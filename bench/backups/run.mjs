#!/usr/bin/env node
/**
 * bench/backups: backup and restore throughput of a 1 GiB folder of mixed files (Minecraft-like
 * region files plus many small files; BENCH_BACKUPS_MB changes the size) and the memory rise of
 * the process doing it. Restore = checksum verification + extraction into the staging folder +
 * swap. Targets: backup ≥ 80 MB/s, restore ≥ 100 MB/s, memory rise ≤ 50 MiB.
 *
 * BENCH_BACKUPS_BUILDS=before=<dir>,after=<dir> compares checkouts of the panel in the same
 * conditions: each round measures every checkout once with its own code (its bench/backups/
 * measure.ts, run in that checkout), in turn, so the machine's load falls on all of them alike;
 * BENCH_BACKUPS_ROUNDS rounds (1 alone, 5 when comparing), then the medians side by side.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildsFromEnv, median } from '../builds.mjs';
import { saveResult } from '../results.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const ownCheckout = join(here, '../..');

/** The checkouts to measure: BENCH_BACKUPS_BUILDS (name=dir, ...) or this one. */
function checkouts() {
  return buildsFromEnv('BENCH_BACKUPS_BUILDS') ?? [{ name: 'this', dir: ownCheckout }];
}

/** One measurement by the checkout in `dir`, in a process of its own. */
function measureOnce(dir) {
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(dir, 'bench/backups/measure.ts')], { encoding: 'utf8', cwd: dir, stdio: ['ignore', 'pipe', 'inherit'] });
  if (run.status !== 0) {
    console.error(run.stdout);
    process.exit(1);
  }
  return JSON.parse(run.stdout.trim().split('\n').pop());
}

const FIGURES = ['backupMbPerSecond', 'restoreMbPerSecond', 'backupMemoryRiseMb', 'memoryRiseMb'];

/** A figure with one decimal, or '–' where an older checkout's bench does not measure it. */
const fixed = (value) => (typeof value === 'number' ? value.toFixed(1) : '–');

/** The median of a figure over rounds, or undefined when the checkout does not measure it. */
const medianOf = (values) => (values.every((value) => typeof value === 'number') ? median(values) : undefined);

const builds = checkouts();
const rounds = Number(process.env.BENCH_BACKUPS_ROUNDS ?? (builds.length > 1 ? 5 : 1));
const samples = Object.fromEntries(builds.map(({ name }) => [name, []]));
for (let round = 1; round <= rounds; round++) {
  for (const { name, dir } of builds) {
    const figures = measureOnce(dir);
    samples[name].push(figures);
    if (rounds > 1 || builds.length > 1)
      console.log(
        `round ${round} ${name}: backup ${fixed(figures.backupMbPerSecond)} MiB/s, restore ${fixed(figures.restoreMbPerSecond)} MiB/s, rise ${fixed(figures.backupMemoryRiseMb)} MiB (backup) / ${fixed(figures.memoryRiseMb)} MiB`,
      );
  }
}
/** Each checkout's medians (and the folder and archive of its first round). */
const medians = Object.fromEntries(builds.map(({ name }) => [name, { ...samples[name][0], ...Object.fromEntries(FIGURES.map((key) => [key, medianOf(samples[name].map((s) => s[key]))])) }]));

const lines = [];
const roundsNote = rounds > 1 ? ` (medians of ${rounds} rounds)` : '';
for (const { name } of builds) {
  const figures = medians[name];
  const label = builds.length > 1 ? `${name}: ` : '';
  lines.push(
    `${label}folder: ${figures.contentMb.toFixed(0)} MiB in ${figures.files} files → archive ${figures.archiveMb.toFixed(0)} MiB${roundsNote}`,
    `${label}backup: ${figures.backupMbPerSecond.toFixed(1)} MiB/s (target ≥ 80)`,
    `${label}restore (verify + extract + swap): ${figures.restoreMbPerSecond.toFixed(1)} MiB/s (target ≥ 100)`,
    `${label}memory rise: ${figures.memoryRiseMb.toFixed(1)} MiB (target ≤ 50), of which during the backup ${fixed(figures.backupMemoryRiseMb)} MiB`,
  );
}
if (builds.length > 1) {
  // Each later checkout against the first: + is more (faster, or more memory).
  const [first, ...others] = builds;
  const change = (key, name) =>
    typeof medians[name][key] === 'number' && typeof medians[first.name][key] === 'number' ? `${((medians[name][key] / medians[first.name][key] - 1) * 100).toFixed(1)} %` : '–';
  for (const { name } of others) {
    lines.push(
      `${name} against ${first.name}: backup ${change('backupMbPerSecond', name)}, restore ${change('restoreMbPerSecond', name)}, backup memory rise ${change('backupMemoryRiseMb', name)}, whole rise ${change('memoryRiseMb', name)}`,
    );
  }
}
for (const line of lines) console.log(line);
const last = medians[builds[builds.length - 1].name];
const ok = last.backupMbPerSecond >= 80 && last.restoreMbPerSecond >= 100 && last.memoryRiseMb <= 50;
saveResult('backups', { lines, ok, rounds, ...last, ...(builds.length > 1 ? { builds: medians, samples } : {}) });
