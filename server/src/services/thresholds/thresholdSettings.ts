import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serverThresholds, type ServerRow } from '../../db/schema';
import type { ServerThresholdsJson, ThresholdSettings } from '../../schemas/thresholds';
import { recordAudit, type Actor } from '../audit/audit';
import type { ThresholdWatcher } from './ThresholdWatcher';

/** What a server without saved thresholds answers: nothing watched, five minutes. */
export const NO_THRESHOLDS: ThresholdSettings = { cpu_percent: null, memory_percent: null, disk_percent: null, minutes: 5 };

async function savedSettings(db: Database, server: ServerRow): Promise<ThresholdSettings> {
  const [row] = await db.select().from(serverThresholds).where(eq(serverThresholds.serverId, server.id));
  return row ? { cpu_percent: row.cpuPercent, memory_percent: row.memoryPercent, disk_percent: row.diskPercent, minutes: row.minutes } : NO_THRESHOLDS;
}

/** A server's thresholds and which of them are exceeded right now. */
export async function thresholdsOf(db: Database, server: ServerRow, watcher: ThresholdWatcher): Promise<ServerThresholdsJson> {
  return { ...(await savedSettings(db, server)), exceeded: watcher.exceeded(server.uuid) };
}

/**
 * Saves a server's thresholds (bounds were checked by the schema, answered as 422 per field); the
 * watcher uses them from the next sample and counts anew. Audited as server.thresholds.updated
 * with the old and new values.
 */
export async function updateThresholds(db: Database, server: ServerRow, settings: ThresholdSettings, actor: Actor, watcher: ThresholdWatcher): Promise<ServerThresholdsJson> {
  const before = await savedSettings(db, server);
  const values = { cpuPercent: settings.cpu_percent, memoryPercent: settings.memory_percent, diskPercent: settings.disk_percent, minutes: settings.minutes, updatedAt: new Date() };
  await db
    .insert(serverThresholds)
    .values({ serverId: server.id, ...values })
    .onConflictDoUpdate({ target: serverThresholds.serverId, set: values });
  watcher.changed(server.uuid, settings);
  await recordAudit(db, { actorId: actor.userId, serverUuid: server.uuid, event: 'server.thresholds.updated', ip: actor.ip, properties: { before, after: settings } });
  return { ...settings, exceeded: [] };
}
