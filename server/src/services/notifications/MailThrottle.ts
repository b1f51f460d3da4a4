import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notificationMailsSent } from '../../db/schema';

/** One person, one server, one event: at most one mail about it per window. */
export interface MailKey {
  userId: number;
  serverId: number;
  event: string;
}

/** The Redis commands the throttle needs (ioredis's client has them). */
export interface ThrottleRedis {
  set(key: string, value: string, px: 'PX', ms: number, nx: 'NX'): Promise<'OK' | null>;
}

/**
 * Says which mails may go: at most one per user, server and event in a window, so that a flapping
 * server sends one mail instead of one per crash. Kept where every panel process and the next
 * start see it: in Redis when several processes share one (a key per person, server and event that
 * expires with the window), else in the database (one row per person, server and event, moved
 * forward only when the window has passed). Both decide and record in one atomic step, so two
 * processes hearing the same flap never both mail.
 */
export class MailThrottle {
  constructor(
    private readonly options: {
      db: Database;
      windowMs: number;
      redis?: ThrottleRedis;
      /** Key prefix in Redis. */
      prefix?: string;
    },
  ) {}

  /** Of `keys`, those that may be mailed at `now` (each then counts as mailed); repeats in `keys` count once. */
  async take(keys: MailKey[], now: Date): Promise<MailKey[]> {
    const unique = [...new Map(keys.map((key) => [`${key.userId}:${key.serverId}:${key.event}`, key])).values()];
    if (unique.length === 0) return [];
    return this.options.redis ? this.takeInRedis(unique) : this.takeInDatabase(unique, now);
  }

  private async takeInRedis(keys: MailKey[]): Promise<MailKey[]> {
    const { redis, windowMs, prefix = 'panel:' } = this.options;
    const answers = await Promise.all(keys.map((key) => redis!.set(`${prefix}mail-throttle:${key.userId}:${key.serverId}:${key.event}`, '1', 'PX', windowMs, 'NX')));
    return keys.filter((_key, index) => answers[index] === 'OK');
  }

  private async takeInDatabase(keys: MailKey[], now: Date): Promise<MailKey[]> {
    const table = notificationMailsSent;
    const windowStart = new Date(now.getTime() - this.options.windowMs);
    // A row is written for a new key, moved forward for one whose window passed, and left alone
    // (nothing returned: no mail) for one mailed within the window.
    const taken = await this.options.db
      .insert(table)
      .values(keys.map((key) => ({ ...key, mailedAt: now })))
      .onConflictDoUpdate({ target: [table.userId, table.serverId, table.event], set: { mailedAt: sql`excluded.mailed_at` }, setWhere: sql`${table.mailedAt} <= ${windowStart}` })
      .returning({ userId: table.userId, serverId: table.serverId, event: table.event });
    return taken;
  }
}
