/**
 * bench/catalogue's modpack figure: a 50-file .mrpack (Fabric loader, 50 mod jars from the local
 * catalogue, an override) built now, installed on a Java server of the demo panel through
 * POST /servers/{id}/modpacks/install: from the request to the job's end (stop, backup, 50
 * downloads verified by SHA-512 in parallel, the loader set up, files put in place).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { waitFor } from '../demoPanel.mjs';

const rootDir = join(fileURLToPath(import.meta.url), '..', '..', '..');

/** Answers { files, jobMs, ok, error } for one install of a 50-file modpack on a fresh Java server. */
export async function benchModpackInstall(panel, api) {
  const { makeArtefacts } = await tsImport('../../server/src/games/catalogue/offline/artefacts.ts', import.meta.url);
  const { buildMrpack, testModFiles } = await tsImport('../../server/src/games/catalogue/offline/modpackArtefacts.ts', import.meta.url);
  const artefacts = new Map((await makeArtefacts()).map((a) => [a.name, a]));
  const pack = await buildMrpack({
    name: 'Bench pack',
    versionId: '1.0.0',
    dependencies: { minecraft: '1.21.4', 'fabric-loader': '0.16.10' },
    files: testModFiles(artefacts, 50),
    entries: { 'overrides/config/bench.txt': 'bench\n' },
  });

  // A Java server for the demo user, made through the admin API with a key from the panel's CLI.
  const key = JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', 'server/src/cli.ts', 'admin-key:create', '--description', 'bench modpacks'], {
      cwd: rootDir,
      env: { ...process.env, PANEL_DATA_DIR: panel.dataDir },
      encoding: 'utf8',
    }),
  ).key;
  const created = await fetch(`${panel.baseUrl}/api/v2/admin/servers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ name: 'Modpack bench', template: 'minecraft-java', plan: 'minecraft-budget', owner: 'demo' }),
  });
  if (created.status !== 201) throw new Error(`creating the Java server answered ${created.status}`);
  const id = (await created.json()).data.server.identifier;
  // Its own install fetches Mojang's jar (offline it fails): wait until it has ended either way.
  const server = await waitFor(async () => {
    const { data } = await api('GET', `/servers/${id}`);
    return data.status !== 'installing' ? data : null;
  }, 'the Java server installed');
  writeFileSync(join(panel.dataDir, 'servers', server.uuid, 'bench-pack.mrpack'), pack);

  const started = Date.now();
  const answer = (await api('POST', `/servers/${id}/modpacks/install`, { file: '/bench-pack.mrpack' })).data;
  const job = await waitFor(async () => {
    const current = (await api('GET', `/servers/${id}/modpacks`)).data.job;
    return current && current.job === answer.job.job && current.state !== 'running' ? current : null;
  }, 'the modpack install');
  const jobMs = Date.now() - started;
  const installed = (await api('GET', `/servers/${id}/modpacks`)).data.installed;
  return { files: answer.pack.files, jobMs, ok: job.state === 'completed' && installed?.files === 50, error: job.error };
}
