import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { backups } from '../../../../server/src/db/schema';
import { RootedServerFiles } from '../../../../server/src/runtime/files/rooted/RootedServerFiles';
import { LocalBackupStorage } from '../../../../server/src/services/backups/LocalBackupStorage';
import { recoverRestores } from '../../../../server/src/services/backups/restoreSwap';
import { walkForBackup } from '../../../../server/src/services/backups/walkForBackup';
import { writeArchive } from '../../../../server/src/services/backups/writeArchive';
import { createFilesKit, type FilesKit } from '../files/filesTestKit';
import { createBackup, treeOf, writeTree } from './backupsTestKit';

const child = join(__dirname, 'fixtures/crashChild.ts');

/** Runs the child, kills it with SIGKILL `afterMs` after it said "started"; answers whether it finished first. */
function runAndKill(args: string[], afterMs: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    // node itself with tsx's loader: SIGKILL must reach the process doing the work (the tsx CLI would leave it orphaned).
    const proc = spawn(process.execPath, ['--import', 'tsx', child, ...args], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_OPTIONS: '' } });
    let output = '';
    let finished = false;
    proc.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('finished')) finished = true;
      if (output.includes('started') && !proc.killed) setTimeout(() => proc.kill('SIGKILL'), afterMs);
    });
    proc.on('error', reject);
    proc.on('exit', () => resolve(finished));
  });
}

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'backup-crash-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('kill -9 during a restore', () => {
  it('leaves all old or all new files once the next start has recovered, at any moment', async () => {
    const source = join(work, 'source');
    const newFiles: Record<string, string> = { 'server.properties': 'new props', 'world/level.dat': 'new level' };
    for (let i = 0; i < 40; i++) newFiles[`world/region/r.${i}.mca`] = `new region ${i}`;
    for (let i = 0; i < 20; i++) newFiles[`plugins/p${i}.jar`] = `new plugin ${i}`;
    writeTree(source, newFiles);
    const archive = join(work, 'backup.tar.gz');
    const storage = new LocalBackupStorage(join(work, 'store'));
    const serverUuid = randomUUID();
    const backupUuid = randomUUID();
    const sink = await storage.create(serverUuid, backupUuid);
    await writeArchive(new RootedServerFiles(source), await walkForBackup(new RootedServerFiles(source), ''), sink, () => undefined);
    const { renameSync } = await import('node:fs');
    renameSync(storage.pathOf(serverUuid, backupUuid), archive);
    const newTree = treeOf(source);

    const outcomes = { old: 0, new: 0 };
    // Kill moments spread from the start of the extraction to the end of the swap.
    for (const afterMs of [0, 80, 250, 400, 600, 900]) {
      const root = join(work, `live-${afterMs}`);
      const oldFiles: Record<string, string> = { 'server.properties': 'old props', 'world/level.dat': 'old level', 'only-old.txt': 'old only' };
      for (let i = 0; i < 30; i++) oldFiles[`world/region/r.${i}.mca`] = `old region ${i}`;
      writeTree(root, oldFiles);
      const oldTree = treeOf(root);
      const journalDir = join(work, `journals-${afterMs}`);
      mkdirSync(journalDir);
      await runAndKill(['restore', root, join(journalDir, `${serverUuid}.json`), archive, backupUuid, '10'], afterMs);
      await recoverRestores(journalDir, () => new RootedServerFiles(root));
      const after = treeOf(root);
      if (JSON.stringify(after) === JSON.stringify(oldTree)) outcomes.old++;
      else {
        expect(after).toEqual(newTree);
        outcomes.new++;
      }
      expect(readdirSync(root).filter((name) => name.startsWith('.panel-restore'))).toEqual([]);
      expect(readdirSync(journalDir)).toEqual([]);
    }
    // Both outcomes were seen: some kills landed before the commit point, some after.
    expect(outcomes.old).toBeGreaterThan(0);
    expect(outcomes.new).toBeGreaterThan(0);
  }, 120_000);
});

describe('kill -9 during a backup', () => {
  let kit: FilesKit;
  beforeAll(async () => {
    kit = await createFilesKit({}, { plan: 'minecraft-premium' });
  }, 60_000);
  afterAll(async () => kit?.t.close());

  it('shows the backup as failed after the restart, removes its partial archive, and the next backup succeeds', async () => {
    writeTree(kit.root, { 'world/region/r.0.0.mca': randomBytes(48 * 1024 * 1024) });
    // The row a panel writes when it starts a backup; then the process writing it is killed.
    const [row] = await kit.t.app.db.insert(backups).values({ serverId: kit.server.id, name: 'Interrupted', runner: kit.t.app.backups.runner, storage: 'local' }).returning();
    const storageDir = join(kit.t.config.dataDir, 'backups');
    // Killed as soon as it is under way; the child holds still meanwhile (a 48 MiB backup of stored
    // data takes a fraction of a second, less than a loaded test process may take to kill it).
    const finished = await runAndKill(['backup', kit.root, storageDir, kit.server.uuid, row.uuid, '30000'], 0);
    expect(finished).toBe(false);
    const partial = join(storageDir, kit.server.uuid, `${row.uuid}.tar.gz.part`);
    expect(existsSync(partial)).toBe(true);

    const recovered = await kit.t.app.backups.recover();
    expect(recovered.failed).toBe(1);
    const [after] = await kit.t.app.db.select().from(backups).where(eq(backups.id, row.id));
    expect(after.state).toBe('failed');
    expect(after.error).toMatch(/panel stopped/);
    expect(existsSync(partial)).toBe(false);
    expect((await kit.api('GET', `backups/${row.uuid}`)).json().data.state).toBe('failed');

    const next = await createBackup(kit);
    expect(next.state).toBe('completed');
  }, 60_000);

  it('counts a backup as completed only once its archive is complete: a running one cannot be restored or downloaded', async () => {
    writeFileSync(join(kit.root, 'more.bin'), randomBytes(16 * 1024 * 1024));
    const res = await kit.api('POST', 'backups', { payload: {} });
    const uuid = res.json().data.uuid as string;
    expect(res.json().data.state).toBe('running');
    expect(res.json().data.checksum).toBeNull();
    expect((await kit.api('POST', `backups/${uuid}/restore`, { payload: {} })).statusCode).toBe(409);
    expect((await kit.api('POST', `backups/${uuid}/download`)).statusCode).toBe(409);
    await kit.t.app.backups.waitFor(uuid);
    expect((await kit.api('GET', `backups/${uuid}`)).json().data.state).toBe('completed');
  }, 60_000);
});
