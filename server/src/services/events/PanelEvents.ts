import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { PanelEventName } from '../../schemas/panelEvents';

/** One thing that happened, as every subscriber receives it. */
export interface PanelEvent {
  /** Unique per event: receivers use it to ignore a delivery they already handled. */
  id: string;
  name: PanelEventName;
  /** The server it happened on (null for panel-wide events such as a node going offline). */
  serverUuid: string | null;
  occurredAt: Date;
  /** What the event is about (exit code, backup name, player ...), JSON-safe, no secrets. */
  data: Record<string, unknown>;
}

export type PanelEventListener = (event: PanelEvent) => void;

/** What code that reports events needs: only `publish` (services take this, not the whole bus). */
export interface PanelEventPublisher {
  publish(name: PanelEventName, serverUuid: string | null, data?: Record<string, unknown>): PanelEvent;
}

/**
 * The panel's event bus: services publish typed events, subscribers (webhooks, later
 * notifications) hear every one. Publishing never waits for a subscriber and never fails because
 * of one: listeners run synchronously and must only hand the event on (queue it); one that throws
 * is logged and the others still run.
 */
export class PanelEvents implements PanelEventPublisher {
  private readonly listeners = new Set<PanelEventListener>();
  private readonly everywhere = new Set<PanelEventListener>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'>) {}

  subscribe(listener: PanelEventListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /**
   * Hears the events of every panel process, this one's included (several processes share Redis):
   * for what shows events live. What must happen once per event (a webhook's delivery) uses
   * `subscribe`, which hears this process's events only.
   */
  subscribeEverywhere(listener: PanelEventListener): () => void {
    this.everywhere.add(listener);
    return () => {
      this.everywhere.delete(listener);
    };
  }

  publish(name: PanelEventName, serverUuid: string | null, data: Record<string, unknown> = {}): PanelEvent {
    const event: PanelEvent = { id: randomUUID(), name, serverUuid, occurredAt: new Date(), data };
    this.notify(this.listeners, event);
    this.notify(this.everywhere, event);
    return event;
  }

  /** An event another panel process published: heard by `subscribeEverywhere` listeners only. */
  receive(event: PanelEvent): void {
    this.notify(this.everywhere, event);
  }

  private notify(listeners: Set<PanelEventListener>, event: PanelEvent): void {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        this.log.error({ err: error, event: event.name }, 'an event subscriber failed');
      }
    }
  }
}
