#!/usr/bin/env node
/**
 * bench/vitals: LCP, CLS and INP of the panel in Chromium with the CPU slowed 4× (a mid-range
 * phone), against the real panel (demo data) serving the production build.
 *   - page loads, each the median of BENCH_VITALS_RUNS (5) cold loads (fresh context, empty
 *     cache): /login (logged out), /, a server's overview, its console and its files page;
 *   - interactions (INP, median of the same number of runs): typing in the config form, opening
 *     a folder of 1,000 entries in the files page, switching server areas from the overview.
 * Each page also prints what its largest paint was (index.html's first frame or the panel's own
 * content) and when the page's content (the element `ready` waits for) was there.
 * Targets: LCP ≤ 1.5 s for /login and /, ≤ 2.0 s for server pages; CLS ≤ 0.05; INP ≤ 200 ms.
 * Every figure is printed with the machine's load average (1, 5, 15 minutes): a figure taken
 * while other processes keep the cores busy says little about the page.
 * BENCH_VITALS_CPU sets the slowdown (4), BENCH_VITALS_RUNS the number of runs (5),
 * BENCH_VITALS_PARTS=pages or =interactions measures one part only, BENCH_VITALS_VIEWPORT=390x844
 * measures on a phone's screen (touch, pixel ratio 2) instead of 1280x800, PANEL_CLIENT_DIR=<dir>
 * measures another build.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ensureSpaBuilt, rootDir, run } from '../../scripts/lib/spaBuild.mjs';
import { startPanel } from '../../scripts/lib/panelProcess.mjs';
import { apiJson } from '../apiJson.mjs';
import { launchOptions } from '../bundle/measureRoute.mjs';
import { saveResult } from '../results.mjs';
import { coldPage, median, readVitals, settle } from './measureVitals.mjs';

const RUNS = Number(process.env.BENCH_VITALS_RUNS ?? 5);
const RATE = Number(process.env.BENCH_VITALS_CPU ?? 4);
const FOLDER = 'bench-vitals-1k';
const PARTS = (process.env.BENCH_VITALS_PARTS ?? 'pages,interactions').split(',');
const [WIDTH, HEIGHT] = (process.env.BENCH_VITALS_VIEWPORT ?? '1280x800').split('x').map(Number);
const VIEWPORT = { width: WIDTH, height: HEIGHT };
const LCP_TARGET = { guest: 1500, dashboard: 1500, server: 2000 };
const CLS_TARGET = 0.05;
const INP_TARGET = 200;

const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');
const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');

const areaLink = (page, name) => page.getByRole('navigation', { name: 'Server areas' }).getByRole('link', { name, exact: true });

/** Page loads: one route, `RUNS` cold loads; `ready` waits for the page's main content. */
async function measureLoad(browser, { baseUrl, token, path, ready }) {
  const runs = [];
  for (let index = 0; index < RUNS; index++) {
    const { context, page, errors } = await coldPage(browser, { token, rate: RATE, viewport: VIEWPORT });
    try {
      await page.goto(`${baseUrl}${path}`);
      await ready(page);
      // When the page's own content was there (an upper bound: Playwright polls for it).
      const contentAt = await page.evaluate(() => performance.now());
      await settle(page);
      const vitals = await readVitals(page);
      if (errors.length) throw new Error(`${path} threw: ${errors.join('; ')}`);
      runs.push({ ...vitals, contentAt });
    } finally {
      await context.close();
    }
  }
  return { lcp: median(runs.map((r) => r.lcp)), cls: median(runs.map((r) => r.cls)), contentAt: median(runs.map((r) => r.contentAt)), runs };
}

/** One interaction: `prepare` loads the page, `act` interacts; INP of what `act` did, median of the runs. */
async function measureInteraction(browser, { token, prepare, act }) {
  const values = [];
  for (let index = 0; index < RUNS; index++) {
    const { context, page, errors } = await coldPage(browser, { token, rate: RATE, viewport: VIEWPORT });
    try {
      await prepare(page);
      await settle(page);
      await page.evaluate(() => {
        globalThis.__vitals.interactions = [];
      });
      await act(page);
      await page.waitForTimeout(1000);
      const { inp } = await readVitals(page);
      if (errors.length) throw new Error(`the page threw: ${errors.join('; ')}`);
      values.push(inp);
    } finally {
      await context.close();
    }
  }
  return { inp: median(values), runs: values };
}

async function main() {
  if ((await run('bash', [join(rootDir, 'scripts', 'ensure-chromium.sh')])) !== 0) throw new Error('Chromium is not available');
  if (!process.env.PANEL_CLIENT_DIR) await ensureSpaBuilt();
  const password = `bench-${randomBytes(12).toString('base64url')}`;
  const panel = await startPanel({ env: { PANEL_DEMO_DATA: 'true', PANEL_DEMO_PASSWORD: password, LOG_LEVEL: 'warn' }, timeoutMs: 300_000 });
  const browser = await chromium.launch(launchOptions);
  const lines = [];
  const say = (line) => {
    lines.push(line);
    console.log(line);
  };
  let ok = true;
  const figures = { cpuSlowdown: RATE, runs: RUNS, pages: {}, interactions: {} };
  try {
    const login = await apiJson(panel.baseUrl, 'POST', '/api/v2/auth/login', { login: 'demo', password });
    const token = login.body?.data?.token;
    if (!token) throw new Error(`logging in as demo answered ${login.status}: ${JSON.stringify(login.body)}`);
    const servers = await apiJson(panel.baseUrl, 'GET', '/api/v2/servers', null, token);
    const server = servers.body?.data?.[0];
    if (!server) throw new Error('the demo account has no server');
    const id = server.identifier;
    const folder = join(panel.dataDir, 'servers', server.uuid, FOLDER);
    mkdirSync(folder, { recursive: true });
    for (let index = 0; index < 1000; index++) writeFileSync(join(folder, `entry-${String(index).padStart(4, '0')}.txt`), `${index}\n`);
    const baseUrl = panel.baseUrl;
    say(`Chromium, CPU slowed ${RATE}×, ${WIDTH}×${HEIGHT} viewport, median of ${RUNS} cold loads; load average at the start ${load()}`);

    const heading = (name) => (page) => page.getByRole('heading', { level: 2, name }).waitFor({ timeout: 60_000 });
    const pages = [
      { name: '/login', path: '/login', token: null, kind: 'guest', ready: (page) => page.getByRole('button', { name: /log in/i }).first().waitFor({ timeout: 60_000 }) },
      { name: '/', path: '/', token, kind: 'dashboard', ready: (page) => page.getByRole('article').first().waitFor({ timeout: 60_000 }) },
      { name: '/server/{id}', path: `/server/${id}`, token, kind: 'server', ready: heading('Overview') },
      { name: '/server/{id}/console', path: `/server/${id}/console`, token, kind: 'server', ready: (page) => page.locator('[data-testid="console-terminal"] .xterm-rows').waitFor({ timeout: 60_000 }) },
      { name: '/server/{id}/files', path: `/server/${id}/files`, token, kind: 'server', ready: (page) => page.locator(`[data-file-name="${FOLDER}"]`).waitFor({ timeout: 60_000 }) },
    ];
    for (const route of PARTS.includes('pages') ? pages : []) {
      const result = await measureLoad(browser, { baseUrl, ...route });
      const lcpOk = result.lcp <= LCP_TARGET[route.kind];
      const clsOk = result.cls <= CLS_TARGET;
      ok &&= lcpOk && clsOk;
      figures.pages[route.name] = result;
      say(
        `${route.name}: LCP ${ms(result.lcp)} (target ≤ ${LCP_TARGET[route.kind]} ms ${lcpOk ? 'met' : 'MISSED'}; runs ${result.runs.map((r) => Math.round(r.lcp)).join(', ')}), ` +
          `CLS ${result.cls.toFixed(3)} (≤ ${CLS_TARGET} ${clsOk ? 'met' : 'MISSED'}) — load average ${load()}`,
      );
      const elements = [...new Set(result.runs.map((r) => r.lcpElement))].join(', ');
      say(`  largest paint: ${elements}; the page's content shown by ${ms(result.contentAt)} (median; runs ${result.runs.map((r) => Math.round(r.contentAt)).join(', ')})`);
    }

    const interactions = [
      {
        name: 'typing in the config form',
        prepare: async (page) => {
          await page.goto(`${baseUrl}/server/${id}/config`);
          await page.getByLabel('motd', { exact: true }).waitFor({ timeout: 60_000 });
          await page.getByLabel('motd', { exact: true }).click();
        },
        act: (page) => page.keyboard.type('A fast panel', { delay: 120 }),
      },
      {
        name: `opening a folder of 1,000 entries`,
        prepare: async (page) => {
          await page.goto(`${baseUrl}/server/${id}/files`);
          await page.locator(`[data-file-name="${FOLDER}"]`).waitFor({ timeout: 60_000 });
        },
        act: async (page) => {
          await page.locator(`[data-file-name="${FOLDER}"]`).click();
          await page.locator('[data-file-name="entry-0000.txt"]').waitFor({ timeout: 60_000 });
        },
      },
      {
        name: 'switching server areas (overview → console → files → configuration)',
        prepare: async (page) => {
          await page.goto(`${baseUrl}/server/${id}`);
          await heading('Overview')(page);
        },
        act: async (page) => {
          await areaLink(page, 'Console').click();
          await page.locator('[data-testid="console-terminal"] .xterm-rows').waitFor({ timeout: 60_000 });
          await settle(page);
          await areaLink(page, 'Files').click();
          await page.locator(`[data-file-name="${FOLDER}"]`).waitFor({ timeout: 60_000 });
          await settle(page);
          await areaLink(page, 'Configuration').click();
          await page.getByLabel('motd', { exact: true }).waitFor({ timeout: 60_000 });
        },
      },
    ];
    for (const interaction of PARTS.includes('interactions') ? interactions : []) {
      const result = await measureInteraction(browser, { baseUrl, token, ...interaction });
      const inpOk = result.inp <= INP_TARGET;
      ok &&= inpOk;
      figures.interactions[interaction.name] = result;
      say(`INP ${interaction.name}: ${ms(result.inp)} (target ≤ ${INP_TARGET} ms ${inpOk ? 'met' : 'MISSED'}; runs ${result.runs.map(Math.round).join(', ')}) — load average ${load()}`);
    }
  } finally {
    await browser.close();
    await panel.stop();
  }
  saveResult('vitals', { ok, lines, ...figures });
  if (!ok) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
