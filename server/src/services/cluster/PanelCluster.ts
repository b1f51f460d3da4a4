import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import Redis from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { CLUSTER_PREFIX, ClusterUnreachableError, type ClusterRefusal, type ClusterRequest } from './clusterMessages';

type Reply = { id: string; ok: true; value: unknown } | { id: string; ok: false; refusal: ClusterRefusal };

/**
 * What several panel processes share through Redis (PANEL_REDIS_URL): one connection for
 * commands, one for the channels it listens on (a subscribed Redis connection can do nothing
 * else), and requests from one process to another with their answers (`call` and `serve`).
 * Every process has its own id; a request names the process that should carry it out.
 */
export class PanelCluster {
  /** This process, unique across restarts (host and pid for the logs, a random part against reuse). */
  readonly processId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly channels = new Map<string, (message: unknown) => void>();
  private readonly pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();
  private handler: ((request: ClusterRequest) => Promise<unknown>) | null = null;
  private closed = false;

  private constructor(
    readonly redis: Redis,
    private readonly subscriber: Redis,
    private log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  ) {
    subscriber.on('message', (channel: string, text: string) => {
      const listener = this.channels.get(channel);
      if (!listener) return;
      try {
        listener(JSON.parse(text));
      } catch (error) {
        this.log.error({ err: error, channel }, 'a message between panel processes could not be handled');
      }
    });
  }

  /** Connects both connections and starts answering requests addressed to this process. */
  static async connect(url: string, log: Pick<FastifyBaseLogger, 'warn' | 'error'>): Promise<PanelCluster> {
    // Commands wait for a reconnect a little, then fail: a panel without Redis answers errors, not hangs.
    const options = { maxRetriesPerRequest: 2, lazyConnect: true };
    const cluster = new PanelCluster(new Redis(url, options), new Redis(url, options), log);
    cluster.redis.on('error', (error: Error) => cluster.log.warn({ err: error }, 'Redis connection error'));
    cluster.subscriber.on('error', (error: Error) => cluster.log.warn({ err: error }, 'Redis connection error (subscriptions)'));
    await Promise.all([cluster.redis.connect(), cluster.subscriber.connect()]);
    await cluster.listen(cluster.requestChannel(cluster.processId), (message) => void cluster.answer(message as ClusterRequest & { id: string; from: string }));
    await cluster.listen(cluster.replyChannel(cluster.processId), (message) => cluster.settle(message as Reply));
    return cluster;
  }

  /** Logs through the panel's logger from now on (the connection is made before the app exists). */
  useLog(log: Pick<FastifyBaseLogger, 'warn' | 'error'>): void {
    this.log = log;
  }

  private requestChannel(processId: string): string {
    return `${CLUSTER_PREFIX}requests:${processId}`;
  }

  private replyChannel(processId: string): string {
    return `${CLUSTER_PREFIX}replies:${processId}`;
  }

  /** Hears every message published on `channel` (by any process, this one included). */
  async listen(channel: string, listener: (message: unknown) => void): Promise<void> {
    this.channels.set(channel, listener);
    await this.subscriber.subscribe(channel);
  }

  /** Publishes to every process listening on `channel`; a lost message is logged, never thrown. */
  publish(channel: string, message: unknown): void {
    if (this.closed) return;
    this.redis.publish(channel, JSON.stringify(message)).catch((error: Error) => this.log.warn({ err: error, channel }, 'could not publish to the other panel processes'));
  }

  /** Carries out the requests other processes address to this one. */
  serve(handler: (request: ClusterRequest) => Promise<unknown>): void {
    this.handler = handler;
  }

  /**
   * Asks process `target` to carry out `request` and answers what it answered; its refusal is
   * thrown as a ClusterRefusal-shaped error (see rethrow), silence as ClusterUnreachableError.
   */
  call(target: string, request: ClusterRequest, timeoutMs = 15_000): Promise<unknown> {
    const id = randomUUID();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new ClusterUnreachableError('The panel process running this server did not answer: try again in a moment.'));
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.redis
        .publish(this.requestChannel(target), JSON.stringify({ ...request, id, from: this.processId }))
        .then((receivers) => {
          // Nobody listens there: the process is gone (its lease has not expired yet).
          if (receivers === 0) this.settle({ id, ok: false, refusal: { kind: 'unreachable', message: 'The panel process running this server is gone: try again in a moment.' } });
        })
        .catch((error: Error) => this.settle({ id, ok: false, refusal: { kind: 'unreachable', message: `Redis did not take the request: ${error.message}` } }));
    });
  }

  private settle(reply: Reply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    clearTimeout(waiting.timer);
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(Object.assign(new Error(reply.refusal.message), { refusal: reply.refusal }));
  }

  private async answer(request: ClusterRequest & { id: string; from: string }): Promise<void> {
    let reply: Reply;
    try {
      if (!this.handler) throw new ClusterUnreachableError('This panel process does not run game servers.');
      reply = { id: request.id, ok: true, value: (await this.handler(request)) ?? null };
    } catch (error) {
      const { name, message, statusCode } = error as Error & { statusCode?: number };
      reply = { id: request.id, ok: false, refusal: { kind: error instanceof Error ? error.constructor.name : name, message, ...(statusCode ? { statusCode } : {}) } };
    }
    this.publish(this.replyChannel(request.from), reply);
  }

  /** Stops listening, fails what still waits for an answer and closes both connections. */
  async close(): Promise<void> {
    this.closed = true;
    for (const [id, waiting] of this.pending) {
      clearTimeout(waiting.timer);
      waiting.reject(new ClusterUnreachableError('The panel is shutting down.'));
      this.pending.delete(id);
    }
    await Promise.allSettled([this.subscriber.quit(), this.redis.quit()]);
  }
}
