import type { OutgoingEvent } from './webhookPayloads';

/** One attempt waiting to be sent. */
export interface DeliveryJob {
  webhookId: number;
  event: OutgoingEvent;
  attempt: number;
}

/**
 * Deliveries waiting to be sent, one first-in first-out queue per hook, taken round-robin so a busy
 * hook cannot starve the others. Bounded twice: at most `perHook` waiting for one hook (the oldest
 * first attempt is dropped for a new one: a receiver far behind gets the newest events) and at most
 * `total` in all (a new one is dropped). Drops are counted per hook for the log.
 */
export class DeliveryQueue {
  private readonly byHook = new Map<number, DeliveryJob[]>();
  private waiting = 0;
  private readonly dropped = new Map<number, number>();
  /** Every delivery dropped since the start (the bench reads it). */
  droppedTotal = 0;

  constructor(
    private readonly perHook: number,
    private readonly total: number,
  ) {}

  get size(): number {
    return this.waiting;
  }

  /** Queues a job; false when it was dropped (the total is reached). */
  push(job: DeliveryJob): boolean {
    let queue = this.byHook.get(job.webhookId);
    if (queue && queue.length >= this.perHook) {
      // The oldest first attempt makes room; a queue holding only retries keeps them and drops the new job.
      const oldest = queue.findIndex((queued) => queued.attempt === 1);
      this.count(job.webhookId);
      if (oldest < 0) return false;
      queue.splice(oldest, 1);
      this.waiting--;
    } else if (this.waiting >= this.total) {
      this.count(job.webhookId);
      return false;
    }
    if (!queue) this.byHook.set(job.webhookId, (queue = []));
    queue.push(job);
    this.waiting++;
    return true;
  }

  /** The next job of the first hook (in turn) that `mayStart` allows; that hook goes to the back of the turn. */
  take(mayStart: (webhookId: number) => boolean): DeliveryJob | null {
    for (const [webhookId, queue] of this.byHook) {
      if (!mayStart(webhookId)) continue;
      const job = queue.shift()!;
      this.byHook.delete(webhookId);
      if (queue.length > 0) this.byHook.set(webhookId, queue);
      this.waiting--;
      return job;
    }
    return null;
  }

  /** Drops counted since the last call, per hook (and resets them). */
  takeDropped(): Map<number, number> {
    const counts = new Map(this.dropped);
    this.dropped.clear();
    return counts;
  }

  clear(): void {
    this.byHook.clear();
    this.waiting = 0;
  }

  private count(webhookId: number): void {
    this.droppedTotal++;
    this.dropped.set(webhookId, (this.dropped.get(webhookId) ?? 0) + 1);
  }
}
