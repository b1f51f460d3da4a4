/**
 * The measurement of bench/backups, run in its own process (node --expose-gc --import tsx):
 * has a folder of mixed files built by another process (folder.ts), then backs it up and
 * restores it with the panel's own code (the same functions the backup service runs, through
 * the local driver's file port), printing throughput and this process's memory rise as JSON.
 *
 * The rise is the highest resident size (sampled every 20 ms) above the one this process had,
 * settled, before the backup: the folder is built elsewhere because the buffers of building it,
 * freed but still mapped, would otherwise hide the first megabytes the backup takes.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { RootedServerFiles } from '../../server/src/runtime/files/rooted/RootedServerFiles';
import { archiveSha256 } from '../../server/src/services/backups/BackupStorage';
import { LocalBackupStorage } from '../../server/src/services/backups/LocalBackupStorage';
import { backupChecker, stageAndSwap } from '../../server/src/services/backups/restoreSwap';
import { walkForBackup } from '../../server/src/services/backups/walkForBackup';
import { writeArchive } from '../../server/src/services/backups/writeArchive';

const MB = 1024 * 1024;
const totalMb = Number(process.env.BENCH_BACKUPS_MB ?? 1024);

/** The highest resident size since it was made, sampled every 20 ms. */
class PeakRss {
  private peak = process.memoryUsage.rss();
  private readonly timer = setInterval(() => this.sample(), 20);

  sample(): number {
    this.peak = Math.max(this.peak, process.memoryUsage.rss());
    return this.peak;
  }

  stop(): number {
    clearInterval(this.timer);
    return this.sample();
  }
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'bench-backups-'));
  try {
    const root = join(work, 'live');
    const bytes = Number(execFileSync(process.execPath, ['--import', 'tsx', join(__dirname, 'folder.ts'), root, String(totalMb)], { encoding: 'utf8' }).trim());
    const storage = new LocalBackupStorage(join(work, 'backups'));
    const serverUuid = randomUUID();
    const backupUuid = randomUUID();
    // Settled: garbage collected and freed memory given back before the baseline is taken.
    global.gc?.();
    await sleep(300);
    global.gc?.();
    const baseRss = process.memoryUsage.rss();
    const peak = new PeakRss();

    let started = performance.now();
    // The local driver's file port on the folder: the path every backup of a local server takes.
    const files = new RootedServerFiles(root);
    const plan = await walkForBackup(files, '');
    const result = await writeArchive(files, plan, await storage.create(serverUuid, backupUuid), () => undefined);
    const backupSeconds = (performance.now() - started) / 1000;
    const backupPeak = peak.sample();

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
    const overallPeak = peak.stop();
    console.log(
      JSON.stringify({
        contentMb: bytes / MB,
        files: plan.files,
        archiveMb: result.bytes / MB,
        backupMbPerSecond: bytes / MB / backupSeconds,
        restoreMbPerSecond: bytes / MB / restoreSeconds,
        backupMemoryRiseMb: (backupPeak - baseRss) / MB,
        memoryRiseMb: (overallPeak - baseRss) / MB,
      }),
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

void main();
