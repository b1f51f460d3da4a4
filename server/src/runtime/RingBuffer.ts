/**
 * A fixed-size buffer of the most recent items (console lines). Pushing beyond the capacity
 * overwrites the oldest item, so memory stays flat however much a server prints.
 */
export class RingBuffer<T> {
  private readonly items: (T | undefined)[];
  private next = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be a positive integer');
    this.items = new Array<T | undefined>(capacity);
  }

  push(item: T): void {
    this.items[this.next] = item;
    this.next = (this.next + 1) % this.capacity;
    if (this.count < this.capacity) this.count++;
  }

  get size(): number {
    return this.count;
  }

  /** The last `limit` items (all by default), oldest first. */
  toArray(limit = this.count): T[] {
    const n = Math.max(0, Math.min(limit, this.count));
    const out = new Array<T>(n);
    const start = (this.next - n + this.capacity) % this.capacity;
    for (let i = 0; i < n; i++) out[i] = this.items[(start + i) % this.capacity] as T;
    return out;
  }

  clear(): void {
    this.items.fill(undefined);
    this.next = 0;
    this.count = 0;
  }
}
