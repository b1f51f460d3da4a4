#!/usr/bin/env node
/**
 * bench/bundle: the gzip size (level 9) of the JavaScript and CSS the browser loads for every
 * route the router knows (routes.mjs reads them from the router's sources): guest pages logged
 * out, the others logged in (demo data), measured by loading each route in Chromium against the
 * real panel serving the production build.
 * Targets (1 KB = 1024 bytes): /login at most 185 KB, / at most 260 KB, every server area at
 * most 350 KB; and no route loads the code of an area it does not show (checked with the
 * build's source maps: modules of another page's feature folder, the terminal outside the
 * console, the code editor anywhere: it loads only when a file is opened).
 * PANEL_CLIENT_DIR=<dir> measures that build instead of dist/.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ensureSpaBuilt, rootDir, run } from '../../scripts/lib/spaBuild.mjs';
import { startPanel } from '../../scripts/lib/panelProcess.mjs';
import { apiJson } from '../apiJson.mjs';
import { saveResult } from '../results.mjs';
import { measureRoute, launchOptions } from './measureRoute.mjs';
import { pageFeatures, routerRoutes, SHARED_FEATURES } from './routes.mjs';

const kb = (bytes) => (bytes / 1024).toFixed(1);
const TARGETS = { '/login': 185, '/': 260 };
const SERVER_AREA_TARGET = 350;

/** Libraries that belong to one area only (null: to no route at all, loaded on demand). */
const AREA_LIBRARIES = [
  { test: /node_modules\/@xterm\//, name: 'the terminal (xterm)', feature: 'console' },
  { test: /node_modules\/(@codemirror|codemirror|@lezer|@uiw)\//, name: 'the code editor (CodeMirror)', feature: null },
];

/** Feature folders and area libraries in the modules of the loaded scripts, from their source maps. */
function contentsOf(clientDir, files) {
  const features = new Set();
  const libraries = new Set();
  for (const file of files) {
    if (file.type !== 'script') continue;
    const map = join(clientDir, `${file.url.split('?')[0]}.map`);
    if (!existsSync(map)) continue;
    for (const source of JSON.parse(readFileSync(map, 'utf8')).sources ?? []) {
      const feature = /\/src\/features\/([^/]+)\//.exec(source)?.[1];
      if (feature) features.add(feature);
      for (const library of AREA_LIBRARIES) if (library.test.test(source)) libraries.add(library);
    }
  }
  return { features, libraries };
}

async function main() {
  if ((await run('bash', [join(rootDir, 'scripts', 'ensure-chromium.sh')])) !== 0) throw new Error('Chromium is not available');
  // PANEL_CLIENT_DIR measures a given build; otherwise dist/, rebuilt when stale.
  if (!process.env.PANEL_CLIENT_DIR) await ensureSpaBuilt();
  const clientDir = process.env.PANEL_CLIENT_DIR ?? join(rootDir, 'dist');
  const password = `bench-${randomBytes(12).toString('base64url')}`;
  const panel = await startPanel({ env: { PANEL_DEMO_DATA: 'true', PANEL_DEMO_PASSWORD: password, LOG_LEVEL: 'warn' }, timeoutMs: 300_000 });
  const browser = await chromium.launch(launchOptions);
  try {
    const login = await apiJson(panel.baseUrl, 'POST', '/api/v2/auth/login', { login: 'demo', password });
    const token = login.body?.data?.token;
    if (!token) throw new Error(`logging in as demo answered ${login.status}: ${JSON.stringify(login.body)}`);
    const servers = await apiJson(panel.baseUrl, 'GET', '/api/v2/servers', null, token);
    const serverId = servers.body?.data?.[0]?.identifier;
    if (!serverId) throw new Error('the demo account has no server');

    const routes = routerRoutes(rootDir);
    const areas = pageFeatures(routes);
    const lines = [];
    const figures = {};
    let ok = true;
    console.log(
      `${routes.length} routes; load average ${loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')} (sizes do not depend on it)`,
    );
    for (const route of routes) {
      const path = route.path.replace(':id', serverId);
      const { finalPath, files } = await measureRoute(browser, panel.baseUrl, path, route.access === 'guest' ? null : token);
      const js = files.filter((f) => f.type === 'script').reduce((sum, f) => sum + f.gzip, 0);
      const css = files.filter((f) => f.type === 'stylesheet').reduce((sum, f) => sum + f.gzip, 0);
      const total = js + css;
      const target = TARGETS[route.path] ?? (route.kind === 'server' ? SERVER_AREA_TARGET : null);
      const sizeOk = target === null || total / 1024 <= target;
      const { features, libraries } = contentsOf(clientDir, files);
      // The start-up chunks are every route's (boot, the entry; main, the start-up code it evaluates
      // after the first frame): what they hold of a feature (a helper the guards use) is no area's page.
      const { features: inEntry } = contentsOf(
        clientDir,
        files.filter((file) => /\/(boot|main|runtime|framework)\.[^/]+\.js$/.test(file.url)),
      );
      const foreign = [
        ...[...features].filter((feature) => areas.includes(feature) && feature !== route.feature && !SHARED_FEATURES.includes(feature) && !inEntry.has(feature)).map((f) => `features/${f}`),
        ...[...libraries].filter((library) => library.feature !== route.feature).map((library) => library.name),
      ];
      const redirected = finalPath === path ? '' : ` — ended on ${finalPath}!`;
      ok &&= sizeOk && foreign.length === 0 && !redirected;
      const verdict = target === null ? 'no target' : sizeOk ? `≤ ${target} KB target met` : `OVER the ${target} KB target`;
      const leak = foreign.length ? `; LOADS code of areas it does not show: ${foreign.join(', ')}` : '';
      lines.push(`${route.path}: ${kb(total)} KB gzip (JS ${kb(js)} KB, CSS ${kb(css)} KB, ${files.length} files) ${verdict}${leak}${redirected}`);
      console.log(lines.at(-1));
      for (const file of files.sort((a, b) => b.gzip - a.gzip)) console.log(`    ${kb(file.gzip).padStart(7)} KB  ${file.url}`);
      figures[route.path] = { totalBytes: total, jsBytes: js, cssBytes: css, files, finalPath, foreign };
    }
    saveResult('bundle', { ok, lines, routes: figures });
    if (!ok) process.exitCode = 1;
  } finally {
    await browser.close();
    await panel.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
