/** A listener of one event; events without a payload pass `undefined`. */
export type Listener<T> = (payload: T) => void;

/**
 * A minimal typed event emitter (the browser has EventTarget, but its events carry no types and
 * allocate an Event object per emission, which matters for thousands of console lines a second).
 */
export class TypedEmitter<Events extends object> {
  private readonly listeners = new Map<keyof Events, Set<Listener<never>>>();

  /** Listens to `event`; returns the function that stops listening. */
  on<K extends keyof Events>(event: K, listener: Listener<Events[K]>): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener as Listener<never>);
    return () => {
      set.delete(listener as Listener<never>);
    };
  }

  emit<K extends keyof Events>(event: K, payload: Events[K]): void {
    const set = this.listeners.get(event);
    if (!set) return;
    for (const listener of set) {
      try {
        (listener as Listener<Events[K]>)(payload);
      } catch (error) {
        // One failing listener must not silence the others (or the socket's message handler).
        console.error(`Listener of "${String(event)}" failed`, error);
      }
    }
  }

  /** Removes every listener. */
  clear(): void {
    this.listeners.clear();
  }
}
