import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { schedules, servers } from '../../db/schema';
import type { ServerResources } from '../../runtime/ServerEventHub';
import type { PanelEventName } from '../../schemas/panelEvents';
import type { ScheduleTriggerEvent } from '../../schemas/schedules';
import type { PanelEvent } from '../events/PanelEvents';
import type { ScheduleService } from './ScheduleService';

export interface EventTriggersOptions {
  db: Database;
  schedules: Pick<ScheduleService, 'runOnEvent'>;
  /** Who is online on a server as it reported (null: it has said nothing). */
  playersOnline: (serverUuid: string) => number | null;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** How long a minute lasts (empty-for-minutes and cooldowns; tests shorten it). */
  minuteMs: number;
  now?: () => number;
}

/** The panel event that starts schedules of each trigger (empty is judged from the samples). */
const TRIGGER_OF: Partial<Record<PanelEventName, ScheduleTriggerEvent>> = {
  'server.crashed': 'crash',
  'server.started': 'start',
  'player.joined': 'player_join',
  'resource.threshold': 'threshold',
};

interface Triggered {
  id: number;
  triggerEvent: ScheduleTriggerEvent;
  triggerMinutes: number | null;
}

/** How long a server's event schedules read from the database are trusted (another process may change them). */
const CACHE_TTL_MS = 30_000;

/**
 * Runs schedules on their events: the panel bus's crash, start, player-joined and threshold
 * events, and "empty for N minutes", judged from the resource samples the runtime already sends
 * (no timer per server): a running server that reports nobody online counts from the moment the
 * last player left (or it started), and each empty-schedule runs once per empty stretch.
 * Cooldowns and the exactly-once claim are ScheduleService.runOnEvent's.
 */
export class EventTriggers {
  private readonly cache = new Map<string, { at: number; rows: Promise<Triggered[]> }>();
  /** Per running server: since when nobody is online, and the empty-schedules already run in this stretch. */
  private readonly empty = new Map<string, { since: number; ran: Set<number> }>();
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly options: EventTriggersOptions) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** The bus listener. */
  readonly heard = (event: PanelEvent): void => {
    const { serverUuid } = event;
    if (serverUuid === null) return;
    if (event.name === 'player.joined' || event.name === 'server.stopped' || event.name === 'server.crashed') this.empty.delete(serverUuid);
    const trigger = TRIGGER_OF[event.name];
    if (trigger) this.track(this.fire(serverUuid, (row) => row.triggerEvent === trigger));
  };

  /** A resource sample: a running server with nobody online may have been empty long enough. */
  sampled(serverUuid: string, resources: ServerResources): void {
    const online = resources.state === 'running' ? this.options.playersOnline(serverUuid) : null;
    if (online === null || online > 0) {
      this.empty.delete(serverUuid);
      return;
    }
    const now = this.now();
    let stretch = this.empty.get(serverUuid);
    if (!stretch) this.empty.set(serverUuid, (stretch = { since: now, ran: new Set() }));
    const emptyFor = now - stretch.since;
    const ran = stretch.ran;
    this.track(
      this.fire(serverUuid, (row) => {
        if (row.triggerEvent !== 'empty' || row.triggerMinutes === null || ran.has(row.id)) return false;
        if (emptyFor < row.triggerMinutes * this.options.minuteMs) return false;
        ran.add(row.id);
        return true;
      }),
    );
  }

  /** A schedule of the server changed: read them again at the next event. */
  forget(serverUuid: string): void {
    this.cache.delete(serverUuid);
  }

  /** Waits for the runs being started (tests and shutdown). */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private async fire(serverUuid: string, wanted: (row: Triggered) => boolean): Promise<void> {
    const rows = (await this.schedulesOf(serverUuid)).filter(wanted);
    for (const row of rows) {
      const run = await this.options.schedules.runOnEvent(row.id, row.triggerEvent, this.options.minuteMs, new Date(this.now()));
      if (!run) this.options.log.info({ schedule: row.id, trigger: row.triggerEvent }, 'event schedule not run: within its cooldown, or disabled');
    }
  }

  private schedulesOf(serverUuid: string): Promise<Triggered[]> {
    const cached = this.cache.get(serverUuid);
    if (cached && this.now() - cached.at < CACHE_TTL_MS) return cached.rows;
    const rows = this.options.db
      .select({ id: schedules.id, triggerEvent: schedules.triggerEvent, triggerMinutes: schedules.triggerMinutes })
      .from(schedules)
      .innerJoin(servers, eq(servers.id, schedules.serverId))
      .where(and(eq(servers.uuid, serverUuid), eq(schedules.enabled, true), isNotNull(schedules.triggerEvent)))
      .then((found) => found as Triggered[]);
    this.cache.set(serverUuid, { at: this.now(), rows });
    rows.catch(() => this.cache.delete(serverUuid));
    return rows;
  }

  private track(work: Promise<void>): void {
    const guarded = work.catch((error: Error) => this.options.log.warn({ err: error }, 'could not start an event schedule'));
    this.inFlight.add(guarded);
    void guarded.finally(() => this.inFlight.delete(guarded));
  }
}
