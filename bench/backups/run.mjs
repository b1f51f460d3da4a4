#!/usr/bin/env node
/**
 * bench/backups: backup and restore throughput of a 1 GiB folder of mixed files (Minecraft-like
 * region files plus many small files; BENCH_BACKUPS_MB changes the size) and the memory rise of
 * the process doing it. Restore = checksum verification + extraction into the staging folder +
 * swap. Targets: backup ≥ 80 MB/s, restore ≥ 100 MB/s, memory rise ≤ 50 MiB.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { saveResult } from '../results.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(here, 'measure.ts')], { encoding: 'utf8', cwd: join(here, '../..'), stdio: ['ignore', 'pipe', 'inherit'] });
if (run.status !== 0) {
  console.error(run.stdout);
  process.exit(1);
}
const figures = JSON.parse(run.stdout.trim().split('\n').pop());
const lines = [
  `folder: ${figures.contentMb.toFixed(0)} MiB in ${figures.files} files → archive ${figures.archiveMb.toFixed(0)} MiB`,
  `backup: ${figures.backupMbPerSecond.toFixed(1)} MiB/s (target ≥ 80)`,
  `restore (verify + extract + swap): ${figures.restoreMbPerSecond.toFixed(1)} MiB/s (target ≥ 100)`,
  `memory rise: ${figures.memoryRiseMb.toFixed(1)} MiB (target ≤ 50), of which during the backup ${figures.backupMemoryRiseMb.toFixed(1)} MiB`,
];
for (const line of lines) console.log(line);
const ok = figures.backupMbPerSecond >= 80 && figures.restoreMbPerSecond >= 100 && figures.memoryRiseMb <= 50;
saveResult('backups', { lines, ok, ...figures });
