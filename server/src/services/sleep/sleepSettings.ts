import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { servers, serverTemplates, type ServerRow } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { findTemplate } from '../../games/templates';
import { recordAudit } from '../audit/audit';

export interface SleepStatus {
  auto_stop_minutes: number | null;
  wake_on_join: boolean;
  sleeping: boolean;
}

/** A server's sleep settings and whether the panel answers on its port now. */
export function readSleepSettings(app: FastifyInstance, server: ServerRow): SleepStatus {
  return { auto_stop_minutes: server.autoStopMinutes, wake_on_join: server.wakeOnJoin, sleeping: app.sleep.isSleeping(server.uuid) };
}

/** Saves the settings (audited) and lets the sleep manager listen or let go at once. */
export async function updateSleepSettings(
  app: FastifyInstance,
  server: ServerRow,
  settings: { auto_stop_minutes: number | null; wake_on_join: boolean },
  actor: { id: number; ip: string },
): Promise<SleepStatus> {
  const [row] = await app.db.select({ slug: serverTemplates.slug }).from(serverTemplates).where(eq(serverTemplates.id, server.templateId));
  if (findTemplate(row?.slug ?? '')?.game !== 'minecraft')
    throw new HttpError(409, 'Sleep and wake-up work for Minecraft servers only; the panel cannot answer this game’s players while it is stopped.');
  const [updated] = await app.db
    .update(servers)
    .set({ autoStopMinutes: settings.auto_stop_minutes, wakeOnJoin: settings.wake_on_join, updatedAt: new Date() })
    .where(eq(servers.id, server.id))
    .returning();
  await recordAudit(app.db, { actorId: actor.id, serverUuid: server.uuid, event: 'server.sleep.updated', ip: actor.ip, properties: { ...settings } });
  await app.sleep.settingsChanged(updated);
  return readSleepSettings(app, updated);
}
