import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { list as listTar } from 'tar';
import { auditLogs, backups } from '../../../../server/src/db/schema';
import { createFilesKit, type FilesKit } from '../../services/files/filesTestKit';
import { createTestServer } from '../../helpers/createTestServer';
import { createTestUser } from '../../helpers/createTestUser';
import { serverFilesFixture } from '../../helpers/serverFilesFixture';
import { createBackup, serverTreeOf, startServer, stopServer, writeServerFiles } from '../../services/backups/backupsTestKit';

let kit: FilesKit;

beforeAll(async () => {
  kit = await createFilesKit({}, { plan: 'minecraft-premium' });
}, 60_000);
afterAll(async () => kit?.t.close());

/** The server's files through its file port: the test seeds and reads them as the panel does, whichever driver keeps them. */
const files = () => kit.t.app.runtime.files(kit.server.uuid);
const text = async (path: string) => (await files().readFile(path)).toString('utf8');

const archivePath = (uuid: string) => join(kit.t.config.dataDir, 'backups', kit.server.uuid, `${uuid}.tar.gz`);

const sizes = new Map<string, number>();
async function entriesOf(path: string): Promise<string[]> {
  const names: string[] = [];
  await listTar({
    file: path,
    onReadEntry: (entry) => {
      names.push(entry.path);
      if (entry.type === 'File') sizes.set(entry.path, entry.size ?? 0);
    },
  });
  return names;
}

async function clearBackups(): Promise<void> {
  await kit.t.app.db.update(backups).set({ locked: false }).where(eq(backups.serverId, kit.server.id));
  for (const row of await kit.t.app.db.select().from(backups).where(eq(backups.serverId, kit.server.id))) await kit.api('DELETE', `backups/${row.uuid}`);
}

describe('creating a backup', () => {
  it('streams a tar.gz of the files with its SHA-256, size, file count and times, leaving out ignored files and symlinks', async () => {
    await writeServerFiles(files(), { 'world/region/r.0.0.mca': Buffer.alloc(200_000, 7), 'server.properties': 'motd=hi\n', 'logs/latest.log': 'noise\n', 'cache/a.bin': 'x' });
    await serverFilesFixture(kit.t.app, kit.server.uuid).link(join(kit.outside, 'canary.txt'), 'escape-link');
    const backup = await createBackup(kit, { name: 'Before the update', ignored: 'logs/\n*.bin' });
    expect(backup.state).toBe('completed');
    const file = archivePath(backup.uuid);
    const bytes = readFileSync(file);
    expect(backup.checksum).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(backup.bytes).toBe(bytes.length);
    const names = await entriesOf(file);
    expect(names).toEqual(expect.arrayContaining(['world/region/r.0.0.mca', 'server.properties']));
    expect(names.some((name) => name.startsWith('logs') || name.endsWith('.bin') || name.includes('escape-link'))).toBe(false);
    expect(backup.files).toBe(names.filter((name) => !name.endsWith('/')).length);
    const [row] = await kit.t.app.db.select().from(backups).where(eq(backups.uuid, backup.uuid));
    expect(row.completedAt!.getTime()).toBeGreaterThanOrEqual(row.startedAt.getTime());
    expect(row.contentBytes).toBe([...sizes.values()].reduce((a, b) => a + b, 0));
    expect(sizes.get('world/region/r.0.0.mca')).toBe(200_000);
    const events = (await kit.t.app.db.select().from(auditLogs).where(eq(auditLogs.serverUuid, kit.server.uuid))).map((e) => e.event);
    expect(events).toEqual(expect.arrayContaining(['server.backup.create', 'server.backup.completed']));
    kit.expectCanariesUntouched();
  });

  it('answers 422 per field for a long name, ignore patterns over 4 KB and unknown fields, creating nothing', async () => {
    const before = (await kit.t.app.db.select().from(backups)).length;
    const res = await kit.api('POST', 'backups', { payload: { name: 'n'.repeat(192), ignored: 'é'.repeat(2100) } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['ignored', 'name']);
    expect((await kit.api('POST', 'backups', { payload: { locked: 'yes' } })).statusCode).toBe(422);
    expect((await kit.t.app.db.select().from(backups)).length).toBe(before);
  });

  it('answers 404 for another server’s backup id and for ids that are not uuids', async () => {
    const other = await createTestServer(kit.t.app, kit.owner.user, { name: 'Other', plan: 'minecraft-premium' });
    const res = await kit.t.app.inject({ method: 'POST', url: `/api/v2/servers/${other.shortId}/backups`, headers: kit.owner.headers, payload: {} });
    const foreign = res.json().data.uuid as string;
    await kit.t.app.backups.waitFor(foreign);
    expect((await kit.api('GET', `backups/${foreign}`)).statusCode).toBe(404);
    expect((await kit.api('DELETE', `backups/${foreign}`)).statusCode).toBe(404);
    expect((await kit.api('POST', `backups/${foreign}/restore`, { payload: {} })).statusCode).toBe(404);
    expect((await kit.api('GET', 'backups/not-a-uuid')).statusCode).toBe(404);
    const stranger = await createTestUser(kit.t.app);
    expect((await kit.t.app.inject({ method: 'GET', url: `/api/v2/servers/${kit.server.shortId}/backups`, headers: stranger.headers })).statusCode).toBe(404);
  });
});

describe('the plan’s limit', () => {
  it('holds exactly under 20 parallel create requests', async () => {
    await clearBackups();
    const limit = await kit.t.app.backups.limitOf(kit.server);
    expect(limit).toBe(10);
    const answers = await Promise.all(Array.from({ length: 20 }, () => kit.api('POST', 'backups', { payload: {} })));
    const accepted = answers.filter((r) => r.statusCode === 202);
    expect(accepted).toHaveLength(limit);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(20 - limit);
    await Promise.all(accepted.map((r) => kit.t.app.backups.waitFor(r.json().data.uuid)));
    const rows = await kit.t.app.db.select().from(backups).where(eq(backups.serverId, kit.server.id));
    expect(rows).toHaveLength(limit);
    expect(rows.every((row) => row.state === 'completed')).toBe(true);
  }, 120_000);

  it('rotates the oldest unlocked backup when rotation is on, and never a locked one', async () => {
    const list = (await kit.api('GET', 'backups')).json();
    const oldestFirst = [...list.data].reverse();
    // The oldest is locked: the second oldest makes room.
    expect((await kit.api('PUT', `backups/${oldestFirst[0].uuid}/lock`, { payload: { locked: true } })).statusCode).toBe(200);
    expect((await kit.api('DELETE', `backups/${oldestFirst[0].uuid}`)).statusCode).toBe(409);
    expect((await kit.api('POST', 'backups', { payload: {} })).statusCode).toBe(409);
    expect((await kit.api('PUT', 'backup-settings', { payload: { rotate: true } })).statusCode).toBe(200);
    const rotatedIn = await createBackup(kit);
    expect(rotatedIn.state).toBe('completed');
    const after = (await kit.api('GET', 'backups')).json();
    const uuids = after.data.map((b: { uuid: string }) => b.uuid);
    expect(after.meta).toEqual({ limit: 10, rotate: true });
    expect(uuids).toHaveLength(10);
    expect(uuids).toContain(oldestFirst[0].uuid);
    expect(uuids).not.toContain(oldestFirst[1].uuid);
    expect(existsSync(archivePath(oldestFirst[1].uuid))).toBe(false);
    // Every backup locked: nothing can make room.
    await kit.t.app.db.update(backups).set({ locked: true }).where(eq(backups.serverId, kit.server.id));
    expect((await kit.api('POST', 'backups', { payload: {} })).statusCode).toBe(409);
    await kit.api('PUT', 'backup-settings', { payload: { rotate: false } });
    await clearBackups();
  }, 120_000);
});

describe('restoring', () => {
  it('needs the server stopped, then brings the files back (truncate removes newer files)', async () => {
    await writeServerFiles(files(), { 'world/level.dat': 'level v1', 'ops.json': '[]' });
    const backup = await createBackup(kit);
    const before = await serverTreeOf(files());
    await writeServerFiles(files(), { 'world/level.dat': 'level v2 changed', 'new-file.txt': 'added after' });
    await startServer(kit);
    const refused = await kit.api('POST', `backups/${backup.uuid}/restore`, { payload: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Stop the server/);
    expect(await text('world/level.dat')).toBe('level v2 changed');
    await stopServer(kit);
    const res = await kit.api('POST', `backups/${backup.uuid}/restore`, { payload: { truncate: true } });
    expect(res.statusCode).toBe(200);
    expect(await serverTreeOf(files())).toEqual(before);
    expect(await files().lstat('new-file.txt')).toBeNull();
    const events = (
      await kit.t.app.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.serverUuid, kit.server.uuid), eq(auditLogs.event, 'server.backup.restore')))
    ).length;
    expect(events).toBe(1);
  }, 60_000);

  it('without truncate restores the backed-up files, with their archived times, and keeps the others', async () => {
    await writeServerFiles(files(), { 'world/level.dat': 'level v1' });
    const archivedMs = (await files().stat('world/level.dat'))!.mtimeMs;
    const backup = await createBackup(kit);
    await writeServerFiles(files(), { 'world/level.dat': 'changed', 'world/extra.dat': 'kept' });
    expect((await kit.api('POST', `backups/${backup.uuid}/restore`, { payload: {} })).statusCode).toBe(200);
    expect(await text('world/level.dat')).toBe('level v1');
    // The archive keeps whole seconds; the restore's own time would carry its milliseconds.
    expect((await files().stat('world/level.dat'))!.mtimeMs).toBe(Math.floor(archivedMs / 1000) * 1000);
    expect(await text('world/extra.dat')).toBe('kept');
  });

  it('refuses an archive with one flipped byte before touching anything', async () => {
    await writeServerFiles(files(), { 'world/level.dat': 'good' });
    const backup = await createBackup(kit);
    await writeServerFiles(files(), { 'world/level.dat': 'live and precious' });
    const live = await serverTreeOf(files());
    const file = archivePath(backup.uuid);
    const bytes = readFileSync(file);
    bytes[Math.floor(bytes.length / 2)] ^= 0x01;
    writeFileSync(file, bytes);
    const res = await kit.api('POST', `backups/${backup.uuid}/restore`, { payload: { truncate: true } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/damaged/);
    expect(await serverTreeOf(files())).toEqual(live);
    expect(await files().lstat(`.panel-restore-${backup.uuid}`)).toBeNull();
  });

  it('holds the server offline while restoring: a start is refused', async () => {
    await writeServerFiles(files(), { 'big.bin': Buffer.alloc(30 * 1024 * 1024, 1) });
    const backup = await createBackup(kit);
    // The start is sent once the restore has begun (it reports progress only after taking hold
    // of the server); sent earlier, the start could win and the restore would rightly refuse.
    let began!: () => void;
    const restoreBegan = new Promise<void>((resolve) => (began = resolve));
    const unsubscribe = kit.t.app.runtime.events.subscribe(kit.server.uuid, (event) => {
      if (event.type === 'backup' && event.progress.operation === 'restore' && event.progress.state === 'running') began();
    });
    const restoring = kit.api('POST', `backups/${backup.uuid}/restore`, { payload: {} });
    await restoreBegan;
    unsubscribe();
    const start = await kit.api('POST', 'power', { payload: { signal: 'start' } });
    expect((await restoring).statusCode).toBe(200);
    // Either refused while the restore ran, or (on a fast machine) started after it.
    if (start.statusCode !== 204) expect(start.json().message).toMatch(/restored|restoring/);
    await stopServer(kit);
    await clearBackups();
  }, 60_000);
});

describe('downloading', () => {
  it('gives a link that works once, without a bearer token', async () => {
    const backup = await createBackup(kit);
    const link = await kit.api('POST', `backups/${backup.uuid}/download`);
    expect(link.statusCode).toBe(200);
    const { download_url: url } = link.json().data;
    const first = await kit.t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(createHash('sha256').update(first.rawPayload).digest('hex')).toBe(backup.checksum);
    expect((await kit.t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    await clearBackups();
  });
});
