#!/usr/bin/env node
/**
 * bench/catalogue: on a fresh panel with the demo data and the local catalogue server (recorded
 * answers of the public APIs, served over real HTTP: PANEL_CATALOGUE_URL=local):
 * - the versions list's answer time for each software the demo Minecraft server offers: cold (the
 *   panel asks the catalogue) and cached (median of BENCH_CATALOGUE_ROUNDS answers, default 20);
 * - a version switch of the embedded server (flying-squid) while it runs, on its fresh world, and
 *   back: from the request to the job's end (stop, backup, install, start) and to "running".
 * - the extensions search's answer time on a Paper server (switched to Paper from the local
 *   catalogue): cold (Modrinth, Hangar and SpiGet asked) and cached (median of the rounds).
 * - the install of a 50-file modpack (.mrpack, Fabric) on a Java server: request to the job's end
 *   (see modpackInstall.mjs).
 * Targets: cached list and cached search ≤ 50 ms; switch ≤ 10 s, backup included; 50-file modpack ≤ 5 s.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { median, startDemoPanel, waitFor } from '../demoPanel.mjs';
import { saveResult } from '../results.mjs';
import { benchModpackInstall } from './modpackInstall.mjs';

const rounds = Number(process.env.BENCH_CATALOGUE_ROUNDS ?? 20);

const { panel, api } = await startDemoPanel({ PANEL_CATALOGUE_URL: 'local' });
try {
  const timed = async (method, path, body) => {
    const started = performance.now();
    const answer = await api(method, path, body);
    return { ms: performance.now() - started, answer };
  };

  const server = (await api('GET', '/servers')).data.find((s) => s.name === 'Survival with friends');
  if (!server) throw new Error('the demo Minecraft server is missing');
  const id = server.identifier;
  const state = async () => (await api('GET', `/servers/${id}`)).data.state;
  await waitFor(async () => {
    const { data } = await api('GET', `/servers/${id}`);
    return data.status === null && ['offline', 'running'].includes(data.state);
  }, 'installed');

  const lines = [];
  const lists = {};
  const overview = (await api('GET', `/servers/${id}/versions`)).data;
  for (const software of overview.software) {
    const path = `/servers/${id}/versions/software/${software.id}`;
    const cold = await timed('GET', path);
    const cached = [];
    for (let round = 0; round < rounds; round++) cached.push((await timed('GET', path)).ms);
    lists[software.id] = { coldMs: Math.round(cold.ms), cachedMedianMs: Math.round(median(cached)), versions: cold.answer.data.total };
    lines.push(
      `versions list of ${software.id} (${cold.answer.data.total} versions): cold ${cold.ms.toFixed(0)} ms, cached median ${median(cached).toFixed(1)} ms, worst ${Math.max(...cached).toFixed(1)} ms (target ≤ 50)`,
    );
  }

  // The extensions search on a Paper server of the demo account (created through the admin API).
  const rootDir = join(import.meta.dirname, '..', '..');
  const adminKey = JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', 'server/src/cli.ts', 'admin-key:create', '--description', 'bench catalogue'], {
      cwd: rootDir,
      env: { ...process.env, PANEL_DATA_DIR: panel.dataDir },
      encoding: 'utf8',
    }),
  ).key;
  const created = await fetch(`${panel.baseUrl}/api/v2/admin/servers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ name: 'Bench plugins', template: 'minecraft-java', plan: 'minecraft-budget', owner: 'demo' }),
  });
  if (created.status !== 201) throw new Error(`creating the Paper server answered ${created.status}: ${await created.text()}`);
  const paperId = (await created.json()).data.server.identifier;
  await waitFor(async () => (await api('GET', `/servers/${paperId}`)).data.status !== 'installing', 'the Paper server installed');
  await api('POST', `/servers/${paperId}/versions/switch`, { software: 'paper', version: '1.21.4' });
  await waitFor(async () => (await api('GET', `/servers/${paperId}/versions/job`)).data?.state === 'completed', 'the switch to Paper');
  const searches = {};
  for (const [provider, query] of [
    ['modrinth', 'chunky'],
    ['hangar', 'via'],
    ['spiget', 'vault'],
  ]) {
    const path = `/servers/${paperId}/extensions/search?provider=${provider}&query=${query}`;
    const cold = await timed('GET', path);
    const cached = [];
    for (let round = 0; round < rounds; round++) cached.push((await timed('GET', path)).ms);
    searches[provider] = { coldMs: Math.round(cold.ms), cachedMedianMs: Math.round(median(cached)), hits: cold.answer.data.hits.length };
    lines.push(
      `extensions search on ${provider} ("${query}", ${cold.answer.data.hits.length} hits): cold ${cold.ms.toFixed(0)} ms, cached median ${median(cached).toFixed(1)} ms, worst ${Math.max(...cached).toFixed(1)} ms (target ≤ 50)`,
    );
  }

  // The demo server may be starting on its own already (it was running when the demo was made).
  if ((await state()) === 'offline') await api('POST', `/servers/${id}/power`, { signal: 'start' });
  await waitFor(async () => (await state()) === 'running', 'running');

  /** Switches the running server to `version` and answers how long the job and the way back to "running" took. */
  const switchTo = async (version) => {
    const started = Date.now();
    const job = (await api('POST', `/servers/${id}/versions/switch`, { software: 'flying-squid', version })).data;
    const done = await waitFor(async () => {
      const current = (await api('GET', `/servers/${id}/versions/job`)).data;
      return current && current.job === job.job && current.state !== 'running' ? current : null;
    }, `the switch to ${version}`);
    const jobMs = Date.now() - started;
    if (done.state !== 'completed') throw new Error(`the switch to ${version} failed: ${done.error}`);
    await waitFor(async () => (await state()) === 'running', 'running again');
    return { version, jobMs, runningMs: Date.now() - started, backup: Boolean(done.backup) };
  };
  // There and back: the way back finds the world the first version left.
  const from = overview.current?.version ?? '1.21.4';
  const switches = [await switchTo(from === '1.21.1' ? '1.21.4' : '1.21.1'), await switchTo(from)];
  let previous = from;
  for (const step of switches) {
    lines.push(
      `switch of flying-squid ${previous} → ${step.version} while running, backup ${step.backup ? 'made' : 'NOT made'}: job ${step.jobMs} ms, running again after ${step.runningMs} ms (target ≤ 10000)`,
    );
    previous = step.version;
  }
  const runningMs = Math.max(...switches.map((step) => step.runningMs));
  const modpack = await benchModpackInstall(panel, api);
  lines.push(`install of a ${modpack.files}-file modpack (Fabric, backup first) from the local catalogue: ${modpack.ok ? '' : `FAILED (${modpack.error}) after `}${modpack.jobMs} ms (target ≤ 5000)`);
  lines.push(
    `load average during the run: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await api('POST', `/servers/${id}/power`, { signal: 'stop' });

  for (const line of lines) console.log(line);
  const cachedWorst = Math.max(...Object.values(lists).map((l) => l.cachedMedianMs), ...Object.values(searches).map((l) => l.cachedMedianMs));
  saveResult('catalogue', { lines, ok: cachedWorst <= 50 && runningMs <= 10_000 && modpack.ok && modpack.jobMs <= 5000, lists, switches, searches, modpack });
} finally {
  await panel.stop();
}
process.exit(0);
