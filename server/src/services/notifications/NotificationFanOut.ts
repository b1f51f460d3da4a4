import { lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
import type { PanelEvent } from '../events/PanelEvents';
import type { Mailer } from '../mail/Mailer';
import { mailLanguage } from '../mail/mailTranslator';
import { notificationMail } from '../mail/notificationMails';
import { choiceFor } from './notificationDefaults';
import { recipientsOf, type NotifiedServer, type Recipient } from './notificationRecipients';
import { MailThrottle, type ThrottleRedis } from './MailThrottle';
import { yieldToEventLoop } from '../../lib/yieldToEventLoop';

/** How long notifications are kept. */
export const NOTIFICATION_RETENTION_MS = 30 * 24 * 3600_000;
/** Events waiting to be fanned out at most; beyond that new ones are dropped and logged. */
const MAX_QUEUED_EVENTS = 10_000;
/** Events handled per round: one insert carries the notifications of all of them. */
const EVENTS_PER_ROUND = 200;
/**
 * How long a server's people and their choices, once read, are trusted: a busy server's events
 * cost one query a second, not one each. A change of choices in this process is heard at once
 * (`forget`); a share added or removed, or a change made by another panel process, within this
 * second, as the panel's run-time settings are.
 */
const RECIPIENTS_TTL_MS = 1_000;

type Audience = Awaited<ReturnType<typeof recipientsOf>>;

export interface NotificationFanOutOptions {
  db: Database;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  mailer: Mailer;
  /** The panel's address for links in mails (known once it listens). */
  panelUrl: () => string;
  /** At most one mail per user, server and event in this window. */
  mailWindowMs: number;
  /** Where the window is kept when several panel processes share Redis (else in the database). */
  redis?: ThrottleRedis;
}

/**
 * Turns the bus's events into notifications for everyone who may see the server (recipientsOf),
 * as each chose (choiceFor): a row in their panel list, a mail. The bus listener only queues the
 * event; rounds in the background insert the notifications of many events at once and send the
 * mails, each person at most one per server and event per window, so a flapping server does not
 * flood a mailbox. Nothing here ever waits for, or fails, the event it reports.
 */
export class NotificationFanOut {
  private readonly queue: PanelEvent[] = [];
  private running: Promise<void> | null = null;
  private readonly mails = new Set<Promise<void>>();
  private readonly throttle: MailThrottle;
  private readonly audiences = new Map<string, { at: number; audience: Promise<Audience> }>();
  private closed = false;

  constructor(private readonly options: NotificationFanOutOptions) {
    this.throttle = new MailThrottle({ db: options.db, windowMs: options.mailWindowMs, redis: options.redis });
  }

  /** The bus listener. Panel-wide events (no server) name nobody's server and are left out. */
  readonly heard = (event: PanelEvent): void => {
    if (this.closed || event.serverUuid === null) return;
    if (this.queue.length >= MAX_QUEUED_EVENTS) {
      this.options.log.warn({ event: event.name }, 'notification queue full: event not notified');
      return;
    }
    this.queue.push(event);
    this.kick();
  };

  /** The people of this server, or their choices for it, changed: read them again at its next event. */
  forget(serverUuid: string): void {
    this.audiences.delete(serverUuid);
  }

  private audienceOf(serverUuid: string): Promise<Audience> {
    const cached = this.audiences.get(serverUuid);
    if (cached && Date.now() - cached.at < RECIPIENTS_TTL_MS) return cached.audience;
    const audience = recipientsOf(this.options.db, serverUuid);
    this.audiences.set(serverUuid, { at: Date.now(), audience });
    // A failed read is not kept: the next event asks again.
    audience.catch(() => this.audiences.delete(serverUuid));
    return audience;
  }

  private kick(): void {
    if (this.running) return;
    this.running = this.drain().finally(() => {
      this.running = null;
      // An event heard between the last round and this line starts the next drain.
      if (this.queue.length > 0) this.kick();
    });
  }

  /** Resolves once every event heard so far is stored and its mails sent (tests wait on it). */
  async settled(): Promise<void> {
    while (this.running || this.mails.size > 0) await Promise.all([this.running, ...this.mails]);
  }

  /** Deletes notifications older than the retention; answers how many. */
  async prune(now = new Date()): Promise<number> {
    const gone = await this.options.db
      .delete(notifications)
      .where(lt(notifications.createdAt, new Date(now.getTime() - NOTIFICATION_RETENTION_MS)))
      .returning({ id: notifications.id });
    return gone.length;
  }

  /** Stops hearing; what is queued is still stored and mailed. */
  async close(): Promise<void> {
    this.closed = true;
    await this.settled();
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      // A turn of the event loop before each round: the publisher's turn ends before any work
      // starts, and on the embedded database (which answers without ever waiting for I/O) a flood's
      // rounds would otherwise run back to back while requests and sockets wait.
      await yieldToEventLoop();
      const round = this.queue.splice(0, EVENTS_PER_ROUND);
      await this.handle(round).catch((error: Error) => this.options.log.error({ err: error, events: round.length }, 'could not store notifications'));
    }
  }

  private async handle(events: PanelEvent[]): Promise<void> {
    const rows: Array<typeof notifications.$inferInsert> = [];
    const mails: Array<{ person: Recipient; server: NotifiedServer; event: PanelEvent }> = [];
    for (const event of events) {
      const uuid = event.serverUuid!;
      const audience = await this.audienceOf(uuid);
      if (!audience) continue;
      for (const person of audience.recipients) {
        const choice = choiceFor(person.choices, event.name);
        if (choice.panel) rows.push({ userId: person.userId, serverId: audience.server.id, event: event.name, eventId: event.id, data: event.data, createdAt: event.occurredAt });
        if (choice.mail) mails.push({ person, server: audience.server, event });
      }
    }
    if (rows.length > 0) await this.options.db.insert(notifications).values(rows).onConflictDoNothing();
    if (mails.length > 0) await this.mailAllowed(mails);
  }

  /** Sends the mails the throttle allows: per person, server and event, the first of the round at most. */
  private async mailAllowed(mails: Array<{ person: Recipient; server: NotifiedServer; event: PanelEvent }>): Promise<void> {
    const keyOf = ({ person, server, event }: (typeof mails)[number]) => ({ userId: person.userId, serverId: server.id, event: event.name });
    const newest = new Date(Math.max(...mails.map(({ event }) => event.occurredAt.getTime())));
    const allowed = new Set((await this.throttle.take(mails.map(keyOf), newest)).map((key) => `${key.userId}:${key.serverId}:${key.event}`));
    for (const mail of mails) {
      const key = keyOf(mail);
      if (!allowed.delete(`${key.userId}:${key.serverId}:${key.event}`)) continue;
      this.mail(mail.person, mail.server, mail.event);
    }
  }

  private mail(person: Recipient, server: NotifiedServer, event: PanelEvent): void {
    const work = (async () => {
      const language = await mailLanguage(person.language, undefined, person.timeFormat);
      const windowMinutes = Math.max(1, Math.round(this.options.mailWindowMs / 60_000));
      const input = { to: person.email, event: event.name, data: event.data, occurredAt: event.occurredAt, server, panelUrl: this.options.panelUrl(), windowMinutes };
      await this.options.mailer.send(notificationMail(input, language));
    })().catch((error: Error) => this.options.log.error({ err: error, event: event.name }, 'could not send a notification mail'));
    this.mails.add(work);
    void work.finally(() => this.mails.delete(work));
  }
}
