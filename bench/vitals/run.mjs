#!/usr/bin/env node
/**
 * bench/vitals: LCP, CLS and INP of the panel in Chromium with the CPU slowed 4× (a mid-range
 * phone), against the real panel (demo data) serving the production build.
 *   - page loads, each the median of BENCH_VITALS_RUNS (5) cold loads (fresh context, empty
 *     cache): /login (logged out), /, a server's overview, its console and its files page;
 *   - interactions (INP, median of the same number of runs): typing in the config form, opening
 *     a folder of 1,000 entries in the files page, switching server areas from the overview.
 * Beside LCP each page prints when its own content was there (painted), which LCP does not tell:
 * index.html's first frame is the largest paint before the panel has drawn anything. The content:
 * /login's form usable (its inputs there and enabled), the dashboard's server card with the
 * server's name, the overview's resource figures, the console's lines, the files page's listing
 * (see installContentProbe). Each page also prints what its largest paint was.
 * Targets: content ≤ 1.0 s for /login and /, ≤ 1.5 s for server pages; LCP ≤ 1.5 s for /login
 * and /, ≤ 2.0 s for server pages; CLS ≤ 0.05; INP ≤ 200 ms.
 * Every figure is printed with the machine's load average (1, 5, 15 minutes): a figure taken
 * while other processes keep the cores busy says little about the page.
 * BENCH_VITALS_CPU sets the slowdown (4), BENCH_VITALS_RUNS the number of runs (5),
 * BENCH_VITALS_PARTS=pages or =interactions measures one part only, BENCH_VITALS_VIEWPORT=390x844
 * measures on a phone's screen (touch, pixel ratio 2) instead of 1280x800, PANEL_CLIENT_DIR=<dir>
 * measures another build.
 * BENCH_VITALS_BUILDS=before=<dir>,after=<dir> compares builds in the same conditions: one panel
 * per build, and every run loads each build's page in turn (alternating, so a change in the
 * machine's load falls on both), then one table of the medians side by side.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ensureSpaBuilt, rootDir, run } from '../../scripts/lib/spaBuild.mjs';
import { startPanel } from '../../scripts/lib/panelProcess.mjs';
import { apiJson } from '../apiJson.mjs';
import { buildsFromEnv } from '../builds.mjs';
import { launchOptions } from '../bundle/measureRoute.mjs';
import { saveResult } from '../results.mjs';
import { coldPage, contentPainted, median, readVitals, settle } from './measureVitals.mjs';

const RUNS = Number(process.env.BENCH_VITALS_RUNS ?? 5);
const RATE = Number(process.env.BENCH_VITALS_CPU ?? 4);
const FOLDER = 'bench-vitals-1k';
const PARTS = (process.env.BENCH_VITALS_PARTS ?? 'pages,interactions').split(',');
const [WIDTH, HEIGHT] = (process.env.BENCH_VITALS_VIEWPORT ?? '1280x800').split('x').map(Number);
const VIEWPORT = { width: WIDTH, height: HEIGHT };
const LCP_TARGET = { guest: 1500, dashboard: 1500, server: 2000 };
const CONTENT_TARGET = { guest: 1000, dashboard: 1000, server: 1500 };
const CLS_TARGET = 0.05;
const INP_TARGET = 200;

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');
const list = (values) => values.map((value) => (Number.isFinite(value) ? Math.round(value) : 'n/a')).join(', ');

/** The builds to measure: BENCH_VITALS_BUILDS (name=dir, ...) or the one build (PANEL_CLIENT_DIR or dist/). */
const buildsToMeasure = () => buildsFromEnv('BENCH_VITALS_BUILDS') ?? [{ name: 'build', dir: process.env.PANEL_CLIENT_DIR }];

const areaLink = (page, name) => page.getByRole('navigation', { name: 'Server areas' }).getByRole('link', { name, exact: true });

/** One cold load of a route: LCP, CLS and when the page's content was painted. */
async function measureLoadOnce(browser, { baseUrl, token, path, content, check }) {
  const { context, page, errors, cdp } = await coldPage(browser, { token, rate: RATE, viewport: VIEWPORT, content });
  try {
    await page.goto(`${baseUrl}${path}`);
    await contentPainted(cdp);
    if (check) await check(page);
    await settle(page);
    const vitals = await readVitals(page);
    if (errors.length) throw new Error(`${path} threw: ${errors.join('; ')}`);
    return vitals;
  } finally {
    await context.close();
  }
}

/** One interaction: `prepare` loads the page, `act` interacts; INP of what `act` did. */
async function measureInteractionOnce(browser, { token, prepare, act }) {
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
    return inp;
  } finally {
    await context.close();
  }
}

/** A panel with demo data serving `build`, logged in as the demo user, with a folder of 1,000 files. */
async function startBuildPanel(build) {
  const password = `bench-${randomBytes(12).toString('base64url')}`;
  // The folder of 1,000 files is written straight into the server's folder on this host: without
  // disk images it is a plain folder, never one the panel mounts an image over meanwhile.
  const env = { PANEL_DEMO_DATA: 'true', PANEL_DEMO_PASSWORD: password, PANEL_DISK_IMAGES: 'false', LOG_LEVEL: 'warn', ...(build.dir ? { PANEL_CLIENT_DIR: build.dir } : {}) };
  const panel = await startPanel({ env, timeoutMs: 300_000 });
  const login = await apiJson(panel.baseUrl, 'POST', '/api/v2/auth/login', { login: 'demo', password });
  const token = login.body?.data?.token;
  if (!token) throw new Error(`logging in as demo answered ${login.status}: ${JSON.stringify(login.body)}`);
  const servers = await apiJson(panel.baseUrl, 'GET', '/api/v2/servers', null, token);
  const server = servers.body?.data?.[0];
  if (!server) throw new Error('the demo account has no server');
  const folder = join(panel.dataDir, 'servers', server.uuid, FOLDER);
  mkdirSync(folder, { recursive: true });
  for (let index = 0; index < 1000; index++) writeFileSync(join(folder, `entry-${String(index).padStart(4, '0')}.txt`), `${index}\n`);
  return { ...build, panel, token, server };
}

/** The pages measured, for one build's panel. */
function pagesOf({ token, server }) {
  const id = server.identifier;
  // "Accepting typing": what the probe saw enabled takes a character and keeps it.
  const typeIntoLogin = async (page) => {
    await page.locator('#login').pressSequentially('x');
    if ((await page.locator('#login').inputValue()) !== 'x') throw new Error('the log-in form did not take typing');
  };
  return [
    { name: '/login', path: '/login', token: null, kind: 'guest', content: { kind: 'loginForm' }, check: typeIntoLogin },
    { name: '/', path: '/', token, kind: 'dashboard', content: { kind: 'serverCard', text: server.name } },
    { name: '/server/{id}', path: `/server/${id}`, token, kind: 'server', content: { kind: 'overviewFigures' } },
    { name: '/server/{id}/console', path: `/server/${id}/console`, token, kind: 'server', content: { kind: 'consoleLines' } },
    { name: '/server/{id}/files', path: `/server/${id}/files`, token, kind: 'server', content: { kind: 'fileEntry', text: FOLDER } },
  ];
}

/** The interactions measured, for one build's panel. */
function interactionsOf({ panel, server }) {
  const baseUrl = panel.baseUrl;
  const id = server.identifier;
  const overview = (page) => page.getByRole('heading', { level: 2, name: 'Overview' }).waitFor({ timeout: 60_000 });
  return [
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
        await overview(page);
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
}

/** The load figures of one route and build from its runs. */
function pageFigures(runs) {
  return { lcp: median(runs.map((r) => r.lcp)), cls: median(runs.map((r) => r.cls)), contentAt: median(runs.map((r) => r.contentAt)), runs };
}

async function main() {
  if ((await run('bash', [join(rootDir, 'scripts', 'ensure-chromium.sh')])) !== 0) throw new Error('Chromium is not available');
  const builds = buildsToMeasure();
  if (builds.some((build) => !build.dir)) await ensureSpaBuilt();
  const lines = [];
  const say = (line) => {
    lines.push(line);
    console.log(line);
  };
  let ok = true;
  const figures = { cpuSlowdown: RATE, runs: RUNS, builds: builds.map((build) => build.name), pages: {}, interactions: {} };
  const panels = [];
  let browser;
  try {
    for (const build of builds) panels.push(await startBuildPanel(build));
    browser = await chromium.launch(launchOptions);
    const tag = (panel) => (panels.length > 1 ? `[${panel.name}] ` : '');
    const buildNote = panels.length > 1 ? `, builds ${panels.map((p) => p.name).join(' and ')} alternating` : '';
    say(`Chromium, CPU slowed ${RATE}×, ${WIDTH}×${HEIGHT} viewport, median of ${RUNS} cold loads${buildNote}; load average at the start ${load()}`);

    const routes = pagesOf(panels[0]).map((route) => route.name);
    for (const [index, name] of (PARTS.includes('pages') ? routes : []).entries()) {
      const runsOf = panels.map(() => []);
      for (let round = 0; round < RUNS; round++) {
        for (const [which, panel] of panels.entries()) runsOf[which].push(await measureLoadOnce(browser, { baseUrl: panel.panel.baseUrl, ...pagesOf(panel)[index] }));
      }
      const kind = pagesOf(panels[0])[index].kind;
      for (const [which, panel] of panels.entries()) {
        const result = pageFigures(runsOf[which]);
        const contentOk = result.contentAt <= CONTENT_TARGET[kind];
        const lcpOk = result.lcp <= LCP_TARGET[kind];
        const clsOk = result.cls <= CLS_TARGET;
        ok &&= contentOk && lcpOk && clsOk;
        (figures.pages[name] ??= {})[panel.name] = result;
        say(
          `${tag(panel)}${name}: content ${ms(result.contentAt)} (target ≤ ${CONTENT_TARGET[kind]} ms ${contentOk ? 'met' : 'MISSED'}; runs ${list(result.runs.map((r) => r.contentAt))}), ` +
            `LCP ${ms(result.lcp)} (≤ ${LCP_TARGET[kind]} ms ${lcpOk ? 'met' : 'MISSED'}; runs ${list(result.runs.map((r) => r.lcp))}), ` +
            `CLS ${result.cls.toFixed(3)} (≤ ${CLS_TARGET} ${clsOk ? 'met' : 'MISSED'}) — load average ${load()}`,
        );
        say(`  largest paint: ${[...new Set(result.runs.map((r) => r.lcpElement))].join(', ')}`);
      }
    }
    if (PARTS.includes('pages')) {
      say(`Medians (content / LCP, ms): ${panels.map((p) => p.name).join(' | ')}`);
      for (const name of routes) say(`  ${name.padEnd(22)} ${panels.map((p) => `${Math.round(figures.pages[name][p.name].contentAt)} / ${Math.round(figures.pages[name][p.name].lcp)}`).join(' | ')}`);
    }

    const interactionNames = interactionsOf(panels[0]).map((interaction) => interaction.name);
    for (const [index, name] of (PARTS.includes('interactions') ? interactionNames : []).entries()) {
      const valuesOf = panels.map(() => []);
      for (let round = 0; round < RUNS; round++) {
        for (const [which, panel] of panels.entries()) valuesOf[which].push(await measureInteractionOnce(browser, { token: panel.token, ...interactionsOf(panel)[index] }));
      }
      for (const [which, panel] of panels.entries()) {
        const inp = median(valuesOf[which]);
        const inpOk = inp <= INP_TARGET;
        ok &&= inpOk;
        (figures.interactions[name] ??= {})[panel.name] = { inp, runs: valuesOf[which] };
        say(`${tag(panel)}INP ${name}: ${ms(inp)} (target ≤ ${INP_TARGET} ms ${inpOk ? 'met' : 'MISSED'}; runs ${list(valuesOf[which])}) — load average ${load()}`);
      }
    }
  } finally {
    await browser?.close();
    for (const { panel } of panels) await panel.stop();
  }
  saveResult('vitals', { ok, lines, ...figures });
  if (!ok) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
