#!/usr/bin/env node
/**
 * bench/files: the file manager against the real panel (embedded database, temporary data
 * directory, free port), one part after the other. Parts (BENCH_FILES_PARTS, comma-separated,
 * default all that exist):
 *   api  listing time of a 10,000-entry folder (GET …/files/list) and upload throughput of a
 *        200 MB file over loopback with the panel's peak memory (measureApi.mjs).
 *   page time to first render of a 10,000-entry folder in the files page, in Chromium (pageRender.mjs).
 * Each part is a module exporting `measure(context)` → { lines, ok, figures }; add a part by
 * adding its module to `parts` below. Targets are printed with each figure.
 * BENCH_FILES_BUILDS=before=<dir>,after=<dir> compares checkouts side by side in one run instead:
 * one panel per checkout, rounds alternating between them, then the figures in one table
 * (compareBuilds.mjs; BENCH_FILES_ROUNDS rounds, 5).
 */
import { startPanel } from '../../scripts/lib/panelProcess.mjs';
import { buildsFromEnv } from '../builds.mjs';
import { saveResult } from '../results.mjs';
import { compareBuilds } from './compareBuilds.mjs';
import { measureApi } from './measureApi.mjs';
import { measurePage } from './pageRender.mjs';
import { provision } from './provision.mjs';

const parts = { api: measureApi, page: measurePage };
const wanted = (process.env.BENCH_FILES_PARTS ?? Object.keys(parts).join(',')).split(',').filter(Boolean);

/** Every checkout of BENCH_FILES_BUILDS side by side (see compareBuilds.mjs). */
async function compare(builds) {
  const { lines, figures } = await compareBuilds(builds, wanted);
  saveResult('files', { ok: true, lines, builds: figures });
}

async function main() {
  const unknown = wanted.filter((name) => !parts[name]);
  if (unknown.length) throw new Error(`Unknown part(s): ${unknown.join(', ')} (known: ${Object.keys(parts).join(', ')})`);
  const builds = buildsFromEnv('BENCH_FILES_BUILDS');
  if (builds) return compare(builds);
  console.log('Starting the panel (embedded database, no demo data)…');
  const panel = await startPanel({ env: { PANEL_DEMO_DATA: 'false', LOG_LEVEL: 'warn' } });
  const lines = [];
  const figures = {};
  let ok = true;
  try {
    const context = { panel, ...(await provision(panel)) };
    for (const name of wanted) {
      console.log(`— ${name}`);
      const result = await parts[name](context);
      result.lines.forEach((line) => console.log(line));
      lines.push(...result.lines);
      figures[name] = result.figures;
      ok &&= result.ok;
    }
  } finally {
    await panel.stop();
  }
  saveResult('files', { ok, lines, ...figures });
  if (!ok) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
