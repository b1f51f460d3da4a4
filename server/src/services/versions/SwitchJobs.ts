import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { backups, servers, type ServerRow } from '../../db/schema';
import type { Catalogue } from '../../games/catalogue/Catalogue';
import type { CatalogueDownload } from '../../games/catalogue/types';
import { HttpError } from '../../lib/errors';
import { parseProperties } from '../../lib/properties';
import type { RuntimeManager } from '../servers/RuntimeManager';
import type { SwitchProgress } from '../../runtime/ServerEventHub';
import type { ServerFiles } from '../../runtime/files/ServerFiles';
import { recordAudit } from '../audit/audit';
import { backupNameBefore, textsFor } from '../translations/panelTexts';
import type { Actor } from '../audit/audit';
import type { BackupService } from '../backups/BackupService';
import { installSoftware } from './installSoftware';
import { SoftwareSnapshot } from './softwareSnapshot';
import { worldFolders } from './currentSoftware';
import { copyOutOfServer } from './copyServerFiles';
import { jobFailureReason } from '../../lib/customerMessage';

/** What a job changes: the software (always) and, for setups, files and the world. */
export interface SwitchPlan {
  kind: 'switch' | 'setup' | 'modpack';
  software: string;
  version: string;
  build?: string;
  /** Audit and progress name of the setup applied. */
  setup?: string;
  /** Runs after the software is installed, before the start (setups write their config here), with the server's files. */
  apply?: (files: ServerFiles) => Promise<void>;
  /** Moves the world aside (into the snapshot) so the game makes a new one. */
  resetWorld?: boolean;
  /** Name of what is installed, for the backup (a modpack and its version). */
  label?: string;
  /** Another template that runs the new software (a family switch, flying-squid ↔ Java): the server is reinstalled into it. */
  templateId?: number;
  /** More properties of the job's audit entries. */
  auditProperties?: Record<string, unknown>;
  /** Runs in the download step, after the backup, before anything in the server's folder changes (modpacks fetch their files here). */
  prepare?: (onProgress: (fraction: number) => void) => Promise<void>;
  /** Runs after the snapshot (and the world reset), before the software is installed: the files the job puts in place. */
  place?: (files: ServerFiles) => Promise<void>;
  /** Runs once the job succeeded (records what was installed). */
  committed?: () => Promise<void>;
  /** Runs when the job ends, whatever the outcome (removes what `prepare` staged). */
  cleanup?: () => Promise<void>;
}

/** The audit events of a job's outcome, by kind. */
const OUTCOME_EVENTS: Record<SwitchPlan['kind'], [string, string]> = {
  switch: ['server.versions.switched', 'server.versions.switch-failed'],
  setup: ['server.setups.applied', 'server.setups.failed'],
  modpack: ['server.modpacks.installed', 'server.modpacks.install-failed'],
};

/** A job as the API shows it. */
export type SwitchJob = SwitchProgress & { startedAt: string; finishedAt: string | null; backup: string | null };

export interface SwitchJobsOptions {
  db: Database;
  runtime: RuntimeManager;
  backups: BackupService;
  catalogue: Catalogue;
  dataDir: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** How long the restarted server may take to run (ms). */
  startTimeoutMs?: number;
}

const STEP_PERCENT: Record<SwitchProgress['step'], number> = { queued: 0, stop: 5, backup: 15, download: 40, install: 70, start: 85, rollback: 90, done: 100 };

/** The text of a file of the server's, or '' when there is none. */
async function readIfThere(files: ServerFiles, path: string): Promise<string> {
  try {
    return (await files.readFile(path)).toString('utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Version switches and setups as jobs, one at a time per server (409 otherwise): stop → backup
 * → download and verify → install (world and config kept) → start if it was running. Progress
 * goes out on the server's socket (`version switch`). Any failure puts the previous software,
 * files and variables back, untouched, and starts the server again if it was running.
 */
export class SwitchJobs {
  private readonly running = new Map<string, { job: SwitchJob; done: Promise<void> }>();
  private readonly last = new Map<string, SwitchJob>();

  constructor(private readonly options: SwitchJobsOptions) {}

  /** The job running on a server, else the last one this panel ran there. */
  jobOf(serverUuid: string): SwitchJob | null {
    return this.running.get(serverUuid)?.job ?? this.last.get(serverUuid) ?? null;
  }

  isRunning(serverUuid: string): boolean {
    return this.running.has(serverUuid);
  }

  /** Waits for the job running on the server, if any (tests, shutdown). */
  async waitFor(serverUuid: string): Promise<SwitchJob | null> {
    await this.running.get(serverUuid)?.done;
    return this.jobOf(serverUuid);
  }

  async shutdown(): Promise<void> {
    await Promise.allSettled([...this.running.values()].map((r) => r.done));
  }

  /** Starts a job (validation is the caller's); 409 when one already runs on the server. */
  start(server: ServerRow, plan: SwitchPlan, download: CatalogueDownload | null, actor: Actor): SwitchJob {
    if (this.running.has(server.uuid)) throw new HttpError(409, 'A version switch or setup is already running on this server.');
    const now = new Date().toISOString();
    const job: SwitchJob = {
      job: randomUUID(),
      kind: plan.kind,
      software: plan.software,
      version: plan.version,
      step: 'queued',
      state: 'running',
      percent: 0,
      error: null,
      startedAt: now,
      finishedAt: null,
      backup: null,
    };
    const done = this.run(server, plan, download, actor, job).finally(() => {
      this.running.delete(server.uuid);
      this.last.set(server.uuid, job);
    });
    this.running.set(server.uuid, { job, done });
    return job;
  }

  private publish(uuid: string, job: SwitchJob, patch: Partial<SwitchProgress>): void {
    Object.assign(job, patch);
    if (patch.step) job.percent = STEP_PERCENT[patch.step];
    const { startedAt: _s, finishedAt: _f, backup: _b, ...progress } = job;
    this.options.runtime.events.publish(uuid, { type: 'version-switch', progress });
  }

  private async backup(server: ServerRow, plan: SwitchPlan, actor: Actor, files: ServerFiles, worlds: string[], workDir: string): Promise<string> {
    const t = await textsFor(this.options.db, actor.userId);
    const software = this.options.catalogue.software().find((s) => s.id === plan.software)?.name ?? plan.software;
    const name = backupNameBefore(t, { label: plan.label, setup: plan.setup, target: `${software} ${plan.version}` }).slice(0, 191);
    let created;
    try {
      created = await this.options.backups.create(server, { name }, actor);
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 409) throw error;
      // No room for a backup in the plan: keep a copy of the world beside the job instead.
      const copy = join(workDir, 'world-copy');
      await fs.rm(copy, { recursive: true, force: true });
      for (const world of worlds) await copyOutOfServer(files, world, join(copy, world));
      return `world copy (${error.message})`;
    }
    await this.options.backups.waitFor(created.uuid);
    const [row] = await this.options.db.select().from(backups).where(eq(backups.id, created.id));
    if (row?.state !== 'completed') throw new Error(`The backup before the switch failed: ${row?.error ?? 'unknown error'}`);
    return created.uuid;
  }

  private async run(server: ServerRow, plan: SwitchPlan, download: CatalogueDownload | null, actor: Actor, job: SwitchJob): Promise<void> {
    const { runtime, db } = this.options;
    const uuid = server.uuid;
    const files = runtime.files(uuid);
    const workDir = join(this.options.dataDir, 'version-switches', uuid);
    const wasRunning = runtime.state(uuid) !== 'offline';
    const previousVariables = { ...server.variables };
    let snapshot: SoftwareSnapshot | null = null;
    let release: (() => void) | null = null;
    const recordJobAudit = (event: string, properties: Record<string, unknown>) =>
      recordAudit(db, {
        actorId: actor.userId,
        serverUuid: uuid,
        event,
        ip: actor.ip,
        properties: { software: plan.software, version: plan.version, ...(plan.setup ? { setup: plan.setup } : {}), ...plan.auditProperties, ...properties },
      });
    try {
      this.publish(uuid, job, { step: 'stop' });
      if (wasRunning) {
        await runtime.power(server, 'stop');
        await until(() => runtime.state(uuid) === 'offline', 90_000, 'the server to stop');
      }
      release = runtime.holdOffline(uuid, 'A version switch is in progress on this server.');
      const props = parseProperties(await readIfThere(files, 'server.properties'));
      const worlds = worldFolders(props['level-name'] ?? 'world');

      this.publish(uuid, job, { step: 'backup' });
      job.backup = await this.backup(server, plan, actor, files, worlds, workDir);

      this.publish(uuid, job, { step: 'download' });
      let file: string | null = null;
      if (download?.url) {
        file = join(workDir, 'download', download.fileName);
        const http = this.options.catalogue.httpFor(download.software);
        if (!http) throw new Error(`${download.software} has no download client.`);
        await http.download(download.url, file, download.checksum);
      }
      if (plan.prepare) {
        let shown = 0;
        await plan.prepare((fraction) => {
          const percent = Math.round(STEP_PERCENT.download + (STEP_PERCENT.install - STEP_PERCENT.download) * Math.min(1, Math.max(0, fraction)));
          if (percent > shown) {
            shown = percent;
            this.publish(uuid, job, { percent });
          }
        });
      }

      this.publish(uuid, job, { step: 'install' });
      snapshot = await SoftwareSnapshot.take(files, join(workDir, 'snapshot'), plan.resetWorld ? [] : worlds);
      if (plan.resetWorld) for (const world of worlds) await files.remove(world);
      if (plan.place) await plan.place(files);
      const jarName = previousVariables.SERVER_JARFILE || 'server.jar';
      const runInstaller = (jar: string, args: string[]) => runtime.runInstallSteps(server, [{ type: 'java-installer', jar, args }]);
      const variables = download ? await installSoftware(files, download, file, jarName, runInstaller) : {};
      if (plan.apply) await plan.apply(files);
      // A family switch moves the server to the other template in the same write as its variables.
      await db
        .update(servers)
        .set({ variables: { ...previousVariables, ...variables }, ...(plan.templateId ? { templateId: plan.templateId } : {}) })
        .where(eq(servers.id, server.id));

      release();
      release = null;
      if (wasRunning) {
        this.publish(uuid, job, { step: 'start' });
        await this.startAndWait(server.id, uuid);
      }
      await snapshot.discard();
      await fs.rm(join(workDir, 'download'), { recursive: true, force: true });
      if (plan.committed) await plan.committed();
      this.publish(uuid, job, { step: 'done', state: 'completed' });
      job.finishedAt = new Date().toISOString();
      await recordJobAudit(OUTCOME_EVENTS[plan.kind][0], { backup: job.backup, build: download?.build ?? null, resetWorld: plan.resetWorld ?? false });
    } catch (error) {
      const message = jobFailureReason(error);
      this.options.log.warn({ err: error, server: uuid }, 'version switch failed; rolling back');
      this.publish(uuid, job, { step: 'rollback', error: message });
      try {
        if (runtime.state(uuid) !== 'offline') {
          await runtime.power(server, 'kill').catch(() => undefined);
          await until(() => runtime.state(uuid) === 'offline', 30_000, 'the server to stop');
        }
        if (snapshot) await snapshot.restore();
        await db.update(servers).set({ variables: previousVariables, templateId: server.templateId }).where(eq(servers.id, server.id));
        await snapshot?.discard();
        await fs.rm(join(workDir, 'download'), { recursive: true, force: true });
        release?.();
        release = null;
        if (wasRunning) await this.startAndWait(server.id, uuid);
      } catch (rollbackError) {
        this.options.log.warn({ err: rollbackError, server: uuid }, 'rollback after a failed switch did not finish');
      }
      this.publish(uuid, job, { step: 'done', state: 'failed', error: message });
      job.finishedAt = new Date().toISOString();
      await recordJobAudit(OUTCOME_EVENTS[plan.kind][1], { reason: message });
    } finally {
      release?.();
      await plan.cleanup?.().catch(() => undefined);
    }
  }

  private async startAndWait(id: number, uuid: string): Promise<void> {
    const [fresh] = await this.options.db.select().from(servers).where(eq(servers.id, id));
    await this.options.runtime.power(fresh, 'start');
    let sawStart = false;
    await until(
      () => {
        const state = this.options.runtime.state(uuid);
        if (state !== 'offline') sawStart = true;
        if (sawStart && state === 'offline') throw new Error('The server stopped while starting with the new software.');
        return state === 'running';
      },
      this.options.startTimeoutMs ?? 120_000,
      'the server to run',
    );
  }
}
