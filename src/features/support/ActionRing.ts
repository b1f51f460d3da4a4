/** One recorded action and what the ring needs to know about it. */
export interface RingEntry<A, S> {
  /** The action as logged (secrets removed). */
  action: A;
  /** When it was dispatched (ms since 1970). */
  at: number;
  /** Its length as JSON, for the byte bound. */
  size: number;
  /** The state just before it, when known (actions restored after a reload have none). */
  before?: S;
}

/** Bounds of an {@link ActionRing}: whichever is reached first. */
export interface RingLimits {
  maxActions: number;
  maxBytes: number;
}

/**
 * The most recent actions, bounded by count and by size, with the state the oldest one started
 * from. Dropping the oldest action moves that starting state forward, so the start plus the
 * actions always replay to the present. `advance` applies one action to a state (the reducer).
 */
export class ActionRing<A, S> {
  private entries: RingEntry<A, S>[] = [];
  private head = 0;
  private bytes = 0;

  constructor(
    private start: S,
    private readonly limits: RingLimits,
    private readonly advance: (state: S, action: A) => S,
  ) {}

  /** Adds an action, dropping the oldest ones while a bound is exceeded. */
  push(entry: RingEntry<A, S>): void {
    this.entries.push(entry);
    this.bytes += entry.size;
    while (this.length > this.limits.maxActions || (this.bytes > this.limits.maxBytes && this.length > 0)) this.dropOldest();
    // Compact the array now and then instead of shifting it on every drop.
    if (this.head > 1024 && this.head * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
  }

  private dropOldest(): void {
    const oldest = this.entries[this.head];
    const next = this.entries[this.head + 1];
    this.start = next?.before ?? this.advance(this.start, oldest.action);
    this.bytes -= oldest.size;
    this.entries[this.head] = undefined as unknown as RingEntry<A, S>;
    this.head += 1;
  }

  get length(): number {
    return this.entries.length - this.head;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  /** The state the oldest kept action started from. */
  get startState(): S {
    return this.start;
  }

  /** The kept actions, oldest first. */
  toArray(): RingEntry<A, S>[] {
    return this.entries.slice(this.head);
  }

  /** Forgets every action; recording goes on from `start`. */
  reset(start: S): void {
    this.entries = [];
    this.head = 0;
    this.bytes = 0;
    this.start = start;
  }
}
