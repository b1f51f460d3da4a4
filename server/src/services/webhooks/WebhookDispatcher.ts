import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { serverWebhooks, servers, type ServerWebhookRow, type WebhookDeliveryRow } from '../../db/schema';
import { openSecret } from '../../lib/secretBox';
import type { PanelEvent } from '../events/PanelEvents';
import { checkedWebhookAddress, parseWebhookUrl, WebhookAddressError } from './webhookAddress';
import { postWebhook, type PostOutcome } from './postWebhook';
import { discordBody, jsonBody, signedHeaders, type OutgoingEvent } from './webhookPayloads';
import { recordDelivery } from './deliveryLog';
import { DELIVERY_CONCURRENCY, MAX_PENDING_DELIVERIES, MAX_PENDING_PER_HOOK, PER_HOOK_CONCURRENCY, type DeliveryTimings } from './deliveryTimings';
import { DeliveryQueue, type DeliveryJob } from './DeliveryQueue';
import { PendingRetries } from './pendingRetries';

/** Purpose under which webhook secrets are sealed (lib/secretBox). */
export const WEBHOOK_SECRET_PURPOSE = 'webhook-secret';

export interface WebhookDispatcherOptions {
  db: Database;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** The panel secret the hooks' signing secrets are sealed under. */
  panelSecret: string;
  /** Hosts that may be private or loopback (PANEL_WEBHOOK_ALLOW_HOSTS). */
  allowHosts: readonly string[];
  timings: DeliveryTimings;
  maxPending?: number;
  /** Deliveries waiting for one hook beyond which the oldest is dropped. */
  maxPendingPerHook?: number;
  concurrency?: number;
}

/** How often drops (queues full) are summed up in the log. */
const DROP_LOG_INTERVAL_MS = 10_000;

/** How long a server's hooks read from the database are trusted (another panel process may change them). */
const HOOK_CACHE_TTL_MS = 5_000;

interface ServerHooks {
  at: number;
  hooks: Promise<Array<{ id: number; serverName: string; events: string[] }>>;
}

/**
 * Sends the panel's events to the webhooks that asked for them, in the background: an event is
 * only queued when it happens (nothing the event reports waits for a receiver), a bounded number
 * of requests run at once, a failed attempt is tried again after the configured delays, and every
 * attempt lands in the hook's delivery log. Planned retries are kept in the database and resumed
 * with their back-off when the panel starts again; a retry is claimed before it is sent, and an
 * event already delivered to a hook is never sent to it again (its id is the idempotency key).
 * Memory is bounded: per hook (the oldest waiting delivery makes room for a new one) and in all
 * (new ones are dropped); drops are summed up in the log.
 */
export class WebhookDispatcher {
  private readonly queue: DeliveryQueue;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly retries: PendingRetries;
  private readonly hooksByServer = new Map<string, ServerHooks>();
  private active = 0;
  /** Attempts in progress per hook: one slow receiver may not take every slot from the others. */
  private readonly activeByHook = new Map<number, number>();
  /** Retries waiting for their time. */
  private planned = 0;
  private closed = false;
  private readonly dropLog: NodeJS.Timeout;

  constructor(private readonly options: WebhookDispatcherOptions) {
    this.queue = new DeliveryQueue(options.maxPendingPerHook ?? MAX_PENDING_PER_HOOK, options.maxPending ?? MAX_PENDING_DELIVERIES);
    this.retries = new PendingRetries(options.db);
    this.dropLog = setInterval(() => this.logDrops(), DROP_LOG_INTERVAL_MS);
    this.dropLog.unref();
  }

  /** The bus listener: finds the hooks of the event's server in the background. */
  readonly heard = (event: PanelEvent): void => {
    if (this.closed || event.serverUuid === null) return;
    this.track(this.fanOut(event, event.serverUuid).catch((error: Error) => this.options.log.error({ err: error, event: event.name }, 'could not queue webhook deliveries')));
  };

  /** Deliveries queued, being sent or waiting for a retry (tests and the bench read it). */
  get backlog(): number {
    return this.queue.size + this.active + this.planned;
  }

  /** Deliveries dropped since the start because queues were full (the bench reads it). */
  get dropped(): number {
    return this.queue.droppedTotal;
  }

  /** A hook of this server was added, changed or deleted: read them again. */
  forget(serverUuid: string): void {
    this.hooksByServer.delete(serverUuid);
  }

  /** At start: the retries a stopped panel had planned are planned again, each at its time. */
  async resume(): Promise<number> {
    const stored = await this.retries.all();
    for (const retry of stored) this.later(Math.max(0, retry.dueAt.getTime() - Date.now()), { webhookId: retry.webhookId, event: retry.event, attempt: retry.attempt });
    return stored.length;
  }

  /** One attempt at once, outside the queue and without retries: the "send test" button. */
  async sendTest(hook: ServerWebhookRow, server: { uuid: string; name: string }, eventId: string): Promise<WebhookDeliveryRow> {
    const event: OutgoingEvent = { id: eventId, name: 'webhook.test', occurredAt: new Date(), server, data: { test: true } };
    const outcome = await this.attempt(hook, event);
    return recordDelivery(this.options.db, { webhookId: hook.id, eventId, event: event.name, status: outcome.ok ? 'delivered' : 'failed', attempt: 1, ...this.logged(outcome) });
  }

  /** Stops: planned retries stay in the database for the next start, attempts in progress finish. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.dropLog);
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.planned = 0;
    this.queue.clear();
    await Promise.all([...this.inFlight]);
    this.logDrops();
  }

  private hooksOf(serverUuid: string): ServerHooks['hooks'] {
    const cached = this.hooksByServer.get(serverUuid);
    if (cached && Date.now() - cached.at < HOOK_CACHE_TTL_MS) return cached.hooks;
    const hooks = this.options.db
      .select({ id: serverWebhooks.id, serverName: servers.name, events: serverWebhooks.events })
      .from(serverWebhooks)
      .innerJoin(servers, eq(servers.id, serverWebhooks.serverId))
      .where(eq(servers.uuid, serverUuid));
    this.hooksByServer.set(serverUuid, { at: Date.now(), hooks });
    hooks.catch(() => this.hooksByServer.delete(serverUuid));
    return hooks;
  }

  private async fanOut(event: PanelEvent, serverUuid: string): Promise<void> {
    for (const hook of await this.hooksOf(serverUuid)) {
      if (!hook.events.includes(event.name)) continue;
      const outgoing: OutgoingEvent = { id: event.id, name: event.name, occurredAt: event.occurredAt, server: { uuid: serverUuid, name: hook.serverName }, data: event.data };
      this.enqueue({ webhookId: hook.id, event: outgoing, attempt: 1 });
    }
  }

  private enqueue(job: DeliveryJob): void {
    if (this.closed) return;
    if (this.queue.push(job)) this.pump();
  }

  private pump(): void {
    const concurrency = this.options.concurrency ?? DELIVERY_CONCURRENCY;
    while (this.active < concurrency) {
      const job = this.queue.take((webhookId) => (this.activeByHook.get(webhookId) ?? 0) < PER_HOOK_CONCURRENCY);
      if (!job) return;
      this.active++;
      this.activeByHook.set(job.webhookId, (this.activeByHook.get(job.webhookId) ?? 0) + 1);
      this.track(
        this.run(job)
          .catch((error: Error) => this.options.log.error({ err: error, webhook: job.webhookId }, 'a webhook delivery could not be recorded'))
          .finally(() => {
            this.active--;
            const left = (this.activeByHook.get(job.webhookId) ?? 1) - 1;
            if (left > 0) this.activeByHook.set(job.webhookId, left);
            else this.activeByHook.delete(job.webhookId);
            this.pump();
          }),
      );
    }
  }

  private async run(job: DeliveryJob): Promise<void> {
    const { timings } = this.options;
    // A retry is claimed first: another process may hold it, or it was delivered meanwhile.
    if (job.attempt > 1 && !(await this.retries.claim(job.webhookId, job.event.id, job.attempt, timings.timeoutMs * 2))) return;
    // Read again at every attempt: a hook changed or deleted meanwhile is honoured.
    const [hook] = await this.options.db.select().from(serverWebhooks).where(eq(serverWebhooks.id, job.webhookId));
    if (!hook) return;
    const outcome = await this.attempt(hook, job.event);
    const delays = timings.retryDelaysMs;
    const retry = !outcome.ok && job.attempt <= delays.length;
    const status = outcome.ok ? 'delivered' : retry ? 'retrying' : 'failed';
    await recordDelivery(this.options.db, { webhookId: hook.id, eventId: job.event.id, event: job.event.name, status, attempt: job.attempt, ...this.logged(outcome) });
    if (retry) {
      const delay = delays[job.attempt - 1];
      await this.retries.plan(hook.id, job.event, job.attempt + 1, new Date(Date.now() + delay));
      this.later(delay, { ...job, attempt: job.attempt + 1 });
    } else if (job.attempt > 1) await this.retries.done(hook.id, job.event.id);
  }

  private later(delayMs: number, job: DeliveryJob): void {
    if (this.closed) return;
    this.planned++;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.planned--;
      this.enqueue(job);
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private logDrops(): void {
    for (const [webhook, dropped] of this.queue.takeDropped()) this.options.log.warn({ webhook, dropped }, 'webhook queue full: deliveries dropped');
  }

  /** One POST of the event to the hook; the address is checked again first (DNS may have changed). */
  private async attempt(hook: ServerWebhookRow, event: OutgoingEvent): Promise<PostOutcome> {
    try {
      const url = parseWebhookUrl(hook.url);
      const address = await checkedWebhookAddress(url, this.options.allowHosts);
      if (hook.kind === 'discord') return await postWebhook(url, address, {}, discordBody(event), this.options.timings.timeoutMs);
      const body = jsonBody(event);
      const secret = hook.secretSealed ? openSecret(this.options.panelSecret, WEBHOOK_SECRET_PURPOSE, hook.secretSealed) : '';
      return await postWebhook(url, address, signedHeaders(event.id, secret, body), body, this.options.timings.timeoutMs);
    } catch (error) {
      const message = error instanceof WebhookAddressError ? error.message : `The delivery could not be sent: ${(error as Error).message}`;
      return { ok: false, responseCode: null, error: message, durationMs: 0 };
    }
  }

  private logged(outcome: PostOutcome): { responseCode: number | null; error: string | null; durationMs: number } {
    return { responseCode: outcome.responseCode, error: outcome.error, durationMs: outcome.durationMs };
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }
}
