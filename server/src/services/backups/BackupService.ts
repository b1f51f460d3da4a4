import { hostname } from 'node:os';
import { join } from 'node:path';
import { and, asc, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { backups, backupSettings, plans, servers, type BackupRow, type ServerRow } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import type { RuntimeManager } from '../servers/RuntimeManager';
import type { BackupProgress } from '../../runtime/ServerEventHub';
import type { ServerFiles } from '../../runtime/files/ServerFiles';
import { recordAudit, type Actor } from '../audit/audit';
import { archiveSha256, type BackupStorage } from './BackupStorage';
import { backupChecker, recoverRestores, stageAndSwap } from './restoreSwap';
import { walkForBackup } from './walkForBackup';
import { writeArchive } from './writeArchive';

const MiB = 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CreateBackupInput {
  name?: string;
  ignored?: string;
  locked?: boolean;
}

/**
 * What backups need of the runtime: a server's files (through the file port, wherever the server
 * runs), its power state, holding it offline while a restore replaces its files, and the event
 * stream progress goes out on.
 */
export interface BackupRuntime {
  files(uuid: string): ServerFiles;
  state: RuntimeManager['state'];
  holdOffline: RuntimeManager['holdOffline'];
  events: Pick<RuntimeManager['events'], 'publish'>;
}

export interface BackupServiceOptions {
  db: Database;
  runtime: BackupRuntime;
  storage: BackupStorage;
  dataDir: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
}

/** How long a one-time download link stays valid. */
export const DOWNLOAD_LINK_MS = 5 * 60_000;

const conflict = (message: string) => new HttpError(409, message);

/**
 * Backups of servers' files: the plan's limit (claimed under a row lock, so parallel requests
 * cannot exceed it), rotation, archives streamed to storage with their SHA-256, restores that
 * verify the checksum before touching anything and swap the files in so that a crash leaves all
 * old or all new, and the clean-up after a crash.
 */
export class BackupService {
  /** Names this panel's data directory: a restarted panel recognises its own unfinished backups. */
  readonly runner: string;
  private readonly running = new Map<string, Promise<void>>();
  private readonly restoring = new Set<string>();

  constructor(private readonly options: BackupServiceOptions) {
    this.runner = `${hostname()}:${options.dataDir}`.slice(0, 255);
  }

  private get db(): Database {
    return this.options.db;
  }

  get storage(): BackupStorage {
    return this.options.storage;
  }

  private journalPath(serverUuid: string): string {
    return join(this.options.dataDir, 'restores', `${serverUuid}.json`);
  }

  private publish(serverUuid: string, progress: BackupProgress): void {
    this.options.runtime.events.publish(serverUuid, { type: 'backup', progress });
  }

  /** After a start: unfinished backups of this panel become failed (partial archives removed); restores are finished or rolled back. */
  async recover(): Promise<{ failed: number; restores: number }> {
    const restores = await recoverRestores(join(this.options.dataDir, 'restores'), (uuid) => this.options.runtime.files(uuid));
    for (const { serverUuid, outcome } of restores) {
      await recordAudit(this.db, { actorId: null, serverUuid, event: 'server.backup.restore-recovered', ip: null, properties: { outcome } });
    }
    const failed = await this.db
      .update(backups)
      .set({ state: 'failed', error: 'The panel stopped while this backup was being made.', completedAt: new Date() })
      .where(and(eq(backups.state, 'running'), eq(backups.runner, this.runner)))
      .returning();
    for (const backup of failed) {
      const [server] = await this.db.select({ uuid: servers.uuid }).from(servers).where(eq(servers.id, backup.serverId));
      if (server) await this.options.storage.remove(server.uuid, backup.uuid).catch((error: Error) => this.options.log.warn({ err: error }, 'could not remove a partial backup'));
    }
    return { failed: failed.length, restores: restores.length };
  }

  /** The server's backups, newest first. */
  list(server: ServerRow): Promise<BackupRow[]> {
    return this.db.select().from(backups).where(eq(backups.serverId, server.id)).orderBy(desc(backups.startedAt), desc(backups.id));
  }

  /** One backup of this server (another server's id is not found). */
  async find(server: ServerRow, uuid: string): Promise<BackupRow> {
    if (!UUID.test(uuid)) throw new HttpError(404, 'Backup not found.');
    const [row] = await this.db
      .select()
      .from(backups)
      .where(and(eq(backups.serverId, server.id), eq(backups.uuid, uuid)));
    if (!row) throw new HttpError(404, 'Backup not found.');
    return row;
  }

  async limitOf(server: ServerRow): Promise<number> {
    const [plan] = await this.db.select({ backups: plans.backups }).from(plans).where(eq(plans.id, server.planId));
    return plan?.backups ?? 0;
  }

  async settings(server: ServerRow): Promise<{ rotate: boolean }> {
    const [row] = await this.db.select().from(backupSettings).where(eq(backupSettings.serverId, server.id));
    return { rotate: row?.rotate ?? false };
  }

  async updateSettings(server: ServerRow, rotate: boolean, actor: Actor): Promise<{ rotate: boolean }> {
    await this.db
      .insert(backupSettings)
      .values({ serverId: server.id, rotate })
      .onConflictDoUpdate({ target: backupSettings.serverId, set: { rotate, updatedAt: new Date() } });
    await recordAudit(this.db, { actorId: actor.userId, serverUuid: server.uuid, event: 'server.backup.settings', ip: actor.ip, properties: { rotate } });
    return { rotate };
  }

  /**
   * Claims a place within the plan's limit and starts the backup in the background. The server
   * row is locked for the claim, so of 20 parallel requests exactly as many as fit succeed.
   * With rotation on, the oldest unlocked completed backup makes room.
   */
  async create(server: ServerRow, input: CreateBackupInput, actor: Actor): Promise<BackupRow> {
    if (this.restoring.has(server.uuid)) throw conflict('A backup is being restored on this server; try again when it has finished.');
    const limit = await this.limitOf(server);
    if (limit <= 0) throw conflict('The plan of this server includes no backups.');
    const { rotate } = await this.settings(server);
    const name = input.name?.trim() || `Backup ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`;
    const { created, rotated } = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select id from servers where id = ${server.id} for update`);
      const counted = await tx
        .select({ id: backups.id, uuid: backups.uuid, locked: backups.locked, state: backups.state })
        .from(backups)
        .where(and(eq(backups.serverId, server.id), ne(backups.state, 'failed')))
        .orderBy(asc(backups.startedAt), asc(backups.id));
      let rotated: { id: number; uuid: string } | null = null;
      if (counted.length >= limit) {
        if (!rotate) throw conflict(`This server has reached its plan's limit of ${limit} backups. Delete one, or turn on rotation.`);
        rotated = counted.find((row) => !row.locked && row.state === 'completed') ?? null;
        if (!rotated || counted.length > limit) throw conflict(`This server has reached its plan's limit of ${limit} backups and none can make room (locked or still running).`);
        await tx.delete(backups).where(eq(backups.id, rotated.id));
      }
      const [row] = await tx
        .insert(backups)
        .values({ serverId: server.id, name, ignored: input.ignored ?? '', locked: input.locked ?? false, storage: this.options.storage.kind, runner: this.runner, createdBy: actor.userId })
        .returning();
      return { created: row, rotated };
    });
    if (rotated) {
      await this.options.storage.remove(server.uuid, rotated.uuid).catch((error: Error) => this.options.log.warn({ err: error }, 'could not remove a rotated backup'));
      await recordAudit(this.db, { actorId: actor.userId, serverUuid: server.uuid, event: 'server.backup.rotated', ip: actor.ip, properties: { backup: rotated.uuid } });
    }
    await recordAudit(this.db, {
      actorId: actor.userId,
      serverUuid: server.uuid,
      event: 'server.backup.create',
      ip: actor.ip,
      properties: { backup: created.uuid, name: created.name, locked: created.locked, ignored: created.ignored },
    });
    const run = this.run(server, created).finally(() => this.running.delete(created.uuid));
    this.running.set(created.uuid, run);
    return created;
  }

  /** Waits for the backups in progress (panel shutdown). */
  async shutdown(): Promise<void> {
    await Promise.allSettled([...this.running.values()]);
  }

  /** The backup in progress, if any (tests wait for it). */
  waitFor(uuid: string): Promise<void> {
    return this.running.get(uuid) ?? Promise.resolve();
  }

  private async run(server: ServerRow, backup: BackupRow): Promise<void> {
    const files = this.options.runtime.files(server.uuid);
    const progress = (done: number, total: number, state: BackupProgress['state'] = 'running', error: string | null = null) =>
      this.publish(server.uuid, { backup: backup.uuid, operation: 'backup', state, bytesDone: done, bytesTotal: total, error });
    try {
      const plan = await walkForBackup(files, backup.ignored);
      progress(0, plan.tarBytes);
      const sink = await this.options.storage.create(server.uuid, backup.uuid);
      const result = await writeArchive(files, plan, sink, (done, total) => progress(done, total));
      const [updated] = await this.db
        .update(backups)
        .set({ state: 'completed', checksum: result.checksum, bytes: result.bytes, contentBytes: plan.contentBytes, fileCount: plan.files, completedAt: new Date() })
        .where(and(eq(backups.id, backup.id), eq(backups.state, 'running')))
        .returning({ id: backups.id });
      // Deleted while it was being made: the archive goes too.
      if (!updated) await this.options.storage.remove(server.uuid, backup.uuid);
      progress(plan.tarBytes, plan.tarBytes, 'completed');
      await recordAudit(this.db, {
        actorId: backup.createdBy,
        serverUuid: server.uuid,
        event: 'server.backup.completed',
        ip: null,
        properties: { backup: backup.uuid, size: result.bytes, files: plan.files },
      });
    } catch (error) {
      const message = (error as Error).message || String(error);
      this.options.log.warn({ err: error, backup: backup.uuid }, 'backup failed');
      await this.options.storage.remove(server.uuid, backup.uuid).catch(() => undefined);
      await this.db.update(backups).set({ state: 'failed', error: message, completedAt: new Date() }).where(eq(backups.id, backup.id));
      progress(0, 0, 'failed', message);
      await recordAudit(this.db, { actorId: backup.createdBy, serverUuid: server.uuid, event: 'server.backup.failed', ip: null, properties: { backup: backup.uuid, reason: message } });
    }
  }

  async setLocked(server: ServerRow, uuid: string, locked: boolean, actor: Actor): Promise<BackupRow> {
    const backup = await this.find(server, uuid);
    const [row] = await this.db.update(backups).set({ locked }).where(eq(backups.id, backup.id)).returning();
    await recordAudit(this.db, {
      actorId: actor.userId,
      serverUuid: server.uuid,
      event: locked ? 'server.backup.lock' : 'server.backup.unlock',
      ip: actor.ip,
      properties: { backup: uuid, name: backup.name },
    });
    return row;
  }

  async delete(server: ServerRow, uuid: string, actor: Actor): Promise<void> {
    const backup = await this.find(server, uuid);
    if (backup.locked) throw conflict('This backup is locked; unlock it before deleting it.');
    const [deleted] = await this.db
      .delete(backups)
      .where(and(eq(backups.id, backup.id), eq(backups.locked, false)))
      .returning({ id: backups.id });
    if (!deleted) throw conflict('This backup is locked; unlock it before deleting it.');
    if (backup.state !== 'running') await this.options.storage.remove(server.uuid, uuid);
    await recordAudit(this.db, { actorId: actor.userId, serverUuid: server.uuid, event: 'server.backup.delete', ip: actor.ip, properties: { backup: uuid, name: backup.name } });
  }

  /**
   * Removes every finished archive of a server from storage, before the server itself is deleted
   * (its backup rows go with it), so no copy of its files outlives it.
   */
  async removeAllArchives(server: ServerRow): Promise<void> {
    const rows = await this.db.select({ uuid: backups.uuid, state: backups.state }).from(backups).where(eq(backups.serverId, server.id));
    for (const row of rows) if (row.state !== 'running') await this.options.storage.remove(server.uuid, row.uuid);
  }

  /** Opens a one-time download link (valid 5 minutes): only its hash is stored. */
  async openDownload(server: ServerRow, uuid: string, actor: Actor & { userId: number }): Promise<{ token: string; expiresAt: Date }> {
    const backup = await this.find(server, uuid);
    if (backup.state !== 'completed') throw conflict('Only a completed backup can be downloaded.');
    const token = newToken();
    const expiresAt = new Date(Math.floor((Date.now() + DOWNLOAD_LINK_MS) / 1000) * 1000);
    await this.db
      .update(backups)
      .set({ downloadTokenHash: hashToken(token), downloadExpiresAt: expiresAt, downloadUserId: actor.userId })
      .where(eq(backups.id, backup.id));
    await recordAudit(this.db, { actorId: actor.userId, serverUuid: server.uuid, event: 'server.backup.download', ip: actor.ip, properties: { backup: uuid, name: backup.name } });
    return { token, expiresAt };
  }

  /** Uses up a download link: answers its backup and user once, then never again. */
  async consumeDownload(token: string): Promise<{ backup: BackupRow; server: ServerRow; userId: number } | null> {
    const [backup] = await this.db
      .update(backups)
      .set({ downloadTokenHash: null, downloadExpiresAt: null })
      .where(and(eq(backups.downloadTokenHash, hashToken(token)), gt(backups.downloadExpiresAt, new Date()), eq(backups.state, 'completed')))
      .returning();
    if (!backup || backup.downloadUserId === null) return null;
    const [server] = await this.db.select().from(servers).where(eq(servers.id, backup.serverId));
    return server ? { backup, server, userId: backup.downloadUserId } : null;
  }

  /**
   * Restores a backup into the server's files. The server must be offline (and is held so until
   * the end). The archive's checksum is verified before anything is touched; it is then
   * extracted into a staging folder inside the server's root, every entry checked, and swapped
   * in under a journal, so a crash at any moment leaves all old or all new files.
   */
  async restore(server: ServerRow, uuid: string, truncate: boolean, actor: Actor, testing: { pauseMs?: number } = {}): Promise<{ files: number; bytes: number }> {
    const backup = await this.find(server, uuid);
    if (backup.state !== 'completed' || !backup.checksum) throw conflict('Only a completed backup can be restored.');
    if (this.options.runtime.state(server.uuid) !== 'offline') throw conflict('Stop the server before restoring a backup: its files are replaced.');
    if (this.restoring.has(server.uuid)) throw conflict('A backup is already being restored on this server.');
    const busy = await this.db
      .select({ id: backups.id })
      .from(backups)
      .where(and(eq(backups.serverId, server.id), eq(backups.state, 'running')))
      .limit(1);
    if (busy.length > 0) throw conflict('A backup of this server is being made; restore when it has finished.');
    this.restoring.add(server.uuid);
    const release = this.options.runtime.holdOffline(server.uuid, 'A backup is being restored; the server can start when it has finished.');
    const publish = (state: BackupProgress['state'], done: number, error: string | null = null) =>
      this.publish(server.uuid, { backup: uuid, operation: 'restore', state, bytesDone: done, bytesTotal: backup.contentBytes, error });
    try {
      if (this.options.runtime.state(server.uuid) !== 'offline') throw conflict('Stop the server before restoring a backup: its files are replaced.');
      publish('running', 0);
      const actual = await archiveSha256(this.options.storage, server.uuid, backup.uuid);
      if (actual !== backup.checksum) {
        await recordAudit(this.db, { actorId: actor.userId, serverUuid: server.uuid, event: 'server.backup.restore-refused', ip: actor.ip, properties: { backup: uuid, reason: 'checksum mismatch' } });
        throw conflict('The backup archive is damaged: its checksum does not match the one recorded when it was made. Nothing was changed.');
      }
      const result = await this.swapIn(server, backup, truncate, (done) => publish('running', done), testing.pauseMs ?? 0);
      publish('completed', backup.contentBytes);
      await recordAudit(this.db, {
        actorId: actor.userId,
        serverUuid: server.uuid,
        event: 'server.backup.restore',
        ip: actor.ip,
        properties: { backup: uuid, name: backup.name, truncate, files: result.files },
      });
      return result;
    } catch (error) {
      publish('failed', 0, (error as Error).message);
      throw error;
    } finally {
      release();
      this.restoring.delete(server.uuid);
    }
  }

  private async swapIn(server: ServerRow, backup: BackupRow, truncate: boolean, onProgress: (done: number) => void, pauseMs: number): Promise<{ files: number; bytes: number }> {
    const files = this.options.runtime.files(server.uuid);
    const [plan] = await this.db.select({ diskMb: plans.diskMb }).from(plans).where(eq(plans.id, server.planId));
    const limitBytes = plan && plan.diskMb > 0 ? plan.diskMb * MiB : Number.POSITIVE_INFINITY;
    const used = Number.isFinite(limitBytes) ? await files.diskUsage() : 0;
    // With truncate the old files go; without, the restored ones come on top (counted in full).
    const freeBytes = truncate ? limitBytes : limitBytes - used;
    if (backup.contentBytes > freeBytes) throw new HttpError(409, `The restored files (${Math.ceil(backup.contentBytes / MiB)} MiB) would not fit in the server's disk space.`);
    const checker = backupChecker(freeBytes, limitBytes);
    let done = 0;
    let last = 0;
    try {
      await stageAndSwap({
        files,
        journalPath: this.journalPath(server.uuid),
        serverUuid: server.uuid,
        backupUuid: backup.uuid,
        truncate,
        open: () => this.options.storage.readChunks(server.uuid, backup.uuid),
        checker,
        onBytes: (bytes) => {
          done += bytes;
          if (Date.now() - last > 250) {
            last = Date.now();
            onProgress(done);
          }
        },
        pauseMs,
      });
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError(409, `The backup could not be restored: ${(error as Error).message} Nothing was changed.`);
    }
    return { files: checker.entries, bytes: checker.bytes };
  }
}
