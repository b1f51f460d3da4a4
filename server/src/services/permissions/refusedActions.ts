import type { Database } from '../../db/client';
import { recordAudit } from '../audit/audit';

/** The audit event of an action a server refused its caller (403, or a refused socket command). */
export const REFUSED_EVENT = 'server.action-refused';

/** One refused action, as the audit entry keeps it. */
export interface RefusedAction {
  actorId: number;
  serverUuid: string;
  ip: string | null;
  /** The permission key that was missing. */
  permission: string;
  /** What was tried: `POST /api/v2/servers/:id/files/write` or `websocket: set state stop`. */
  action: string;
}

/** How long one entry stands for every repeat of the same refusal. */
export const REFUSAL_WINDOW_MS = 60_000;
// Beyond this many remembered refusals the expired ones are swept (one sweep per insert at most).
const SWEEP_AT = 1_000;

/**
 * Records refused actions in the server's audit log without flooding it: one entry per actor,
 * server, action and minute (a script that hammers a forbidden route leaves one line a minute).
 * The window is decided in memory before the insert, so a parallel burst writes one entry too;
 * `now` is replaceable so tests can move time.
 */
export class RefusedActionLog {
  private readonly lastRecorded = new Map<string, number>();
  now: () => number = Date.now;

  constructor(private readonly db: Database) {}

  /** Whether this refusal got its own entry (false: one from the last minute stands for it). */
  async record(refusal: RefusedAction): Promise<boolean> {
    const key = `${refusal.actorId}\u0000${refusal.serverUuid}\u0000${refusal.action}`;
    const now = this.now();
    const last = this.lastRecorded.get(key);
    if (last !== undefined && now - last < REFUSAL_WINDOW_MS && now >= last) return false;
    this.lastRecorded.set(key, now);
    if (this.lastRecorded.size > SWEEP_AT) this.sweep(now);
    await recordAudit(this.db, {
      actorId: refusal.actorId,
      serverUuid: refusal.serverUuid,
      event: REFUSED_EVENT,
      ip: refusal.ip,
      properties: { permission: refusal.permission, action: refusal.action },
    });
    return true;
  }

  private sweep(now: number): void {
    for (const [key, at] of this.lastRecorded) if (now - at >= REFUSAL_WINDOW_MS) this.lastRecorded.delete(key);
  }
}
