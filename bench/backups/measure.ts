/**
 * The measurement of bench/backups, run in its own process (node --import tsx): builds a folder
 * of mixed files (Minecraft-like region files, incompressible, plus many small text files),
 * then backs it up and restores it with the panel's own code (the same functions the backup
 * service runs, through the local driver's file port), printing throughput and this process's memory rise as JSON.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RootedServerFiles } from '../../server/src/runtime/files/rooted/RootedServerFiles';
import { archiveSha256 } from '../../server/src/services/backups/BackupStorage';
import { LocalBackupStorage } from '../../server/src/services/backups/LocalBackupStorage';
import { backupChecker, stageAndSwap } from '../../server/src/services/backups/restoreSwap';
import { walkForBackup } from '../../server/src/services/backups/walkForBackup';
import { writeArchive } from '../../server/src/services/backups/writeArchive';

const MB = 1024 * 1024;
const totalMb = Number(process.env.BENCH_BACKUPS_MB ?? 1024);

function buildFolder(root: string): number {
  let bytes = 0;
  const regionMb = Math.round(totalMb * 0.7);
  // Region files: 4–12 MiB each of compressed chunk data (random: gzip cannot shrink it).
  mkdirSync(join(root, 'world/region'), { recursive: true });
  for (let i = 0; bytes < regionMb * MB; i++) {
    const size = (4 + (i % 9)) * MB;
    writeFileSync(join(root, 'world/region', `r.${i}.0.mca`), randomBytes(size));
    bytes += size;
  }
  // Many small files: player data, configs, logs (text, compressible), 2–30 KiB each.
  const line = 'player joined the game at x=123 y=64 z=-321 with 20 hearts and a diamond sword\n';
  for (let i = 0; bytes < totalMb * MB; i++) {
    const folder = join(root, 'plugins', `p${i % 50}`, `d${i % 20}`);
    if (i < 1000) mkdirSync(folder, { recursive: true });
    const size = 2048 + ((i * 7919) % 28) * 1024;
    writeFileSync(join(folder, `f${i}.yml`), line.repeat(Math.ceil(size / line.length)).slice(0, size));
    bytes += size;
  }
  return bytes;
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'bench-backups-'));
  try {
    const root = join(work, 'live');
    const bytes = buildFolder(root);
    const storage = new LocalBackupStorage(join(work, 'backups'));
    const serverUuid = randomUUID();
    const backupUuid = randomUUID();
    global.gc?.();
    const baseRss = process.memoryUsage().rss;
    let peakRss = baseRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);

    let started = performance.now();
    // The local driver's file port on the folder: the path every backup of a local server takes.
    const files = new RootedServerFiles(root);
    const plan = await walkForBackup(files, '');
    const result = await writeArchive(files, plan, await storage.create(serverUuid, backupUuid), () => undefined);
    const backupSeconds = (performance.now() - started) / 1000;

    started = performance.now();
    if ((await archiveSha256(storage, serverUuid, backupUuid)) !== result.checksum) throw new Error('checksum mismatch');
    await stageAndSwap({
      files,
      journalPath: join(work, 'restores', `${serverUuid}.json`),
      serverUuid,
      backupUuid,
      truncate: true,
      open: () => storage.readChunks(serverUuid, backupUuid),
      checker: backupChecker(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
    });
    const restoreSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    console.log(
      JSON.stringify({
        contentMb: bytes / MB,
        files: plan.files,
        archiveMb: result.bytes / MB,
        backupMbPerSecond: bytes / MB / backupSeconds,
        restoreMbPerSecond: bytes / MB / restoreSeconds,
        memoryRiseMb: (peakRss - baseRss) / MB,
      }),
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

void main();
