import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notifications, notificationSettings, servers, type NotificationChoice, type ServerRow } from '../../db/schema';
import { ValidationError } from '../../lib/errors';
import type { MarkNotificationsReadBody, NotificationChoiceJson, NotificationJson, UpdateNotificationSettingsBody } from '../../schemas/notifications';
import type { PanelEventName } from '../../schemas/panelEvents';
import { recordAudit, type Actor } from '../audit/audit';
import { allChoices } from './notificationDefaults';

/** One page of a user's notifications. */
export interface NotificationPage {
  data: NotificationJson[];
  total: number;
  unread: number;
}

/**
 * Notifications of servers the user may still hear about: theirs, or shared with them (an active
 * share whose keys, or whose role's, hold notification.read). Someone removed from a server, or
 * whose notification.read was taken away, no longer sees what they were told about it.
 */
function stillVisibleTo(userId: number): SQL {
  return sql`exists (select 1 from ${servers} s where s.id = ${notifications.serverId} and (s.owner_id = ${userId} or exists (
    select 1 from server_permissions sp left join server_roles r on r.id = sp.role_id
    where sp.server_id = s.id and sp.user_id = ${userId} and sp.status = 'active'
      and coalesce(r.permissions, sp.permissions) @> '["notification.read"]'::jsonb)))`;
}

/**
 * A user's own notifications (never anyone else's: every query is bound to the user) and their
 * choices per server of what reaches them, changes to which are audited.
 */
export class NotificationService {
  /** `changed`: told the server whose choices someone changed (the fan-out reads them again). */
  constructor(
    private readonly db: Database,
    private readonly changed: (serverUuid: string) => void = () => undefined,
  ) {}

  async list(userId: number, { page, perPage, unreadOnly }: { page: number; perPage: number; unreadOnly: boolean }): Promise<NotificationPage> {
    const mine = and(eq(notifications.userId, userId), stillVisibleTo(userId))!;
    const unreadOfMine = and(mine, isNull(notifications.readAt))!;
    const rows = await this.db
      .select({ row: notifications, server: { id: servers.shortId, uuid: servers.uuid, name: servers.name } })
      .from(notifications)
      .innerJoin(servers, eq(servers.id, notifications.serverId))
      .where(unreadOnly ? unreadOfMine : mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(perPage)
      .offset((page - 1) * perPage);
    const [[{ total }], [{ unread }]] = await Promise.all([
      this.db
        .select({ total: count() })
        .from(notifications)
        .where(unreadOnly ? unreadOfMine : mine),
      this.db.select({ unread: count() }).from(notifications).where(unreadOfMine),
    ]);
    const data = rows.map(({ row, server }) => ({
      id: row.uuid,
      event: row.event as PanelEventName,
      event_id: row.eventId,
      server,
      data: row.data,
      read_at: row.readAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
    }));
    return { data, total, unread };
  }

  /** Marks the given notifications of the user read (others' ids are ignored), or all; answers how many are still unread. */
  async markRead(userId: number, body: MarkNotificationsReadBody): Promise<number> {
    if (!body.all && !body.ids) throw new ValidationError({ ids: ['Give the notifications to mark read, or all: true.'] });
    const unreadOfMine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
    await this.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(body.all ? unreadOfMine : and(unreadOfMine, inArray(notifications.uuid, body.ids!)));
    const [{ unread }] = await this.db
      .select({ unread: count() })
      .from(notifications)
      .where(and(unreadOfMine, stillVisibleTo(userId)));
    return unread;
  }

  /** The user's choice for every event on the server (defaults where they chose nothing). */
  async settings(userId: number, server: ServerRow): Promise<NotificationChoiceJson[]> {
    return allChoices(await this.storedChoices(userId, server.id));
  }

  /** Changes the choices for the events listed (the others keep theirs); audited with what changed. */
  async updateSettings(userId: number, server: ServerRow, body: UpdateNotificationSettingsBody, actor: Actor): Promise<NotificationChoiceJson[]> {
    const events = body.events.map((choice) => choice.event);
    const repeated = events.filter((event, index) => events.indexOf(event) !== index);
    if (repeated.length > 0) throw new ValidationError({ events: [`Each event may be listed once (${[...new Set(repeated)].join(', ')} repeated).`] });
    const stored = (await this.storedChoices(userId, server.id)) ?? {};
    const before = allChoices(stored);
    const choices: Record<string, NotificationChoice> = { ...stored };
    for (const { event, panel, mail } of body.events) choices[event] = { panel, mail };
    await this.db
      .insert(notificationSettings)
      .values({ userId, serverId: server.id, choices })
      .onConflictDoUpdate({ target: [notificationSettings.userId, notificationSettings.serverId], set: { choices, updatedAt: new Date() } });
    this.changed(server.uuid);
    const after = allChoices(choices);
    const changed = after.filter((choice, index) => choice.panel !== before[index].panel || choice.mail !== before[index].mail);
    await recordAudit(this.db, { actorId: actor.userId, serverUuid: server.uuid, event: 'server.notifications.updated', ip: actor.ip, properties: { changed } });
    return after;
  }

  private async storedChoices(userId: number, serverId: number): Promise<Record<string, NotificationChoice> | undefined> {
    const [row] = await this.db
      .select({ choices: notificationSettings.choices })
      .from(notificationSettings)
      .where(and(eq(notificationSettings.userId, userId), eq(notificationSettings.serverId, serverId)));
    return row?.choices;
  }
}
