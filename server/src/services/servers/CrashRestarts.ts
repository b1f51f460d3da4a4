import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { servers, type ServerRow } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import { CrashRestartPolicy, type CrashRestartOptions } from '../../runtime/crashRestartPolicy';
import type { CrashInfo } from '../../runtime/types';

export interface CrashRestartsOptions {
  db: Database;
  log: Pick<FastifyBaseLogger, 'error'>;
  policy: CrashRestartOptions;
  /** Writes a panel notice into the server's console. */
  notice: (uuid: string, message: string) => Promise<void>;
  /** The panel keeps the server stopped from now on. */
  keepStopped: (id: number) => Promise<void>;
  /** Starts the server again, when it still should run and is offline. */
  restart: (server: ServerRow) => Promise<void>;
  /** Whether the panel is shutting down (no more restarts). */
  closing: () => boolean;
}

/**
 * What happens after a server stopped without being asked to: an audit entry, and a restart with a
 * growing delay when its owner wants crash restarts, capped so a server that crashes at start does
 * not loop forever (CrashRestartPolicy).
 */
export class CrashRestarts {
  private readonly policy: CrashRestartPolicy;
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly options: CrashRestartsOptions) {
    this.policy = new CrashRestartPolicy(options.policy);
  }

  /** A deliberate power action: no restart pending, and the crash count starts again. */
  reset(uuid: string): void {
    this.cancel(uuid);
    this.policy.reset(uuid);
  }

  /** Drops a pending restart. */
  cancel(uuid: string): void {
    const timer = this.timers.get(uuid);
    if (timer) clearTimeout(timer);
    this.timers.delete(uuid);
  }

  /** Drops every pending restart (panel shutdown). */
  cancelAll(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  async crashed(uuid: string, info: CrashInfo): Promise<void> {
    const { db } = this.options;
    const [server] = await db.select().from(servers).where(eq(servers.uuid, uuid));
    if (!server) return;
    await recordAudit(db, {
      actorId: null,
      serverUuid: uuid,
      event: 'server.crashed',
      ip: null,
      properties: { reason: info.reason, exit_code: info.exitCode, signal: info.signal },
    });
    const eligible = info.reason === 'exit' && server.crashRestart && server.desiredState === 'running' && !server.suspended && !this.options.closing();
    const next = eligible ? this.policy.next(uuid) : null;
    if (!next) {
      await this.options.keepStopped(server.id);
      if (eligible) await this.options.notice(uuid, `The server crashed ${this.options.policy.maxRestarts + 1} times in a short time; it stays stopped.`);
      return;
    }
    await this.options.notice(uuid, `Restarting the server in ${Math.round(next.delayMs / 100) / 10} s (attempt ${next.attempt} of ${next.max}).`);
    const timer = setTimeout(() => {
      this.timers.delete(uuid);
      // A timer has nobody to answer to: a failure is logged.
      void this.restartIfStillWanted(server.id).catch((error: Error) => this.options.log.error({ err: error, server: uuid }, 'could not restart after a crash'));
    }, next.delayMs);
    timer.unref();
    this.timers.set(uuid, timer);
  }

  private async restartIfStillWanted(id: number): Promise<void> {
    const [server] = await this.options.db.select().from(servers).where(eq(servers.id, id));
    if (!server || server.suspended || server.desiredState !== 'running' || this.options.closing()) return;
    await this.options.restart(server);
  }
}
