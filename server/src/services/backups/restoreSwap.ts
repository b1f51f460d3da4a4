import { constants, promises as fs } from 'node:fs';
import { dirname, join } from 'node:path';
import { ArchiveChecker } from '../files/archives/ArchiveChecker';
import { GzipReader } from './gzipReader';
import { TarExtractor } from './tarExtractor';
import { PANEL_INTERNAL } from './walkForBackup';

/**
 * What a restore in progress wrote down before touching anything: where its staging folder is
 * and how far it got. Kept outside the server's files (<data dir>/restores/<server uuid>.json),
 * so a customer cannot forge one. Phase `extract`: live files untouched (roll back = drop the
 * staging folder). Phase `swap`: the new files are complete (finish = move the rest in).
 */
export interface RestoreJournal {
  serverUuid: string;
  backupUuid: string;
  root: string;
  staging: string;
  truncate: boolean;
  phase: 'extract' | 'swap';
  /** Top-level names of the restored files (set for `swap`). */
  names: string[];
}

const exists = (path: string) =>
  fs.lstat(path).then(
    () => true,
    () => false,
  );

/** Writes the journal atomically (temp file, fsync, rename, folder fsync). */
export async function writeJournal(path: string, journal: RestoreJournal): Promise<void> {
  await fs.mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temp = `${path}.tmp`;
  const handle = await fs.open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 0o600);
  try {
    await handle.writeFile(JSON.stringify(journal));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(temp, path);
  const dir = await fs.open(dirname(path), constants.O_RDONLY | constants.O_DIRECTORY);
  await dir.sync().finally(() => dir.close());
}

/** A fresh staging folder inside the server's root: <root>/.panel-restore-<backup>/{new,old}. */
export async function prepareStaging(root: string, backupUuid: string): Promise<string> {
  const staging = join(root, `.panel-restore-${backupUuid}`);
  // rm never follows a symlink placed there: it removes the link itself.
  await fs.rm(staging, { recursive: true, force: true });
  await fs.mkdir(staging, { mode: 0o700 });
  await fs.mkdir(join(staging, 'new'), { mode: 0o700 });
  await fs.mkdir(join(staging, 'old'), { mode: 0o700 });
  return staging;
}

/**
 * Extracts a backup archive (its bytes, in order; each chunk may be reused once the next is
 * asked for) into `destination`, an empty folder of ours. Every entry is checked like a
 * file-manager path before it is written (no absolute names, no `..`, no links, no devices); the
 * first refused entry stops the extraction with its reason.
 */
export async function extractBackup(source: AsyncIterable<Buffer>, destination: string, checker: ArchiveChecker, onBytes: (bytes: number) => void): Promise<void> {
  const tar = new TarExtractor(destination, checker, onBytes);
  const gzip = new GzipReader(tar.write);
  try {
    for await (const chunk of source) await gzip.write(chunk);
    await gzip.end();
    await tar.end();
  } catch (error) {
    await tar.abort();
    throw error;
  }
}

/** A name in `folder` that is free: `name`, else `name.1`, `name.2` … */
async function freeName(folder: string, name: string): Promise<string> {
  for (let n = 0; ; n += 1) {
    const candidate = join(folder, n === 0 ? name : `${name}.${n}`);
    if (!(await exists(candidate))) return candidate;
  }
}

const pause = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/** Moves `source`'s entries over `target`, folders merged, replaced entries set aside in `aside`. */
async function mergeInto(source: string, target: string, aside: string, pauseMs: number): Promise<void> {
  for (const name of await fs.readdir(source)) {
    const from = join(source, name);
    const to = join(target, name);
    const [fromStats, toStats] = await Promise.all([fs.lstat(from), fs.lstat(to).catch(() => null)]);
    if (fromStats.isDirectory() && toStats?.isDirectory()) {
      await mergeInto(from, to, join(aside, name), pauseMs);
      continue;
    }
    if (toStats) {
      await fs.mkdir(aside, { recursive: true });
      await fs.rename(to, await freeName(aside, name));
    }
    await pause(pauseMs);
    await fs.rename(from, to);
  }
}

/**
 * Puts the staged files in place. Idempotent, so a panel killed half-way finishes it on its next
 * start: what was moved already is no longer in the staging folder. With `truncate`, every live
 * entry that is not a restored one is set aside first; without it, files of the backup replace
 * their namesakes and other files stay.
 */
export async function applySwap(journal: RestoreJournal, pauseMs = 0): Promise<void> {
  const fresh = join(journal.staging, 'new');
  const aside = join(journal.staging, 'old');
  // The staged folder stays until the clean-up: without it, the swap had finished and the panel
  // stopped while the staging folder was being removed. Only the clean-up is left to do.
  if (!(await exists(fresh))) return;
  await fs.mkdir(aside, { recursive: true });
  if (journal.truncate) {
    const restored = new Set(journal.names);
    for (const name of await fs.readdir(journal.root)) {
      if (PANEL_INTERNAL.test(name)) continue;
      // Live and not restored, or restored but its new version is still staged: an old entry.
      if (!restored.has(name) || (await exists(join(fresh, name)))) {
        await pause(pauseMs);
        await fs.rename(join(journal.root, name), await freeName(aside, name));
      }
    }
  }
  await mergeInto(fresh, journal.root, aside, pauseMs);
}

/** Drops the staging folder (old files set aside, or an unfinished extraction) and the journal. */
export async function cleanUp(journalPath: string, journal: RestoreJournal): Promise<void> {
  await fs.rm(journal.staging, { recursive: true, force: true });
  await fs.rm(journalPath, { force: true });
}

/**
 * After a crash: for each journal left behind, rolls back an unfinished extraction or finishes an
 * unfinished swap. Answers what it did, by server uuid.
 */
export async function recoverRestores(journalDir: string): Promise<Array<{ serverUuid: string; outcome: 'rolled-back' | 'finished' }>> {
  const done: Array<{ serverUuid: string; outcome: 'rolled-back' | 'finished' }> = [];
  const names = await fs.readdir(journalDir).catch(() => [] as string[]);
  for (const name of names) {
    const path = join(journalDir, name);
    if (name.endsWith('.tmp')) {
      await fs.rm(path, { force: true });
      continue;
    }
    if (!name.endsWith('.json')) continue;
    const journal = JSON.parse(await fs.readFile(path, 'utf8')) as RestoreJournal;
    if (journal.phase === 'swap') {
      await applySwap(journal);
      done.push({ serverUuid: journal.serverUuid, outcome: 'finished' });
    } else {
      done.push({ serverUuid: journal.serverUuid, outcome: 'rolled-back' });
    }
    await cleanUp(path, journal);
  }
  return done;
}

export interface StageAndSwapInput {
  root: string;
  journalPath: string;
  serverUuid: string;
  backupUuid: string;
  truncate: boolean;
  /** Opens the (verified) archive: its bytes in order, each chunk reused once the next is asked for. */
  open: () => Promise<AsyncIterable<Buffer>>;
  checker: ArchiveChecker;
  onBytes?: (bytes: number) => void;
  /** Slows the swap down between moves (crash tests). */
  pauseMs?: number;
}

/**
 * Journal (extract) → staging folder → extraction → journal (swap) → swap → clean-up. A refused
 * or damaged archive drops the staging folder and leaves the live files as they were.
 */
export async function stageAndSwap(input: StageAndSwapInput): Promise<void> {
  const journal: RestoreJournal = {
    serverUuid: input.serverUuid,
    backupUuid: input.backupUuid,
    root: input.root,
    staging: join(input.root, `.panel-restore-${input.backupUuid}`),
    truncate: input.truncate,
    phase: 'extract',
    names: [],
  };
  await writeJournal(input.journalPath, journal);
  try {
    await prepareStaging(input.root, input.backupUuid);
    await extractBackup(await input.open(), join(journal.staging, 'new'), input.checker, input.onBytes ?? (() => undefined));
  } catch (error) {
    await cleanUp(input.journalPath, journal);
    throw error;
  }
  journal.names = await fs.readdir(join(journal.staging, 'new'));
  journal.phase = 'swap';
  await writeJournal(input.journalPath, journal);
  await applySwap(journal, input.pauseMs ?? 0);
  await cleanUp(input.journalPath, journal);
}

/** The checker for a backup's entries: the file-manager rules, the plan's disk room as the size limit. */
export function backupChecker(freeBytes: number, limitBytes: number): ArchiveChecker {
  return new ArchiveChecker({ extractEntries: 10_000_000, extractBytes: Number.MAX_SAFE_INTEGER }, { freeBytes, limitBytes });
}
