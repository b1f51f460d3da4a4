#!/usr/bin/env node
/**
 * bench/bundle: the gzip size (level 9) of the JavaScript and CSS the browser loads for
 * /login (logged out), / and /server/{id}/console (logged in), measured by loading each
 * route in Chromium against the real panel serving the production build.
 * Targets: /login at most 200 KB, / at most 300 KB (1 KB = 1024 bytes).
 * PANEL_CLIENT_DIR=<dir> measures that build instead of dist/.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ensureSpaBuilt, rootDir, run } from '../../scripts/lib/spaBuild.mjs';
import { startPanel } from '../../scripts/lib/panelProcess.mjs';
import { apiJson } from '../apiJson.mjs';
import { saveResult } from '../results.mjs';
import { measureRoute, launchOptions } from './measureRoute.mjs';

const kb = (bytes) => (bytes / 1024).toFixed(1);

/** The identifier of one of the user's servers for the console route, when the API lists them. */
async function firstServerId(baseUrl, token) {
  const { status, body } = await apiJson(baseUrl, 'GET', '/api/v2/servers', null, token);
  const first = status === 200 ? (body?.data?.[0]?.attributes ?? body?.data?.[0]) : null;
  return first ? String(first.identifier ?? first.short_id ?? first.uuid ?? first.id) : null;
}

async function main() {
  if ((await run('bash', [join(rootDir, 'scripts', 'ensure-chromium.sh')])) !== 0) throw new Error('Chromium is not available');
  // PANEL_CLIENT_DIR measures a given build; otherwise dist/, rebuilt when stale.
  if (!process.env.PANEL_CLIENT_DIR) await ensureSpaBuilt();
  const password = `bench-${randomBytes(12).toString('base64url')}`;
  const panel = await startPanel({ env: { PANEL_DEMO_DATA: 'true', PANEL_DEMO_PASSWORD: password } });
  const browser = await chromium.launch(launchOptions);
  try {
    const login = await apiJson(panel.baseUrl, 'POST', '/api/v2/auth/login', { login: 'demo', password });
    const token = login.body?.data?.token;
    if (!token) throw new Error(`logging in as demo answered ${login.status}: ${JSON.stringify(login.body)}`);
    const serverId = await firstServerId(panel.baseUrl, token);

    const routes = [
      { path: '/login', token: null, target: 200 },
      { path: '/', token, target: 300 },
      { path: `/server/${serverId ?? 'unknown'}/console`, token, target: null, note: serverId ? '' : ' (no server listed by the API: placeholder id)' },
    ];
    const lines = [];
    const figures = {};
    for (const route of routes) {
      const { finalPath, files } = await measureRoute(browser, panel.baseUrl, route.path, route.token);
      const js = files.filter((f) => f.type === 'script').reduce((sum, f) => sum + f.gzip, 0);
      const css = files.filter((f) => f.type === 'stylesheet').reduce((sum, f) => sum + f.gzip, 0);
      const total = js + css;
      const verdict = route.target ? (total / 1024 <= route.target ? `≤ ${route.target} KB target met` : `OVER the ${route.target} KB target`) : 'no target';
      const redirected = finalPath === route.path ? '' : ` — ended on ${finalPath}!`;
      lines.push(`${route.path}: ${kb(total)} KB gzip (JS ${kb(js)} KB, CSS ${kb(css)} KB, ${files.length} files) ${verdict}${route.note ?? ''}${redirected}`);
      console.log(lines.at(-1));
      for (const file of files.sort((a, b) => b.gzip - a.gzip)) console.log(`    ${kb(file.gzip).padStart(7)} KB  ${file.url}`);
      figures[route.path] = { totalBytes: total, jsBytes: js, cssBytes: css, files, finalPath };
    }
    const ok = Object.entries(figures).every(([path, f]) => f.finalPath === path);
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
