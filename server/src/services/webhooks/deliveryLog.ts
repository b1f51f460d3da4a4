import { and, desc, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { webhookDeliveries, type WebhookDeliveryRow } from '../../db/schema';
import { WEBHOOK_LIMITS, type WebhookDeliveryJson } from '../../schemas/webhooks';

export type DeliveryStatus = WebhookDeliveryJson['status'];

export interface DeliveryRecord {
  webhookId: number;
  eventId: string;
  event: string;
  status: DeliveryStatus;
  attempt: number;
  responseCode: number | null;
  error: string | null;
  durationMs: number;
}

/** Writes one attempt to the hook's log and drops what is older than the newest ones kept. */
export async function recordDelivery(db: Database, record: DeliveryRecord): Promise<WebhookDeliveryRow> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ ...record, error: record.error?.slice(0, 500) ?? null })
    .returning();
  const [cut] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, record.webhookId))
    .orderBy(desc(webhookDeliveries.id))
    .offset(WEBHOOK_LIMITS.deliveriesKept)
    .limit(1);
  if (cut) await db.delete(webhookDeliveries).where(and(eq(webhookDeliveries.webhookId, record.webhookId), lte(webhookDeliveries.id, cut.id)));
  return row;
}

/** The hook's log, newest first. */
export async function listDeliveries(db: Database, webhookId: number): Promise<WebhookDeliveryRow[]> {
  return db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId)).orderBy(desc(webhookDeliveries.id)).limit(WEBHOOK_LIMITS.deliveriesKept);
}

/** An attempt as the API shows it. */
export function deliveryView(row: WebhookDeliveryRow): WebhookDeliveryJson {
  return {
    uuid: row.uuid,
    event_id: row.eventId,
    event: row.event,
    status: row.status as DeliveryStatus,
    attempt: row.attempt,
    response_code: row.responseCode,
    error: row.error,
    duration_ms: row.durationMs,
    created_at: row.createdAt.toISOString(),
  };
}
