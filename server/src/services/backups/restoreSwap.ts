import { constants, promises as fs } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ServerFiles } from '../../runtime/files/ServerFiles';
import { ArchiveChecker } from '../files/archives/ArchiveChecker';
import { GzipReader } from './gzipReader';
import { TarExtractor } from './tarExtractor';
import { PANEL_INTERNAL } from './walkForBackup';

/**
 * What a restore in progress wrote down before touching anything: which backup it restores and
 * how far it got. Kept outside the server's files (<data dir>/restores/<server uuid>.json), so a
 * customer cannot forge one; its staging folder is `.panel-restore-<backup>` in the server's
 * files. Phase `extract`: live files untouched (roll back = drop the staging folder). Phase
 * `swap`: the new files are complete (finish = move the rest in).
 */
export interface RestoreJournal {
  serverUuid: string;
  backupUuid: string;
  truncate: boolean;
  phase: 'extract' | 'swap';
  /** Top-level names of the restored files (set for `swap`). */
  names: string[];
}

/** The staging folder of a restore, in the server's files: `new` holds the backup, `old` what it replaced. */
export const stagingOf = (backupUuid: string): string => `.panel-restore-${backupUuid}`;

/** A path of the server's files inside `folder` ('' is the root). */
const inside = (folder: string, name: string) => (folder === '' ? name : `${folder}/${name}`);

const exists = async (files: ServerFiles, path: string) => (await files.lstat(path)) !== null;

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

/** A fresh staging folder in the server's files: .panel-restore-<backup>/{new,old}. */
export async function prepareStaging(files: ServerFiles, backupUuid: string): Promise<string> {
  const staging = stagingOf(backupUuid);
  // The port never follows a link placed there: it removes the link itself.
  await files.remove(staging);
  for (const folder of [staging, `${staging}/new`, `${staging}/old`]) {
    await files.mkdir(folder);
    await files.chmod(folder, 0o700);
  }
  return staging;
}

/**
 * Extracts a backup archive (its bytes, in order; each chunk may be reused once the next is
 * asked for) into `destination`, an empty folder of ours in the server's files. Every entry is
 * checked like a file-manager path before it is written (no absolute names, no `..`, no links,
 * no devices); the first refused entry stops the extraction with its reason.
 */
export async function extractBackup(source: AsyncIterable<Buffer>, files: ServerFiles, destination: string, checker: ArchiveChecker, onBytes: (bytes: number) => void): Promise<void> {
  const tree = await files.openTree(destination);
  const tar = new TarExtractor(tree, checker, onBytes);
  const gzip = new GzipReader(tar.write);
  try {
    for await (const chunk of source) await gzip.write(chunk);
    await gzip.end();
    await tar.end();
  } catch (error) {
    await tar.abort();
    throw error;
  } finally {
    await tree.close();
  }
}

/** A name in `folder` that is free: `name`, else `name.1`, `name.2` … */
async function freeName(files: ServerFiles, folder: string, name: string): Promise<string> {
  for (let n = 0; ; n += 1) {
    const candidate = inside(folder, n === 0 ? name : `${name}.${n}`);
    if (!(await exists(files, candidate))) return candidate;
  }
}

const pause = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/** Moves `source`'s entries over `target`, folders merged, replaced entries set aside in `aside`. */
async function mergeInto(files: ServerFiles, source: string, target: string, aside: string, pauseMs: number): Promise<void> {
  for (const entry of await files.list(source)) {
    const from = inside(source, entry.name);
    const to = inside(target, entry.name);
    const existing = await files.lstat(to);
    if (entry.kind === 'directory' && existing?.kind === 'directory') {
      await mergeInto(files, from, to, inside(aside, entry.name), pauseMs);
      continue;
    }
    if (existing) {
      await files.mkdir(aside);
      await files.rename(to, await freeName(files, aside, entry.name));
    }
    await pause(pauseMs);
    await files.rename(from, to);
  }
}

/**
 * Puts the staged files in place. Idempotent, so a panel killed half-way finishes it on its next
 * start: what was moved already is no longer in the staging folder. With `truncate`, every live
 * entry that is not a restored one is set aside first; without it, files of the backup replace
 * their namesakes and other files stay.
 */
export async function applySwap(files: ServerFiles, journal: RestoreJournal, pauseMs = 0): Promise<void> {
  const staging = stagingOf(journal.backupUuid);
  const fresh = `${staging}/new`;
  const aside = `${staging}/old`;
  // The staged folder stays until the clean-up: without it, the swap had finished and the panel
  // stopped while the staging folder was being removed. Only the clean-up is left to do.
  if (!(await exists(files, fresh))) return;
  await files.mkdir(aside);
  if (journal.truncate) {
    const restored = new Set(journal.names);
    for (const { name } of await files.list('')) {
      if (PANEL_INTERNAL.test(name)) continue;
      // Live and not restored, or restored but its new version is still staged: an old entry.
      if (!restored.has(name) || (await exists(files, inside(fresh, name)))) {
        await pause(pauseMs);
        await files.rename(name, await freeName(files, aside, name));
      }
    }
  }
  await mergeInto(files, fresh, '', aside, pauseMs);
}

/** Drops the staging folder (old files set aside, or an unfinished extraction) and the journal. */
export async function cleanUp(files: ServerFiles, journalPath: string, journal: RestoreJournal): Promise<void> {
  await files.remove(stagingOf(journal.backupUuid));
  await fs.rm(journalPath, { force: true });
}

/**
 * After a crash: for each journal left behind, rolls back an unfinished extraction or finishes an
 * unfinished swap, in the files `filesOf` gives for its server. Answers what it did, by server uuid.
 */
export async function recoverRestores(journalDir: string, filesOf: (serverUuid: string) => ServerFiles): Promise<Array<{ serverUuid: string; outcome: 'rolled-back' | 'finished' }>> {
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
    const files = filesOf(journal.serverUuid);
    if (journal.phase === 'swap') {
      await applySwap(files, journal);
      done.push({ serverUuid: journal.serverUuid, outcome: 'finished' });
    } else {
      done.push({ serverUuid: journal.serverUuid, outcome: 'rolled-back' });
    }
    await cleanUp(files, path, journal);
  }
  return done;
}

export interface StageAndSwapInput {
  /** The server's files. */
  files: ServerFiles;
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
  const { files } = input;
  const journal: RestoreJournal = { serverUuid: input.serverUuid, backupUuid: input.backupUuid, truncate: input.truncate, phase: 'extract', names: [] };
  const fresh = `${stagingOf(input.backupUuid)}/new`;
  await writeJournal(input.journalPath, journal);
  try {
    await prepareStaging(files, input.backupUuid);
    await extractBackup(await input.open(), files, fresh, input.checker, input.onBytes ?? (() => undefined));
  } catch (error) {
    await cleanUp(files, input.journalPath, journal);
    throw error;
  }
  journal.names = (await files.list(fresh)).map((entry) => entry.name);
  journal.phase = 'swap';
  await writeJournal(input.journalPath, journal);
  await applySwap(files, journal, input.pauseMs ?? 0);
  await cleanUp(files, input.journalPath, journal);
}

/** The checker for a backup's entries: the file-manager rules, the plan's disk room as the size limit. */
export function backupChecker(freeBytes: number, limitBytes: number): ArchiveChecker {
  return new ArchiveChecker({ extractEntries: 10_000_000, extractBytes: Number.MAX_SAFE_INTEGER }, { freeBytes, limitBytes });
}
