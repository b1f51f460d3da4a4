import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { servers, type ServerCrashRow, type ServerRow } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import { recordCrash, setCrashOutcome } from '../crashes/crashRecords';
import { CrashRestartPolicy, type CrashRestartOptions } from '../../runtime/crashRestartPolicy';
import type { CrashInfo } from '../../runtime/types';
import type { CrashOutcome } from '../../schemas/crashes';

export interface CrashRestartsOptions {
  db: Database;
  log: Pick<FastifyBaseLogger, 'error'>;
  policy: CrashRestartOptions;
  /** Writes a panel notice into the server's console. */
  notice: (uuid: string, message: string) => Promise<void>;
  /** The last console lines of the server (kept with the crash). */
  recentLines: (uuid: string) => string[];
  /** The panel keeps the server stopped from now on. */
  keepStopped: (id: number) => Promise<void>;
  /** Starts the server again, when it still should run and is offline. */
  restart: (server: ServerRow) => Promise<void>;
  /** Whether the panel is shutting down (no more restarts). */
  closing: () => boolean;
  /** Hears every recorded crash (after it is stored), e.g. to tell the customer. */
  onCrash?: (server: ServerRow, crash: ServerCrashRow) => void;
}

/**
 * What happens after a server stopped without being asked to: the crash is recorded with its last
 * console lines, audited, and the server restarted with a growing delay when its crash policy
 * allows, capped by that policy (N restarts in M minutes) so a server that crashes at start does
 * not loop forever (CrashRestartPolicy). Once the cap is reached it stays stopped, and says why.
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

  /**
   * The customer changed the server's policy: the crash count starts again under the new cap. A
   * restart already planned still happens unless restarts were turned off (checked when it is due).
   */
  policyChanged(uuid: string): void {
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
    // Read at once: the lines are those before the crash, not what a restart prints next.
    const lines = this.options.recentLines(uuid);
    const [server] = await db.select().from(servers).where(eq(servers.uuid, uuid));
    if (!server) return;
    const { outcome, next } = this.decide(server, info);
    const crash = await recordCrash(db, { serverId: server.id, info, outcome, restart: next && { attempt: next.attempt, max: next.max }, lines });
    await recordAudit(db, {
      actorId: null,
      serverUuid: uuid,
      event: 'server.crashed',
      ip: null,
      properties: { reason: info.reason, exit_code: info.exitCode, signal: info.signal, outcome },
    });
    this.tellListener(server, crash);
    if (!next) {
      await this.options.keepStopped(server.id);
      if (outcome === 'gave_up') {
        await this.options.notice(
          uuid,
          `The server crashed ${server.crashMaxRestarts + 1} times within ${server.crashWindowMinutes} minutes; it stays stopped. Start it again once the cause is fixed.`,
        );
      } else if (outcome === 'restart_off') {
        await this.options.notice(uuid, 'Automatic restarts after a crash are off for this server; it stays stopped.');
      }
      return;
    }
    await this.options.notice(uuid, `Restarting the server in ${Math.round(next.delayMs / 100) / 10} s (attempt ${next.attempt} of ${next.max}).`);
    const timer = setTimeout(() => {
      this.timers.delete(uuid);
      // A timer has nobody to answer to: a failure is logged.
      void this.restartIfStillWanted(server.id, crash.id).catch((error: Error) => this.options.log.error({ err: error, server: uuid }, 'could not restart after a crash'));
    }, next.delayMs);
    timer.unref();
    this.timers.set(uuid, timer);
  }

  /** Whether (and when) the server starts again, by its crash policy. */
  private decide(server: ServerRow, info: CrashInfo): { outcome: CrashOutcome; next: ReturnType<CrashRestartPolicy['next']> } {
    if (server.desiredState !== 'running' || server.suspended || this.options.closing()) return { outcome: 'not_running', next: null };
    // A limit kill is not restarted: it would only hit the limit again.
    if (info.reason !== 'exit') return { outcome: 'limit', next: null };
    if (!server.crashRestart) return { outcome: 'restart_off', next: null };
    const next = this.policy.next(server.uuid, { maxRestarts: server.crashMaxRestarts, windowMs: server.crashWindowMinutes * 60_000 });
    return { outcome: next ? 'restarting' : 'gave_up', next };
  }

  private tellListener(server: ServerRow, crash: ServerCrashRow): void {
    try {
      this.options.onCrash?.(server, crash);
    } catch (error) {
      // A listener's failure never keeps the server from its restart.
      this.options.log.error({ err: error, server: server.uuid }, 'a crash listener failed');
    }
  }

  private async restartIfStillWanted(id: number, crashId: number): Promise<void> {
    const [server] = await this.options.db.select().from(servers).where(eq(servers.id, id));
    if (!server || server.suspended || server.desiredState !== 'running' || this.options.closing()) return;
    if (!server.crashRestart) {
      // Turned off while the restart was waiting: the customer's latest word holds, and the
      // crash's history says so instead of a restart that never came.
      await setCrashOutcome(this.options.db, crashId, 'restart_off');
      await this.options.keepStopped(server.id);
      await this.options.notice(server.uuid, 'Automatic restarts after a crash are off for this server; it stays stopped.');
      return;
    }
    await this.options.restart(server);
  }
}
