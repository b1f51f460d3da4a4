import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Client, Server as ProtocolServer } from 'minecraft-protocol';
import type { Database } from '../../db/client';
import { servers, serverTemplates, type ServerRow } from '../../db/schema';
import { loadServerContext } from '../servers/loadServerContext';
import type { RuntimeManager } from '../servers/RuntimeManager';
import { HttpError } from '../../lib/errors';
import { parseProperties } from '../../lib/properties';
import { templateColumns, templateOfRow } from '../templates/templateOfRow';
import type { PowerState } from '../../runtime/types';
import { recordAudit } from '../audit/audit';
import type { Actor } from '../audit/audit';

/** The MOTD a sleeping server shows in the server list. */
export const SLEEPING_MOTD = 'Sleeping — join to wake it up';

/** Wakes that never reached "running" in a row before waking stops (a crash-looping server). */
const MAX_FAILED_WAKES = 3;

interface Sleeper {
  listener: ProtocolServer | null;
  /** A listen in progress (so a start waits for it and then closes it). */
  opening: Promise<void> | null;
  /** The last wake has not reached "running" yet. */
  waking: boolean;
  failedWakes: number;
  /** When someone was last online (or the server became running). */
  lastActivity: number;
  startingSince: number | null;
  /** How long the last start took, for "rejoin in about N seconds". */
  lastStartMs: number;
  /** The port could not be taken: when to try again (0: no retry due), and how long the last wait was. */
  retryAt: number;
  retryDelayMs: number;
}

export interface SleepManagerOptions {
  db: Database;
  runtime: RuntimeManager;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Length of a "minute" of the auto-stop setting (60 000; tests shorten it). */
  minuteMs: number;
}

/** A server's sleep settings and whether the panel answers on its port now. */
export interface SleepStatus {
  auto_stop_minutes: number | null;
  wake_on_join: boolean;
  sleeping: boolean;
}

/** Waits between tries to take a sleeping server's port that something else holds. */
const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 60_000;

/**
 * Sleep and wake of Minecraft servers, in the panel process:
 * - while a server with "start when someone joins" is stopped, the panel answers on its port with
 *   the real Minecraft protocol (minecraft-protocol): the server list shows it sleeping; a login
 *   starts it and tells the player to rejoin in about N seconds. The port is closed, and the close
 *   awaited, before every start (a runtime start guard), so the game binds it without a race;
 * - a server that keeps failing to come up after wakes is not woken again until started by hand;
 * - "stop when nobody has played for N minutes" stops an empty running server.
 */
export class SleepManager {
  private readonly sleepers = new Map<string, Sleeper>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly options: SleepManagerOptions) {
    const { runtime } = options;
    runtime.addStartGuard((uuid) => this.release(uuid));
    runtime.addStateListener((uuid, state) => void this.onState(uuid, state));
    runtime.players.on('change', (uuid) => {
      const sleeper = this.sleepers.get(uuid);
      if (sleeper) sleeper.lastActivity = Date.now();
    });
  }

  private get db(): Database {
    return this.options.db;
  }

  private get runtime(): RuntimeManager {
    return this.options.runtime;
  }

  private get minuteMs(): number {
    return this.options.minuteMs;
  }

  /** Listens for every stopped server that wakes on join; starts the auto-stop checks. */
  async start(): Promise<void> {
    for (const server of await this.db.select().from(servers)) {
      if (this.runtime.state(server.uuid) === 'running') this.sleeper(server.uuid).lastActivity = Date.now();
      await this.listenIfSleeping(server);
    }
    const every = Math.max(200, Math.min(5000, Math.round(this.minuteMs / 12)));
    this.timer = setInterval(() => void this.checkIdle(), every);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.all([...this.sleepers.keys()].map((uuid) => this.release(uuid)));
  }

  /** Whether the panel answers for this stopped server (the dashboard shows "Sleeping"). */
  isSleeping(uuid: string): boolean {
    return Boolean(this.sleepers.get(uuid)?.listener);
  }

  /** A server's sleep settings and whether the panel answers on its port now. */
  status(server: ServerRow): SleepStatus {
    return { auto_stop_minutes: server.autoStopMinutes, wake_on_join: server.wakeOnJoin, sleeping: this.isSleeping(server.uuid) };
  }

  /** Saves the settings (audited; Minecraft only, 409 otherwise) and listens or lets go at once. */
  async updateSettings(server: ServerRow, settings: { auto_stop_minutes: number | null; wake_on_join: boolean }, actor: Actor): Promise<SleepStatus> {
    if (!(await this.isMinecraft(server))) throw new HttpError(409, 'Sleep and wake-up work for Minecraft servers only; the panel cannot answer this game’s players while it is stopped.');
    const [updated] = await this.db
      .update(servers)
      .set({ autoStopMinutes: settings.auto_stop_minutes, wakeOnJoin: settings.wake_on_join, updatedAt: new Date() })
      .where(eq(servers.id, server.id))
      .returning();
    await recordAudit(this.db, { actorId: actor.userId, serverUuid: server.uuid, event: 'server.sleep.updated', ip: actor.ip, properties: { ...settings } });
    await this.settingsChanged(updated);
    return this.status(updated);
  }

  private async isMinecraft(server: ServerRow): Promise<boolean> {
    const [row] = await this.db.select(templateColumns).from(serverTemplates).where(eq(serverTemplates.id, server.templateId));
    return (row && templateOfRow(row)?.game) === 'minecraft';
  }

  /** The settings changed: listen or let go accordingly. */
  private async settingsChanged(server: ServerRow): Promise<void> {
    const sleeper = this.sleeper(server.uuid);
    sleeper.failedWakes = 0;
    sleeper.retryAt = 0;
    sleeper.retryDelayMs = 0;
    if (!server.wakeOnJoin) await this.release(server.uuid);
    else await this.listenIfSleeping(server);
  }

  private sleeper(uuid: string): Sleeper {
    let sleeper = this.sleepers.get(uuid);
    if (!sleeper)
      this.sleepers.set(
        uuid,
        (sleeper = { listener: null, opening: null, waking: false, failedWakes: 0, lastActivity: Date.now(), startingSince: null, lastStartMs: 10_000, retryAt: 0, retryDelayMs: 0 }),
      );
    return sleeper;
  }

  /** Closes the listener of a server, waiting until the port is free. */
  async release(uuid: string): Promise<void> {
    const sleeper = this.sleepers.get(uuid);
    if (!sleeper) return;
    await sleeper.opening?.catch(() => undefined);
    const listener = sleeper.listener;
    sleeper.listener = null;
    if (!listener) return;
    const socket = (listener as unknown as { socketServer?: import('node:net').Server }).socketServer;
    await new Promise<void>((resolve) => {
      if (!socket || !socket.listening) return resolve();
      socket.once('close', () => resolve());
      listener.close();
    });
  }

  private async onState(uuid: string, state: PowerState): Promise<void> {
    const sleeper = this.sleeper(uuid);
    if (state === 'starting') sleeper.startingSince = Date.now();
    if (state === 'running') {
      if (sleeper.startingSince) sleeper.lastStartMs = Date.now() - sleeper.startingSince;
      sleeper.startingSince = null;
      sleeper.lastActivity = Date.now();
      sleeper.waking = false;
      sleeper.failedWakes = 0;
    }
    if (state !== 'offline' || this.closed) return;
    if (sleeper.waking) {
      sleeper.waking = false;
      sleeper.failedWakes++;
    }
    const [server] = await this.db.select().from(servers).where(eq(servers.uuid, uuid));
    if (server) await this.listenIfSleeping(server);
  }

  private async listenIfSleeping(server: ServerRow): Promise<void> {
    if (this.closed || !server.wakeOnJoin || server.suspended || server.installStatus !== 'installed' || server.desiredState === 'running') return;
    if (this.runtime.state(server.uuid) !== 'offline') return;
    const sleeper = this.sleeper(server.uuid);
    if (sleeper.listener || sleeper.opening) return;
    if (sleeper.failedWakes >= MAX_FAILED_WAKES) return;
    if (!(await this.isMinecraft(server))) return;
    sleeper.opening = this.listen(server, sleeper).finally(() => (sleeper.opening = null));
    try {
      await sleeper.opening;
      sleeper.retryAt = 0;
      sleeper.retryDelayMs = 0;
    } catch (error) {
      // Something else holds the port (a game process still letting go, another program):
      // keep trying in the background, less and less often, for as long as the server sleeps.
      sleeper.retryDelayMs = Math.min(MAX_RETRY_MS, sleeper.retryDelayMs ? sleeper.retryDelayMs * 2 : FIRST_RETRY_MS);
      sleeper.retryAt = Date.now() + sleeper.retryDelayMs;
      this.options.log.warn({ err: error, server: server.uuid, retry_in_ms: sleeper.retryDelayMs }, 'sleep listener could not open');
    }
  }

  /** Tries again to listen for sleeping servers whose port was busy. */
  private async retryListeners(rows: ServerRow[]): Promise<void> {
    const now = Date.now();
    for (const server of rows) {
      const sleeper = this.sleepers.get(server.uuid);
      if (!sleeper || !sleeper.retryAt || sleeper.retryAt > now) continue;
      sleeper.retryAt = 0;
      await this.listenIfSleeping(server);
    }
  }

  private async listen(server: ServerRow, sleeper: Sleeper): Promise<void> {
    const context = await loadServerContext(this.db, server);
    const spec = this.runtime.spec(context);
    const props = parseProperties(
      await this.runtime
        .files(server.uuid)
        .readFile('server.properties')
        .then((b) => b.toString('utf8'))
        .catch(() => ''),
    );
    const { ip, port } = context.primary;
    // Loaded on first use: the protocol library takes most of a second to load, and a panel
    // with no sleeping server never needs it.
    const { createServer } = await import('minecraft-protocol');
    // The game may still be letting go of the port just after it stopped: try a few times.
    for (let attempt = 0; ; attempt++) {
      try {
        const listener = await new Promise<ProtocolServer>((resolve, reject) => {
          const created = createServer({
            host: ip,
            port,
            'online-mode': false,
            motd: SLEEPING_MOTD,
            maxPlayers: Number.parseInt(props['max-players'] ?? '20', 10) || 20,
            version: spec.env.MINECRAFT_VERSION || '1.21.4',
            hideErrors: true,
          });
          created.once('listening', () => resolve(created));
          created.once('error', reject);
        });
        listener.on('error', () => undefined);
        listener.on('playerJoin', (client: Client) => void this.wake(server.uuid, client));
        if (this.closed) {
          listener.close();
          return;
        }
        sleeper.listener = listener;
        return;
      } catch (error) {
        if (attempt >= 4) throw error;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  /** A player tried to join: tell them to come back, let go of the port, start the server. */
  private async wake(uuid: string, client: Client): Promise<void> {
    const sleeper = this.sleeper(uuid);
    const seconds = Math.max(5, Math.ceil(sleeper.lastStartMs / 1000) + 2);
    client.end(`The server is starting — rejoin in about ${seconds} seconds.`);
    if (!sleeper.listener) return;
    const [server] = await this.db.select().from(servers).where(eq(servers.uuid, uuid));
    if (!server || !server.wakeOnJoin) return;
    sleeper.waking = true;
    await recordAudit(this.db, { actorId: null, serverUuid: uuid, event: 'server.woken', ip: null, properties: { player: client.username } });
    try {
      // power() runs the start guard, which closes our listener and waits for the port.
      await this.runtime.power(server, 'start');
    } catch (error) {
      sleeper.waking = false;
      sleeper.failedWakes++;
      this.options.log.warn({ err: error, server: uuid }, 'wake-up start failed');
    }
  }

  private checking = false;

  private async checkIdle(): Promise<void> {
    // One check at a time: a slow database must not let two checks stop (and audit) twice.
    if (this.checking) return;
    this.checking = true;
    try {
      const rows = await this.db.select().from(servers);
      // The same rows serve the retries of sleep listeners that could not take their port. Not
      // awaited: a listen may wait seconds for a busy port, which must not delay the idle checks
      // (a retry is claimed by clearing its retryAt, so the next tick does not start it again).
      void this.retryListeners(rows).catch((error: Error) => this.options.log.warn({ err: error }, 'sleep listener retry failed'));
      await this.stopIdleServers(rows);
    } finally {
      this.checking = false;
    }
  }

  private async stopIdleServers(candidates: ServerRow[]): Promise<void> {
    for (const server of candidates) {
      if (!server.autoStopMinutes || this.runtime.state(server.uuid) !== 'running') continue;
      const online = this.runtime.players.list(server.uuid);
      const sleeper = this.sleeper(server.uuid);
      if (online === null || online.length > 0) {
        sleeper.lastActivity = Date.now();
        continue;
      }
      if (Date.now() - sleeper.lastActivity < server.autoStopMinutes * this.minuteMs) continue;
      sleeper.lastActivity = Date.now();
      await recordAudit(this.db, { actorId: null, serverUuid: server.uuid, event: 'server.auto-stopped', ip: null, properties: { idle_minutes: server.autoStopMinutes } });
      await this.runtime.power(server, 'stop').catch((error: Error) => this.options.log.warn({ err: error, server: server.uuid }, 'auto-stop failed'));
    }
  }
}
