/**
 * The files part of bench/docker, measured from run.mjs's process as a browser's requests are,
 * on a server of each panel ("Files and backup"):
 *   - a folder of BENCH_DOCKER_ENTRIES (10,000) files listed through GET …/files/list: its first
 *     listing, then (once it has been unchanged for the panel's two seconds) the median and p95
 *     of 20 listings after 3 warm-up ones, JSON parsed included;
 *   - a backup through POST …/backups of a folder of BENCH_DOCKER_BACKUP_MB (1024) MiB of mixed
 *     files (bench/backups' Minecraft-like world: region files and many small ones), from the
 *     request until the archive is complete, BENCH_DOCKER_BACKUP_ROUNDS (3) times, the two
 *     panels' rounds alternating;
 *   - the panel's resident memory, sampled every 50 ms, during each of these: its largest rise
 *     above what it was just before.
 * The folders are laid out where the server's files are on this machine (for the Docker side,
 * the node's folder its volume binds: the benchmark's engine runs here), owned as the game's own
 * files are, the way a game writes its world: not through the panel, whose memory is measured.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { residentBytes, sampleMemory } from '../console/procStats.mjs';

const entries = Number(process.env.BENCH_DOCKER_ENTRIES ?? 10_000);
const backupMb = Number(process.env.BENCH_DOCKER_BACKUP_MB ?? 1024);
const backupRounds = Number(process.env.BENCH_DOCKER_BACKUP_ROUNDS ?? 3);
// The backup's target is in megabytes (10^6 bytes) a second, as the product states it: 80 MB/s is 76.3 MiB/s.
export const filesTarget = { listMs: 150, backupMBps: 80, memoryRiseMiB: 50 };
const MBperMiB = (1024 * 1024) / 1e6;
const megabytes = (mibPerSecond) => Math.round(mibPerSecond * MBperMiB * 10) / 10;

const MiB = 1024 * 1024;
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const tenth = (value) => Math.round(value * 10) / 10;

/** Runs `work` while sampling the panel's memory: what it answers, and the largest rise above the memory before. */
async function withMemory(pid, work) {
  const before = residentBytes(pid);
  const sampler = sampleMemory(pid, 50);
  try {
    const value = await work();
    return { value, riseBytes: Math.max(0, Math.max(...sampler.stop().map((sample) => sample.bytes)) - before) };
  } finally {
    sampler.stop();
  }
}

/** The listing folder and the world to back up, laid out in the server's folder and handed to the game's owner. */
function layOut(root, builderScript) {
  const { uid, gid } = statSync(root);
  const many = join(root, 'many');
  mkdirSync(many, { recursive: true });
  for (let i = 0; i < entries; i += 1) writeFileSync(join(many, `file-${i}.txt`), `entry ${i}\n`);
  // In a process of its own, as bench/backups builds it.
  execFileSync(process.execPath, ['--import', 'tsx', builderScript, join(root, 'world'), String(backupMb)], { stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync('chown', ['-R', `${uid}:${gid}`, many, join(root, 'world')]);
}

/** One listing of the folder, checked complete: its milliseconds, JSON parsed included. */
async function timeListing({ baseUrl, token, serverId }) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/v2/servers/${serverId}/files/list?directory=/many`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'accept-encoding': 'identity' },
  });
  const body = await response.json();
  const elapsed = performance.now() - started;
  if (response.status !== 200 || body.data?.length !== entries) throw new Error(`list answered ${response.status} with ${body?.data?.length} entries`);
  return elapsed;
}

async function measureListing(served) {
  return withMemory(served.pid, async () => {
    const firstMs = tenth(await timeListing(served));
    // Unchanged for the panel's two seconds: listed as a customer's settled folder is.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const settled = [];
    for (let i = 0; i < 23; i += 1) {
      const elapsed = await timeListing(served);
      if (i >= 3) settled.push(elapsed);
    }
    return { firstMs, medianMs: tenth(percentile(settled, 50)), p95Ms: tenth(percentile(settled, 95)) };
  });
}

/**
 * Lays out both panels' folders, lists them, then backs them up in alternating rounds.
 * `panels`: run.mjs's panels ({ side, ask }); `builderScript`: bench/backups/folder.ts.
 */
export async function measureFiles(panels, builderScript, machineLoad) {
  const figures = {};
  for (const panel of panels) {
    const served = await panel.ask('files');
    console.log(`${panel.side}: laying out ${entries.toLocaleString('en')} files and a ${backupMb} MiB world in ${served.root} (${machineLoad()})…`);
    layOut(served.root, builderScript);
    const listing = await measureListing(served);
    console.log(
      `${panel.side}: files/list of ${entries.toLocaleString('en')} entries: first ${listing.value.firstMs} ms, median ${listing.value.medianMs} ms, p95 ${listing.value.p95Ms} ms; memory rise ${tenth(listing.riseBytes / MiB)} MiB (${machineLoad()})`,
    );
    figures[panel.side] = { served, listing: { ...listing.value, memoryRiseMiB: tenth(listing.riseBytes / MiB) }, backups: [] };
  }
  for (let round = 0; round < backupRounds; round++) {
    for (const panel of round % 2 ? [...panels].reverse() : panels) {
      const side = figures[panel.side];
      const { value, riseBytes } = await withMemory(side.served.pid, () => panel.ask('backup'));
      const run = { ...value, mibPerSecond: tenth(value.contentBytes / MiB / value.seconds), memoryRiseMiB: tenth(riseBytes / MiB) };
      side.backups.push(run);
      console.log(`${panel.side}: backup of ${tenth(value.contentBytes / MiB)} MiB in ${value.files} files: ${run.mibPerSecond} MiB/s, memory rise ${run.memoryRiseMiB} MiB (${machineLoad()})`);
    }
  }
  const result = {};
  for (const [name, side] of Object.entries(figures)) {
    result[name] = {
      listing: side.listing,
      backup: {
        runs: side.backups,
        medianMiBps: percentile(
          side.backups.map((run) => run.mibPerSecond),
          50,
        ),
        archiveMiB: tenth(side.backups[0].archiveBytes / MiB),
        contentMiB: tenth(side.backups[0].contentBytes / MiB),
        files: side.backups[0].files,
      },
      memoryRiseMiB: Math.max(side.listing.memoryRiseMiB, ...side.backups.map((run) => run.memoryRiseMiB)),
    };
  }
  return result;
}

/** The printed lines of the files figures, and whether the Docker side meets its targets. */
export function filesLines({ local, docker }) {
  const listMet = docker.listing.medianMs <= filesTarget.listMs;
  const backupMet = megabytes(docker.backup.medianMiBps) >= filesTarget.backupMBps;
  const memoryMet = docker.memoryRiseMiB <= filesTarget.memoryRiseMiB;
  const met = (ok) => (ok ? 'met' : 'NOT met');
  return {
    ok: listMet && backupMet && memoryMet,
    lines: [
      `files/list of ${entries.toLocaleString('en')} entries (median of 20, settled): local ${local.listing.medianMs} ms, docker ${docker.listing.medianMs} ms (p95 ${local.listing.p95Ms} / ${docker.listing.p95Ms} ms; first listing ${local.listing.firstMs} / ${docker.listing.firstMs} ms); target ≤ ${filesTarget.listMs} ms: ${met(listMet)}`,
      `backup of ${docker.backup.contentMiB} MiB in ${docker.backup.files} files (median of ${docker.backup.runs.length}, request to complete): local ${local.backup.medianMiBps} MiB/s (${megabytes(local.backup.medianMiBps)} MB/s), docker ${docker.backup.medianMiBps} MiB/s (${megabytes(docker.backup.medianMiBps)} MB/s) (archive ${docker.backup.archiveMiB} MiB); target ≥ ${filesTarget.backupMBps} MB/s: ${met(backupMet)}`,
      `panel memory rise while listing and backing up (largest): local ${local.memoryRiseMiB} MiB, docker ${docker.memoryRiseMiB} MiB; target ≤ ${filesTarget.memoryRiseMiB} MiB: ${met(memoryMet)}`,
    ],
  };
}
