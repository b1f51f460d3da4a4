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
 */
import { randomBytes } from 'node:crypto';
import { startPanel } from '../../scripts/lib/panelProcess.mjs';
import { panelCli } from '../console/panelCli.mjs';
import { saveResult } from '../results.mjs';
import { measureApi } from './measureApi.mjs';
import { measurePage } from './pageRender.mjs';

const parts = { api: measureApi, page: measurePage };
const wanted = (process.env.BENCH_FILES_PARTS ?? Object.keys(parts).join(',')).split(',').filter(Boolean);

/** A fresh account (through the public sign-up) owning an installed server. */
async function provision(panel) {
  const username = `bench_${randomBytes(4).toString('hex')}`;
  const password = `Bench-${randomBytes(12).toString('base64url')}`;
  const response = await fetch(`${panel.baseUrl}/api/v2/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, password, password_confirmation: password, remember: true }),
  });
  const body = await response.json().catch(() => null);
  const token = body?.data?.token;
  if (response.status !== 201 || !token) throw new Error(`register answered ${response.status}: ${JSON.stringify(body)}`);
  const server = await panelCli(panel.dataDir, ['servers:create', '--owner', username, '--template', 'minecraft-flying-squid', '--plan', 'minecraft-budget', '--name', 'Files bench']);
  if (server.install_status !== 'installed') throw new Error(`the bench server did not install: ${server.install_error}`);
  return { token, username, password, serverId: server.identifier, serverUuid: server.uuid };
}

async function main() {
  const unknown = wanted.filter((name) => !parts[name]);
  if (unknown.length) throw new Error(`Unknown part(s): ${unknown.join(', ')} (known: ${Object.keys(parts).join(', ')})`);
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
