import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { plans, serverTemplates, type ServerRow } from '../../db/schema';
import { templateColumns, templateOfRow } from '../templates/templateOfRow';
import type { RuntimeDriver } from '../../runtime/RuntimeDriver';
import type { ServerEventHub, ServerResources } from '../../runtime/ServerEventHub';
import type { OnlinePlayers } from '../../runtime/players/OnlinePlayers';
import { minecraftPing, type PlayerCount } from '../../runtime/query/minecraftPing';
import type { PortProtocol, ServerStats } from '../../runtime/types';
import type { ServerContext } from './loadServerContext';

export interface LiveServerStatsOptions {
  db: Database;
  driver: RuntimeDriver;
  events: ServerEventHub;
  players: OnlinePlayers;
  /** How often players online are asked for while a server runs. */
  playerQueryIntervalMs: number;
}

/** What the manager remembers of a server it runs: enough to enrich its stats. */
interface LiveServer {
  context: ServerContext;
  players: PlayerCount | null;
  playersAt: number;
  querying: boolean;
  /** The last resource sample, sent again at once when someone joins or leaves. */
  lastStats?: ServerStats;
}

const MiB = 1024 * 1024;

/**
 * The resource figures pages see: a driver's sample with what the panel adds (the plan's CPU
 * limit, the game port's protocol, the players online from the status ping and the server's own
 * reports), for the servers the manager started or adopted.
 */
export class LiveServerStats {
  private readonly live = new Map<string, LiveServer>();

  constructor(private readonly options: LiveServerStatsOptions) {
    // A join or leave reaches the pages at once (the count in a new sample), not with the next one.
    options.players.on('change', (uuid) => {
      const live = this.live.get(uuid);
      if (live?.lastStats?.state === 'running') this.publish(uuid, live.lastStats, live);
    });
  }

  /** Remembers a server about to run (its plan and template enrich its samples). */
  track(context: ServerContext): void {
    this.live.set(context.server.uuid, { context, players: null, playersAt: 0, querying: false });
  }

  forget(uuid: string): void {
    this.live.delete(uuid);
  }

  /** The servers the manager started or adopted in this panel run. */
  uuids(): string[] {
    return [...this.live.keys()];
  }

  /** The server stopped: nobody is online any more. */
  wentOffline(uuid: string): void {
    const live = this.live.get(uuid);
    if (live) live.players = null;
    this.options.players.clear(uuid);
  }

  /** A driver's sample: kept, players asked for now and then, and sent to the console sockets. */
  sampled(uuid: string, stats: ServerStats): void {
    const live = this.live.get(uuid);
    if (live) live.lastStats = stats;
    if (live && live.context.template.query === 'minecraft' && stats.state === 'running') this.queryPlayers(live);
    this.publish(uuid, stats, live);
  }

  /** Current usage with the plan's limits (zeroes but the disk while offline). */
  async resources(server: ServerRow): Promise<ServerResources> {
    const { db, driver } = this.options;
    const [plan] = await db.select().from(plans).where(eq(plans.id, server.planId));
    const stats = driver.stats(server.uuid);
    const live = this.live.get(server.uuid);
    return {
      state: driver.state(server.uuid),
      cpuPercent: stats?.cpuPercent ?? 0,
      cpuLimitPercent: plan?.cpuPercent ?? 0,
      cpuLimited: stats?.cpuLimited ?? false,
      memoryBytes: stats?.memoryBytes ?? 0,
      memoryLimitBytes: (plan?.memoryMb ?? 0) * MiB,
      diskBytes: stats?.diskBytes ?? (await driver.diskBytes(server.uuid).catch(() => 0)),
      diskLimitBytes: (plan?.diskMb ?? 0) * MiB,
      networkRxBytes: stats?.networkRxBytes ?? null,
      networkTxBytes: stats?.networkTxBytes ?? null,
      networkProtocol: live?.context.template.portProtocol ?? (await this.portProtocol(server)),
      uptimeMs: stats?.uptimeMs ?? 0,
      players: stats ? this.playerCount(server.uuid, live) : null,
      isolation: driver.isolation(server.uuid),
    };
  }

  /** The protocol of a server's game port, from its template (TCP for a template this panel lacks). */
  private async portProtocol(server: ServerRow): Promise<PortProtocol> {
    const [row] = await this.options.db.select(templateColumns).from(serverTemplates).where(eq(serverTemplates.id, server.templateId));
    return (row && templateOfRow(row)?.portProtocol) ?? 'tcp';
  }

  private publish(uuid: string, stats: ServerStats, live: LiveServer | undefined): void {
    this.options.events.publish(uuid, {
      type: 'stats',
      resources: {
        ...stats,
        cpuLimitPercent: live?.context.plan.cpuPercent ?? 0,
        networkProtocol: live?.context.template.portProtocol ?? 'tcp',
        players: stats.state === 'running' ? this.playerCount(uuid, live) : null,
        isolation: { ...this.options.driver.isolation(uuid), kernelLimits: stats.kernelLimits },
      },
    });
  }

  /**
   * Players online: the count and names the server itself reported when it does (the ping's
   * sample lags behind its count), the maximum from the status ping.
   */
  private playerCount(uuid: string, live: LiveServer | undefined): PlayerCount | null {
    const pinged = live?.players ?? null;
    const list = this.options.players.list(uuid);
    if (!pinged || !list) return pinged;
    return { online: list.length, max: pinged.max, sample: list.slice(0, 12).map((p) => p.name) };
  }

  private queryPlayers(live: LiveServer): void {
    if (live.querying || Date.now() - live.playersAt < this.options.playerQueryIntervalMs) return;
    live.querying = true;
    const { port } = live.context.primary;
    // In the background: the next sample carries the answer (a failed ping counts as unknown).
    void minecraftPing(live.context.reachHost, port)
      .then(
        (players) => (live.players = players),
        () => (live.players = null),
      )
      .finally(() => {
        live.querying = false;
        live.playersAt = Date.now();
      });
  }
}
