import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { serverThresholds, servers } from '../../db/schema';
import type { ServerResources } from '../../runtime/ServerEventHub';
import type { ThresholdResource, ThresholdSettings } from '../../schemas/thresholds';
import type { PanelEventPublisher } from '../events/PanelEvents';
import { percentOfPlan } from './percentOfPlan';

export interface ThresholdWatcherOptions {
  db: Database;
  events: PanelEventPublisher;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** How long a threshold's minute lasts (tests shorten it). */
  minuteMs: number;
  /** The clock (tests may pass their own). */
  now?: () => number;
}

/** How long settings read from the database are trusted (another panel process may change them). */
const SETTINGS_TTL_MS = 60_000;

interface Watch {
  /** When the value went above its threshold (null: at or below it). */
  since: number | null;
  /** Fired during this stretch above: it fires again only after it cleared. */
  fired: boolean;
  /** Since when a fired value has been at or below its threshold (it clears after a minute of that). */
  belowSince: number | null;
}

interface Cached {
  at: number;
  settings: Promise<ThresholdSettings | null>;
}

const LIMIT_FIELD = { cpu: 'cpu_percent', memory: 'memory_percent', disk: 'disk_percent' } as const satisfies Record<ThresholdResource, keyof ThresholdSettings>;

/**
 * Watches the resource samples the runtime already takes (no polling of its own): a value held
 * above the customer's threshold for the chosen minutes publishes `resource.threshold` once; it
 * clears when the value has stayed at or below the threshold for a minute (or the server stops), and
 * only then can fire again: a value wavering around the line does not notify over and over.
 */
export class ThresholdWatcher {
  private readonly cache = new Map<string, Cached>();
  private readonly watches = new Map<string, Map<ThresholdResource, Watch>>();

  constructor(private readonly options: ThresholdWatcherOptions) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** One resource sample of a server (from the runtime's event hub). */
  sampled(uuid: string, resources: ServerResources): void {
    if (resources.state !== 'running') {
      this.watches.delete(uuid);
      return;
    }
    void this.settingsOf(uuid)
      .then((settings) => this.judge(uuid, resources, settings))
      .catch((error: Error) => this.options.log.warn({ err: error, server: uuid }, 'could not read the thresholds of a server'));
  }

  /** The server stopped or its thresholds changed: every watch starts again. */
  reset(uuid: string): void {
    this.watches.delete(uuid);
  }

  /** New settings saved in this process: used from the next sample, the count starts again. */
  changed(uuid: string, settings: ThresholdSettings | null): void {
    this.cache.set(uuid, { at: this.now(), settings: Promise.resolve(settings) });
    this.reset(uuid);
  }

  /** The resources whose threshold fired and has not cleared. */
  exceeded(uuid: string): ThresholdResource[] {
    const watches = this.watches.get(uuid);
    return watches ? [...watches.entries()].filter(([, watch]) => watch.fired).map(([resource]) => resource) : [];
  }

  private settingsOf(uuid: string): Promise<ThresholdSettings | null> {
    const cached = this.cache.get(uuid);
    if (cached && this.now() - cached.at < SETTINGS_TTL_MS) return cached.settings;
    const settings = this.options.db
      .select({ cpu_percent: serverThresholds.cpuPercent, memory_percent: serverThresholds.memoryPercent, disk_percent: serverThresholds.diskPercent, minutes: serverThresholds.minutes })
      .from(serverThresholds)
      .innerJoin(servers, eq(servers.id, serverThresholds.serverId))
      .where(eq(servers.uuid, uuid))
      .then(([row]) => row ?? null);
    this.cache.set(uuid, { at: this.now(), settings });
    // A failed read is not kept: the next sample asks again.
    settings.catch(() => this.cache.delete(uuid));
    return settings;
  }

  private judge(uuid: string, resources: ServerResources, settings: ThresholdSettings | null): void {
    if (!settings) return;
    let watches = this.watches.get(uuid);
    if (!watches) this.watches.set(uuid, (watches = new Map()));
    const now = this.now();
    for (const resource of Object.keys(LIMIT_FIELD) as ThresholdResource[]) {
      const limit = settings[LIMIT_FIELD[resource]];
      const value = percentOfPlan(resource, resources);
      if (limit === null || value === null) {
        watches.delete(resource);
        continue;
      }
      const watch = watches.get(resource) ?? { since: null, fired: false, belowSince: null };
      watches.set(resource, watch);
      if (value <= limit) {
        watch.since = null;
        if (watch.fired) {
          watch.belowSince ??= now;
          if (now - watch.belowSince >= this.options.minuteMs) {
            watch.fired = false;
            watch.belowSince = null;
          }
        }
        continue;
      }
      watch.belowSince = null;
      watch.since ??= now;
      if (!watch.fired && now - watch.since >= settings.minutes * this.options.minuteMs) {
        watch.fired = true;
        this.options.events.publish('resource.threshold', uuid, { resource, value: Math.round(value), limit, minutes: settings.minutes });
      }
    }
  }
}
