import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { webhookDeliveries, webhookPendingDeliveries, type WebhookPendingDeliveryRow } from '../../db/schema';
import type { PanelEventName } from '../../schemas/panelEvents';
import type { OutgoingEvent } from './webhookPayloads';

/** A retry read back from the table: the hook, the event as first sent, its attempt and when it is due. */
export interface StoredRetry {
  webhookId: number;
  event: OutgoingEvent;
  attempt: number;
  dueAt: Date;
}

/** The outgoing event as its pending row keeps it (`data` as JSON text: jsonb would reorder its keys). */
export function pendingPayload(event: OutgoingEvent): WebhookPendingDeliveryRow['payload'] {
  return { occurredAt: event.occurredAt.toISOString(), serverUuid: event.server.uuid, serverName: event.server.name, data: JSON.stringify(event.data) };
}

/**
 * Deliveries not yet done, kept so that a panel restart sends them: first attempts (written by
 * DeliveryWriter before they are sent, with the sending process's lease) and retries planned for
 * failed ones, in `webhook_pending_deliveries`; a restart resumes them with
 * their back-off. One row per hook and event id.
 */
export class PendingRetries {
  constructor(private readonly db: Database) {}

  /**
   * Takes attempt `attempt` of the delivery for this process until `lockMs` from now: false when
   * another process holds it, it is gone (delivered or given up), or the event was already
   * delivered to this hook (the event id is the idempotency key: never sent again after success).
   * `heldUntil`: the lease this process already holds on it (its own lock is no obstacle).
   */
  async claim(webhookId: number, eventId: string, attempt: number, lockMs: number, heldUntil: Date | null = null): Promise<boolean> {
    const [delivered] = await this.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.eventId, eventId), eq(webhookDeliveries.status, 'delivered')))
      .limit(1);
    if (delivered) {
      await this.done(webhookId, eventId);
      return false;
    }
    const now = new Date();
    const claimed = await this.db
      .update(webhookPendingDeliveries)
      .set({ lockedUntil: new Date(now.getTime() + lockMs) })
      .where(
        and(
          eq(webhookPendingDeliveries.webhookId, webhookId),
          eq(webhookPendingDeliveries.eventId, eventId),
          eq(webhookPendingDeliveries.attempt, attempt),
          or(isNull(webhookPendingDeliveries.lockedUntil), lt(webhookPendingDeliveries.lockedUntil, now), heldUntil ? eq(webhookPendingDeliveries.lockedUntil, heldUntil) : undefined),
        ),
      )
      .returning({ id: webhookPendingDeliveries.id });
    return claimed.length > 0;
  }

  /** The delivery succeeded or was given up: nothing more to resume. */
  async done(webhookId: number, eventId: string): Promise<void> {
    await this.db.delete(webhookPendingDeliveries).where(and(eq(webhookPendingDeliveries.webhookId, webhookId), eq(webhookPendingDeliveries.eventId, eventId)));
  }

  /** Every planned retry, soonest first (at start; a retry locked by a process that died is taken again once its lock passed). */
  async all(): Promise<StoredRetry[]> {
    const rows = await this.db
      .select()
      .from(webhookPendingDeliveries)
      .orderBy(sql`${webhookPendingDeliveries.dueAt} asc`);
    return rows.map((row) => ({
      webhookId: row.webhookId,
      attempt: row.attempt,
      dueAt: row.lockedUntil && row.lockedUntil > row.dueAt ? row.lockedUntil : row.dueAt,
      event: {
        id: row.eventId,
        name: row.event as PanelEventName,
        occurredAt: new Date(row.payload.occurredAt),
        server: { uuid: row.payload.serverUuid, name: row.payload.serverName },
        data: JSON.parse(row.payload.data) as Record<string, unknown>,
      },
    }));
  }
}
