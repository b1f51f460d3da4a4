import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { serverWebhooks, servers, type ServerWebhookRow, type WebhookDeliveryRow } from '../../db/schema';
import { openSecret } from '../../lib/secretBox';
import type { PanelEvent } from '../events/PanelEvents';
import { checkedWebhookAddress, parseWebhookUrl, WebhookAddressError } from './webhookAddress';
import { postWebhook, type PostOutcome } from './postWebhook';
import { discordBody, jsonBody, signedHeaders, type OutgoingEvent } from './webhookPayloads';
import { recordDelivery } from './deliveryLog';
import { DELIVERY_CONCURRENCY, MAX_PENDING_DELIVERIES, PER_HOOK_CONCURRENCY, type DeliveryTimings } from './deliveryTimings';

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
  concurrency?: number;
}

interface Job {
  webhookId: number;
  event: OutgoingEvent;
  attempt: number;
}

/**
 * Sends the panel's events to the webhooks that asked for them, in the background: an event is
 * only queued when it happens (nothing the event reports waits for a receiver), a bounded number
 * of requests run at once, a failed attempt is tried again after the configured delays, and every
 * attempt lands in the hook's delivery log. The queue is bounded: when receivers fall far behind,
 * new deliveries are dropped and logged rather than memory growing. Planned retries live in this
 * process (a panel restart drops them).
 */
export class WebhookDispatcher {
  private readonly ready: Job[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private active = 0;
  /** Attempts in progress per hook: one slow receiver may not take every slot from the others. */
  private readonly activeByHook = new Map<number, number>();
  private pending = 0;
  private closed = false;

  constructor(private readonly options: WebhookDispatcherOptions) {}

  /** The bus listener: finds the hooks of the event's server in the background. */
  readonly heard = (event: PanelEvent): void => {
    if (this.closed || event.serverUuid === null) return;
    this.track(this.fanOut(event, event.serverUuid).catch((error: Error) => this.options.log.error({ err: error, event: event.name }, 'could not queue webhook deliveries')));
  };

  /** Deliveries queued or waiting for a retry (tests and the bench read it). */
  get backlog(): number {
    return this.pending;
  }

  /** One attempt at once, outside the queue and without retries: the "send test" button. */
  async sendTest(hook: ServerWebhookRow, server: { uuid: string; name: string }, eventId: string): Promise<WebhookDeliveryRow> {
    const event: OutgoingEvent = { id: eventId, name: 'webhook.test', occurredAt: new Date(), server, data: { test: true } };
    const outcome = await this.attempt(hook, event);
    return recordDelivery(this.options.db, { webhookId: hook.id, eventId, event: event.name, status: outcome.ok ? 'delivered' : 'failed', attempt: 1, ...this.logged(outcome) });
  }

  /** Stops: planned retries are dropped, attempts in progress finish. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.ready.length = 0;
    await Promise.all([...this.inFlight]);
  }

  private async fanOut(event: PanelEvent, serverUuid: string): Promise<void> {
    const hooks = await this.options.db
      .select({ id: serverWebhooks.id, serverName: servers.name })
      .from(serverWebhooks)
      .innerJoin(servers, eq(servers.id, serverWebhooks.serverId))
      .where(sql`${servers.uuid} = ${serverUuid} and ${serverWebhooks.events} @> ${JSON.stringify([event.name])}::jsonb`);
    for (const hook of hooks) {
      const outgoing: OutgoingEvent = { id: event.id, name: event.name, occurredAt: event.occurredAt, server: { uuid: serverUuid, name: hook.serverName }, data: event.data };
      this.enqueue({ webhookId: hook.id, event: outgoing, attempt: 1 });
    }
  }

  private enqueue(job: Job): void {
    if (this.closed) return;
    const max = this.options.maxPending ?? MAX_PENDING_DELIVERIES;
    if (this.pending >= max) {
      this.options.log.warn({ webhook: job.webhookId, event: job.event.name }, 'webhook queue full: delivery dropped');
      return;
    }
    this.pending++;
    this.ready.push(job);
    this.pump();
  }

  private pump(): void {
    const concurrency = this.options.concurrency ?? DELIVERY_CONCURRENCY;
    while (this.active < concurrency) {
      const index = this.ready.findIndex((job) => (this.activeByHook.get(job.webhookId) ?? 0) < PER_HOOK_CONCURRENCY);
      if (index < 0) return;
      const [job] = this.ready.splice(index, 1);
      this.active++;
      this.activeByHook.set(job.webhookId, (this.activeByHook.get(job.webhookId) ?? 0) + 1);
      this.track(
        this.run(job)
          .catch((error: Error) => this.options.log.error({ err: error, webhook: job.webhookId }, 'a webhook delivery could not be recorded'))
          .finally(() => {
            this.active--;
            this.pending--;
            const left = (this.activeByHook.get(job.webhookId) ?? 1) - 1;
            if (left > 0) this.activeByHook.set(job.webhookId, left);
            else this.activeByHook.delete(job.webhookId);
            this.pump();
          }),
      );
    }
  }

  private async run(job: Job): Promise<void> {
    // Read again at every attempt: a hook changed or deleted meanwhile is honoured.
    const [hook] = await this.options.db.select().from(serverWebhooks).where(eq(serverWebhooks.id, job.webhookId));
    if (!hook) return;
    const outcome = await this.attempt(hook, job.event);
    const delays = this.options.timings.retryDelaysMs;
    const retry = !outcome.ok && job.attempt <= delays.length && !this.closed;
    const status = outcome.ok ? 'delivered' : retry ? 'retrying' : 'failed';
    await recordDelivery(this.options.db, { webhookId: hook.id, eventId: job.event.id, event: job.event.name, status, attempt: job.attempt, ...this.logged(outcome) });
    if (retry) this.later(delays[job.attempt - 1], { ...job, attempt: job.attempt + 1 });
  }

  private later(delayMs: number, job: Job): void {
    this.pending++;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.pending--;
      this.enqueue(job);
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
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
