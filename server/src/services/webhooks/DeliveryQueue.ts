import type { OutgoingEvent } from './webhookPayloads';

/** One attempt waiting to be sent. */
export interface DeliveryJob {
  webhookId: number;
  event: OutgoingEvent;
  attempt: number;
  /**
   * Whether its row in webhook_pending_deliveries is written: an attempt is only sent once it is
   * (a panel stopped meanwhile then sends it after its restart). Retries are stored when planned.
   */
  stored: boolean;
  /**
   * Until when this process holds the stored row (first attempts; null when it holds no lease):
   * another process resuming it waits for this time, and an attempt started later claims it first.
   */
  leaseUntil: number | null;
}

/** How many deliveries to one hook were dropped, and the last of them. */
export interface DroppedDeliveries {
  count: number;
  last: { eventId: string; event: OutgoingEvent['name'] };
}

/**
 * Deliveries waiting to be sent, one first-in first-out queue per hook, taken round-robin so a busy
 * hook cannot starve the others; a hook's next job is only taken once it is stored. Bounded twice:
 * at most `perHook` waiting for one hook and at most `total` in all; beyond either a new job is
 * dropped before anything is written for it, so a flood costs no database work. Drops are counted
 * per hook for the panel's log and the hook's delivery log.
 */
export class DeliveryQueue {
  private readonly byHook = new Map<number, DeliveryJob[]>();
  private waiting = 0;
  private readonly dropped = new Map<number, DroppedDeliveries>();
  /** Every delivery dropped since the start (the bench reads it). */
  droppedTotal = 0;

  constructor(
    private readonly perHook: number,
    private readonly total: number,
  ) {}

  get size(): number {
    return this.waiting;
  }

  /** Queues a job; false when it was dropped (its hook's queue, or all of them, are full). */
  push(job: DeliveryJob): boolean {
    let queue = this.byHook.get(job.webhookId);
    if ((queue && queue.length >= this.perHook) || this.waiting >= this.total) {
      this.count(job);
      return false;
    }
    if (!queue) this.byHook.set(job.webhookId, (queue = []));
    queue.push(job);
    this.waiting++;
    return true;
  }

  /** The next stored job of the first hook (in turn) that `mayStart` allows; that hook goes to the back of the turn. */
  take(mayStart: (webhookId: number) => boolean): DeliveryJob | null {
    for (const [webhookId, queue] of this.byHook) {
      if (!queue[0].stored || !mayStart(webhookId)) continue;
      const job = queue.shift()!;
      this.byHook.delete(webhookId);
      if (queue.length > 0) this.byHook.set(webhookId, queue);
      this.waiting--;
      return job;
    }
    return null;
  }

  /** Takes a job out that will not be sent (its row could not be written). */
  remove(job: DeliveryJob): void {
    const queue = this.byHook.get(job.webhookId);
    const index = queue?.indexOf(job) ?? -1;
    if (!queue || index < 0) return;
    queue.splice(index, 1);
    this.waiting--;
    if (queue.length === 0) this.byHook.delete(job.webhookId);
  }

  /** Drops counted since the last call, per hook (and resets them). */
  takeDropped(): Map<number, DroppedDeliveries> {
    const counts = new Map(this.dropped);
    this.dropped.clear();
    return counts;
  }

  /** Empties the queue and answers what was waiting (a closing panel leaves them stored for its next start). */
  drain(): DeliveryJob[] {
    const jobs = [...this.byHook.values()].flat();
    this.byHook.clear();
    this.waiting = 0;
    return jobs;
  }

  private count(job: DeliveryJob): void {
    this.droppedTotal++;
    const { id: eventId, name: event } = job.event;
    this.dropped.set(job.webhookId, { count: (this.dropped.get(job.webhookId)?.count ?? 0) + 1, last: { eventId, event } });
  }
}
