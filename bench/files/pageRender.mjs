#!/usr/bin/env node
/**
 * The page part of bench/files (`measurePage`, run by bench/files/run.mjs), also runnable on its
 * own (`node bench/files/pageRender.mjs`, against a panel with the demo data): fills a folder of
 * the server with 10,000 files (written straight into the server's directory, as a game or an
 * upload would leave them) and measures the files page showing it (measurePageRender.mjs).
 * Builds the web app first when it is missing or stale.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPanel } from '../../scripts/lib/panelProcess.mjs';
import { ensureSpaBuilt, rootDir, run, spaBuildReason } from '../../scripts/lib/spaBuild.mjs';
import { median } from '../builds.mjs';
import { measureFilesPageRender } from './measurePageRender.mjs';

export const PAGE_RENDER_TARGET_MS = 500;

/** Writes `count` small files into `directory` (created). */
export function fillFolder(directory, count) {
  mkdirSync(directory, { recursive: true });
  for (let index = 0; index < count; index++) writeFileSync(join(directory, `entry-${String(index).padStart(5, '0')}.txt`), `${index}\n`);
}

/** Whether both cases (opened in the app, full page load) rendered within the target. */
export const pageRenderMet = ({ inApp, pageLoad }) => inApp.total <= PAGE_RENDER_TARGET_MS && pageLoad.total <= PAGE_RENDER_TARGET_MS;

/** Lines for the summary from the figures of {@link measureFilesPageRender}, each with the machine's load average. */
export function pageRenderLines({ inApp, pageLoad, rows }, entries) {
  const ms = (value) => `${Math.round(value)} ms`;
  const verdict = (total) => (total <= PAGE_RENDER_TARGET_MS ? `≤ ${PAGE_RENDER_TARGET_MS} ms target met` : `OVER the ${PAGE_RENDER_TARGET_MS} ms target`);
  const load = `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`;
  return [
    `page render of a ${entries.toLocaleString('en')}-entry folder (Chromium, opened in the app): ${ms(inApp.total)} to first render (list request ${ms(inApp.request)}, page after the answer ${ms(inApp.page)}) ${verdict(inApp.total)}; ${load}`,
    `page render of the same folder on a full page load: ${ms(pageLoad.total)} to first render (list request started at ${ms(pageLoad.requestStart)}, took ${ms(pageLoad.request)}, page after the answer ${ms(pageLoad.page)}) ${verdict(pageLoad.total)}; ${rows} rows in the page (virtual list); ${load}`,
  ];
}

/** The part as bench/files/run.mjs runs it: `context` = { panel, token, serverId, serverUuid }. */
export async function measurePage({ panel, token, serverId, serverUuid }) {
  const entries = 10_000;
  await ensureSpaBuilt();
  fillFolder(join(panel.dataDir, 'servers', serverUuid, 'bench-page-10k'), entries);
  const figures = await measureFilesPageRender({ baseUrl: panel.baseUrl, serverId, token, folder: 'bench-page-10k' });
  return { lines: pageRenderLines(figures, entries), ok: pageRenderMet(figures), figures };
}

/**
 * One counted run of the page part for the side-by-side comparison (compareBuilds.mjs), the
 * folder filled at the first one: each call warms the caches with a run of its own first.
 */
export async function measurePageRound({ panel, token, serverId, serverUuid }, folder) {
  const directory = join(panel.dataDir, 'servers', serverUuid, folder);
  if (!existsSync(directory)) fillFolder(directory, 10_000);
  return measureFilesPageRender({ baseUrl: panel.baseUrl, serverId, token, folder, runs: 1 });
}

/** The medians of several rounds of {@link measurePageRound}. */
export function summarizePage(rounds) {
  const of = (key) => Object.fromEntries(Object.keys(rounds[0][key]).map((field) => [field, median(rounds.map((round) => round[key][field]))]));
  return { inApp: of('inApp'), pageLoad: of('pageLoad'), rows: rounds.at(-1).rows };
}

/**
 * The built web app of the checkout `dir` for its panel: this checkout's dist/ (built when stale),
 * another checkout's dist/ when it is current, else a build of it in a temporary folder named
 * after its commit and changes (built once, the checkout itself left untouched; babel's cache
 * kept beside it).
 */
export async function pageClientDir(dir) {
  if (dir === rootDir) {
    await ensureSpaBuilt();
    return join(rootDir, 'dist');
  }
  if (!spaBuildReason(dir)) return join(dir, 'dist');
  const state = execFileSync('git', ['-C', dir, 'rev-parse', 'HEAD'], { encoding: 'utf8' }) + execFileSync('git', ['-C', dir, 'status', '--porcelain'], { encoding: 'utf8' });
  const out = join(tmpdir(), `bench-files-client-${createHash('sha256').update(state).digest('hex').slice(0, 16)}`);
  if (existsSync(join(out, 'index.html'))) return out;
  console.log(`Building the web app of ${dir} into ${out}…`);
  const partial = `${out}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const code = await run('npm', ['run', 'build', '--', '--output-path', partial], { cwd: dir, env: { ...process.env, CACHE_DIR: `${out}-cache` } });
  if (code !== 0) throw new Error(`building the web app of ${dir} failed with exit code ${code}`);
  rmSync(out, { recursive: true, force: true });
  renameSync(partial, out);
  return out;
}

async function main() {
  const entries = 10_000;
  await ensureSpaBuilt();
  const password = `bench-${randomBytes(12).toString('base64url')}`;
  const panel = await startPanel({ env: { PANEL_DEMO_DATA: 'true', PANEL_DEMO_PASSWORD: password } });
  try {
    const login = await fetch(`${panel.baseUrl}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ login: 'demo', password }),
    });
    const token = (await login.json()).data.token;
    const servers = await fetch(`${panel.baseUrl}/api/v2/servers`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    const server = (await servers.json()).data[0];
    fillFolder(join(panel.dataDir, 'servers', server.uuid, 'bench-page-10k'), entries);
    const figures = await measureFilesPageRender({ baseUrl: panel.baseUrl, serverId: server.identifier, token, folder: 'bench-page-10k' });
    for (const line of pageRenderLines(figures, entries)) console.log(line);
  } finally {
    await panel.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
