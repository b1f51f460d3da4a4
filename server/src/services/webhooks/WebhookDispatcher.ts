import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { serverWebhooks, servers, type ServerWebhookRow, type WebhookDeliveryRow } from '../../db/schema';
import type { PanelEvent } from '../events/PanelEvents';
import { checkedWebhookAddress, WebhookAddressError } from './webhookAddress';
import { keepAliveAgents, postWebhook, type PostOutcome } from './postWebhook';
import { discordBody, jsonBody, signedHeaders, type OutgoingEvent } from './webhookPayloads';
import { recordDelivery } from './deliveryLog';
import { DELIVERY_CONCURRENCY, FIRST_ATTEMPT_LEASE_MS, MAX_PENDING_DELIVERIES, MAX_PENDING_PER_HOOK, PER_HOOK_CONCURRENCY, type DeliveryTimings } from './deliveryTimings';
import { DeliveryQueue, type DeliveryJob } from './DeliveryQueue';
import { PendingRetries } from './pendingRetries';
import { DeliveryWriter } from './DeliveryWriter';
import { SendableHook } from './SendableHook';

export { WEBHOOK_SECRET_PURPOSE } from './SendableHook';

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

/** How often drops (queues full) are summed up in the panel's log and each hook's delivery log. */
const DROP_LOG_INTERVAL_MS = 10_000;

/** How long a server's hooks read from the database are trusted (this process forgets them at once when it changes one; another process may too). */
const HOOK_CACHE_TTL_MS = 5_000;

interface ServerHooks {
  at: number;
  hooks: Promise<{ serverName: string; byId: Map<number, SendableHook> }>;
}

/**
 * Sends the panel's events to the webhooks that asked for them, in the background: an event is
 * only queued when it happens (nothing the event reports waits for a receiver or the database:
 * each server's hooks are cached), a bounded number of requests run at once, a failed attempt is
 * tried again after the configured delays, and every attempt lands in the hook's delivery log.
 * Every delivery is stored before its first attempt and until it is done (DeliveryWriter gathers
 * those writes into a few statements), so a panel stopped meanwhile sends it after its restart;
 * retries keep their back-off. A delivery another process may hold is claimed before it is sent,
 * and an event already delivered to a hook is never sent to it again (its id is the idempotency
 * key). Memory is bounded, per hook and in all (new deliveries beyond are dropped unwritten);
 * drops are summed up in the log.
 */
export class WebhookDispatcher {
  private readonly queue: DeliveryQueue;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly retries: PendingRetries;
  private readonly writer: DeliveryWriter;
  /** First attempts heard while closing: stored for the next start, their lease given up. */
  private readonly unsent: DeliveryJob[] = [];
  private readonly hooksByServer = new Map<string, ServerHooks>();
  private active = 0;
  /** Attempts in progress per hook: one slow receiver may not take every slot from the others. */
  private readonly activeByHook = new Map<number, number>();
  /** Retries waiting for their time. */
  private planned = 0;
  /** No attempt starts any more (the panel is stopping); events heard are still stored. */
  private closed = false;
  /** Closed for good: events are not even stored. */
  private shutDown = false;
  private readonly dropLog: NodeJS.Timeout;
  /** The receivers' connections, kept open between deliveries. */
  private readonly agents = keepAliveAgents();
  /** Bodies made per event, forgotten with it. */
  private readonly bodies = new WeakMap<OutgoingEvent, { json?: string; discord?: string }>();

  constructor(private readonly options: WebhookDispatcherOptions) {
    this.queue = new DeliveryQueue(options.maxPendingPerHook ?? MAX_PENDING_PER_HOOK, options.maxPending ?? MAX_PENDING_DELIVERIES);
    this.retries = new PendingRetries(options.db);
    this.writer = new DeliveryWriter({ db: options.db, log: options.log, onStored: (stored, lost) => this.stored(stored, lost) });
    this.dropLog = setInterval(() => this.reportDrops(), DROP_LOG_INTERVAL_MS);
    this.dropLog.unref();
  }

  /** The bus listener: finds the hooks of the event's server in the background. */
  readonly heard = (event: PanelEvent): void => {
    if (this.shutDown || event.serverUuid === null) return;
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
    for (const retry of stored) this.later(Math.max(0, retry.dueAt.getTime() - Date.now()), { webhookId: retry.webhookId, event: retry.event, attempt: retry.attempt, stored: true, leaseUntil: null });
    return stored.length;
  }

  /** One attempt at once, outside the queue and without retries: the "send test" button. */
  async sendTest(hook: ServerWebhookRow, server: { uuid: string; name: string }, eventId: string): Promise<WebhookDeliveryRow> {
    const event: OutgoingEvent = { id: eventId, name: 'webhook.test', occurredAt: new Date(), server, data: { test: true } };
    const outcome = await this.attempt(new SendableHook(hook, this.options.panelSecret), event);
    return recordDelivery(this.options.db, { webhookId: hook.id, eventId, event: event.name, status: outcome.ok ? 'delivered' : 'failed', attempt: 1, ...this.logged(outcome) });
  }

  /**
   * Starts no attempt any more (the panel is stopping): what waits stays stored for the next
   * start. Events heard until `close` are still stored.
   */
  stopSending(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.dropLog);
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.planned = 0;
    this.unsent.push(...this.queue.drain());
  }

  /** Writes what is gathered now (tests read the tables after it). */
  flush(): Promise<void> {
    return this.writer.flush();
  }

  /**
   * Stops: attempts in progress finish and are logged; deliveries not yet sent (queued, heard
   * meanwhile, or retries planned) stay stored, free for the next start to send at once (or at
   * their back-off).
   */
  async close(): Promise<void> {
    this.stopSending();
    this.shutDown = true;
    await Promise.all([...this.inFlight]);
    await this.writer.flush();
    this.reportDrops();
    await this.writer.release(this.unsent.filter((job) => job.attempt === 1));
    this.agents.destroy();
  }

  /** The server's name and hooks, from the cache while it is fresh (read again after `forget`). */
  private hooksOf(serverUuid: string): ServerHooks['hooks'] {
    const cached = this.hooksByServer.get(serverUuid);
    if (cached && Date.now() - cached.at < HOOK_CACHE_TTL_MS) return cached.hooks;
    const hooks = this.options.db
      .select({ hook: serverWebhooks, serverName: servers.name })
      .from(servers)
      .leftJoin(serverWebhooks, eq(servers.id, serverWebhooks.serverId))
      .where(eq(servers.uuid, serverUuid))
      .then((rows) => ({ serverName: rows[0]?.serverName ?? '', byId: new Map(rows.flatMap(({ hook }) => (hook ? [[hook.id, new SendableHook(hook, this.options.panelSecret)] as const] : []))) }));
    this.hooksByServer.set(serverUuid, { at: Date.now(), hooks });
    hooks.catch(() => this.hooksByServer.delete(serverUuid));
    return hooks;
  }

  private async fanOut(event: PanelEvent, serverUuid: string): Promise<void> {
    const { serverName, byId } = await this.hooksOf(serverUuid);
    // One outgoing event for all the hooks: its body is then made once (bodyOf), not per hook.
    const outgoing: OutgoingEvent = { id: event.id, name: event.name, occurredAt: event.occurredAt, server: { uuid: serverUuid, name: serverName }, data: event.data };
    const leaseUntil = Date.now() + FIRST_ATTEMPT_LEASE_MS;
    for (const { row: hook } of byId.values()) {
      if (!hook.events.includes(event.name)) continue;
      const job: DeliveryJob = { webhookId: hook.id, event: outgoing, attempt: 1, stored: false, leaseUntil };
      if (this.closed) this.unsent.push(job);
      else if (!this.queue.push(job)) continue;
      this.writer.store(job);
    }
  }

  /** The writer wrote these first attempts' rows: they may be sent now (those it could not write never are). */
  private stored(stored: DeliveryJob[], lost: DeliveryJob[]): void {
    for (const job of stored) job.stored = true;
    for (const job of lost) this.queue.remove(job);
    this.pump();
  }

  private enqueue(job: DeliveryJob): void {
    if (this.closed) return;
    if (this.queue.push(job)) this.pump();
  }

  private pump(): void {
    const concurrency = this.options.concurrency ?? DELIVERY_CONCURRENCY;
    while (!this.closed && this.active < concurrency) {
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
    // Claimed first unless this process holds it for a good while yet (a fresh first attempt):
    // another process may hold it, or it was delivered meanwhile.
    const lockMs = timings.timeoutMs * 2;
    const held = job.leaseUntil !== null && Date.now() + lockMs < job.leaseUntil;
    if (!held && !(await this.retries.claim(job.webhookId, job.event.id, job.attempt, lockMs, job.leaseUntil === null ? null : new Date(job.leaseUntil)))) return;
    // The hook as it is now (the cache is forgotten when it changes): a hook deleted meanwhile is not sent to.
    const hook = (await this.hooksOf(job.event.server.uuid)).byId.get(job.webhookId);
    if (!hook) return;
    const outcome = await this.attempt(hook, job.event);
    const delays = timings.retryDelaysMs;
    const retry = !outcome.ok && job.attempt <= delays.length;
    const status = outcome.ok ? 'delivered' : retry ? 'retrying' : 'failed';
    const next: DeliveryJob = { ...job, attempt: job.attempt + 1, stored: true, leaseUntil: null };
    const delay = delays[job.attempt - 1];
    const record = { webhookId: hook.row.id, eventId: job.event.id, event: job.event.name, status, attempt: job.attempt, ...this.logged(outcome) } as const;
    // Written in the background (the slot is free for the next attempt at once); a retry's timer
    // starts once its row says so, since the retry claims exactly that attempt.
    this.track(
      this.writer.attempted(record, { retry: retry ? { job: next, dueAt: new Date(Date.now() + delay) } : null, done: !retry }).then(() => {
        if (retry) this.later(delay, next);
      }),
    );
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

  /**
   * Sums up the deliveries dropped since the last time (every 10 s; tests call it): a warning in
   * the panel's log and, so that the customer sees why events are missing, one failed entry per
   * hook in its delivery log, on the last event dropped.
   */
  reportDrops(): void {
    for (const [webhookId, { count, last }] of this.queue.takeDropped()) {
      this.options.log.warn({ webhook: webhookId, dropped: count }, 'webhook queue full: deliveries dropped');
      const error = `${count === 1 ? 'This delivery was' : `${count} deliveries up to this one were`} dropped unsent: more were waiting than the panel keeps, as the receiver could not keep up.`;
      const record = { webhookId, eventId: last.eventId, event: last.event, status: 'failed', attempt: 1, responseCode: null, error, durationMs: 0 } as const;
      this.track(this.writer.attempted(record, { retry: null, done: false }));
    }
  }

  /** One POST of the event to the hook; the address is checked again first (DNS may have changed). */
  private async attempt(hook: SendableHook, event: OutgoingEvent): Promise<PostOutcome> {
    try {
      const url = hook.address();
      const address = await checkedWebhookAddress(url, this.options.allowHosts);
      const body = this.bodyOf(event, hook.row.kind === 'discord' ? 'discord' : 'json');
      const headers = hook.row.kind === 'discord' ? {} : signedHeaders(event.id, hook.signingSecret(), body);
      return await postWebhook(url, address, headers, body, this.options.timings.timeoutMs, this.agents);
    } catch (error) {
      const message = error instanceof WebhookAddressError ? error.message : `The delivery could not be sent: ${(error as Error).message}`;
      return { ok: false, responseCode: null, error: message, durationMs: 0 };
    }
  }

  /** The event's body of this kind, made once for all the hooks it goes to (and all their attempts while queued). */
  private bodyOf(event: OutgoingEvent, kind: 'discord' | 'json'): string {
    let bodies = this.bodies.get(event);
    if (!bodies) this.bodies.set(event, (bodies = {}));
    return (bodies[kind] ??= kind === 'discord' ? discordBody(event) : jsonBody(event));
  }

  private logged(outcome: PostOutcome): { responseCode: number | null; error: string | null; durationMs: number } {
    return { responseCode: outcome.responseCode, error: outcome.error, durationMs: outcome.durationMs };
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }
}
