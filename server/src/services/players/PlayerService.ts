import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serverTemplates, type ServerRow } from '../../db/schema';
import { templateColumns, templateOfRow } from '../templates/templateOfRow';
import { HttpError } from '../../lib/errors';
import { parseProperties } from '../../lib/properties';
import type { ServerFiles } from '../../runtime/files/ServerFiles';
import { recordAudit } from '../audit/audit';
import type { Actor } from '../audit/audit';
import type { RuntimeManager } from '../servers/RuntimeManager';
import { resolveMojangProfile } from './mojangProfiles';
import { applyPlayerChange, sameName, type PlayerChange } from './playerChanges';
import { banExpired, offlineUuid, readLists, type PlayerLists } from './vanillaFiles';

export type { PlayerChange } from './playerChanges';

/** What the players area knows of a server. */
export interface PlayersOverview {
  supported: boolean;
  /** Why players cannot be managed (other games), in plain words. */
  unsupported_reason: string | null;
  state: string;
  online_mode: boolean;
  max_players: number | null;
  online: { name: string; uuid: string; joined_at: string }[];
  whitelist: { enabled: boolean; entries: { name: string; uuid: string }[] };
  ops: { name: string; uuid: string; level: number; bypasses_player_limit: boolean }[];
  bans: { name: string; uuid: string; reason: string; source: string; created: string; expires: string | null }[];
  ip_bans: { ip: string; reason: string; source: string; created: string; expires: string | null }[];
}

export interface PlayerServiceOptions {
  db: Database;
  runtime: RuntimeManager;
}

interface Game {
  supported: boolean;
  /** Whether our launcher runs it (commands it adds: tempban, op with a level). */
  ourLauncher: boolean;
}

const unsupportedText = 'Player management (whitelist, operators, bans, kicks) is only available for Minecraft Java servers; this game’s server does not offer it to the panel.';

async function readProps(files: Pick<ServerFiles, 'readFile'>): Promise<{ text: string; values: Record<string, string> }> {
  const text = await files
    .readFile('server.properties')
    .then((b) => b.toString('utf8'))
    .catch(() => '');
  return { text, values: parseProperties(text) };
}

const onlineModeOf = (values: Record<string, string>) => (values['online-mode'] ?? 'true').toLowerCase() === 'true';

/**
 * The players of Minecraft servers: who is online, the whitelist, operators and bans (read from
 * the vanilla files), and changes to them, audited, through the game's console while it runs or
 * into its files while it is stopped.
 */
export class PlayerService {
  constructor(private readonly options: PlayerServiceOptions) {}

  private get runtime(): RuntimeManager {
    return this.options.runtime;
  }

  private async gameOf(server: ServerRow): Promise<Game> {
    const [row] = await this.options.db.select(templateColumns).from(serverTemplates).where(eq(serverTemplates.id, server.templateId));
    const template = row ? templateOfRow(row) : undefined;
    return { supported: template?.game === 'minecraft', ourLauncher: row?.slug === 'minecraft-flying-squid' };
  }

  /** The lists (from the vanilla files), whether the whitelist is on, and who is online. */
  async overview(server: ServerRow): Promise<PlayersOverview> {
    const game = await this.gameOf(server);
    const state = this.runtime.state(server.uuid);
    if (!game.supported) {
      return {
        supported: false,
        unsupported_reason: unsupportedText,
        state,
        online_mode: false,
        max_players: null,
        online: [],
        whitelist: { enabled: false, entries: [] },
        ops: [],
        bans: [],
        ip_bans: [],
      };
    }
    const files = this.runtime.files(server.uuid);
    const [lists, props] = await Promise.all([readLists(files).catch(() => null), readProps(files)]);
    if (!lists) throw new HttpError(409, 'A player list file (whitelist.json, ops.json, banned-players.json or banned-ips.json) is not valid JSON; fix it in the files area.');
    const maxPlayers = Number.parseInt(props.values['max-players'] ?? '20', 10);
    const online = state === 'running' ? (this.runtime.players.list(server.uuid) ?? []) : [];
    const expires = (b: { expires: string }) => (b.expires === 'forever' ? null : b.expires);
    return {
      supported: true,
      unsupported_reason: null,
      state,
      online_mode: onlineModeOf(props.values),
      max_players: Number.isFinite(maxPlayers) ? maxPlayers : null,
      online: online.map((p) => ({ name: p.name, uuid: p.uuid, joined_at: p.joinedAt })),
      whitelist: { enabled: (props.values['white-list'] ?? 'false').toLowerCase() === 'true', entries: lists.whitelist },
      ops: lists.ops.map((o) => ({ name: o.name, uuid: o.uuid, level: o.level, bypasses_player_limit: o.bypassesPlayerLimit })),
      bans: lists.bans.filter((b) => !banExpired(b)).map((b) => ({ name: b.name, uuid: b.uuid, reason: b.reason, source: b.source, created: b.created, expires: expires(b) })),
      ip_bans: lists.ipBans.filter((b) => !banExpired(b)).map((b) => ({ ip: b.ip, reason: b.reason, source: b.source, created: b.created, expires: expires(b) })),
    };
  }

  /** The UUID the game gives a name: the online player's, a listed one, Mojang's or the offline one. */
  private async profileOf(server: ServerRow, name: string, lists: PlayerLists, onlineMode: boolean): Promise<{ uuid: string; name: string }> {
    const online = this.runtime.players.list(server.uuid)?.find((p) => sameName(p.name, name));
    if (online) return { uuid: online.uuid, name: online.name };
    const listed = [...lists.whitelist, ...lists.ops, ...lists.bans].find((e) => sameName(e.name, name) && e.uuid);
    if (listed) return { uuid: listed.uuid, name: listed.name };
    return onlineMode ? resolveMojangProfile(name) : { uuid: offlineUuid(name), name };
  }

  /**
   * Carries out a change (see applyPlayerChange) and audits it. 409 for other games and while
   * the server starts or stops.
   */
  async change(server: ServerRow, change: PlayerChange, actor: Actor & { username: string }): Promise<void> {
    const game = await this.gameOf(server);
    if (!game.supported) throw new HttpError(409, unsupportedText);
    const state = this.runtime.state(server.uuid);
    if (state === 'starting' || state === 'stopping') throw new HttpError(409, `The server is ${state}; try again once it is running or stopped.`);
    const running = state === 'running';
    const files = this.runtime.files(server.uuid);
    const lists = await readLists(files);
    const props = await readProps(files);
    const onlineMode = onlineModeOf(props.values);
    const record = await applyPlayerChange(
      {
        running,
        ourLauncher: game.ourLauncher,
        files,
        lists,
        props,
        online: () => this.runtime.players.list(server.uuid),
        send: (command) => this.runtime.sendCommand(server, command),
        profileOf: (name) => this.profileOf(server, name, lists, onlineMode),
        username: actor.username,
        readProps: () => readProps(files),
      },
      change,
    );
    await recordAudit(this.options.db, {
      actorId: actor.userId,
      serverUuid: server.uuid,
      event: record.event,
      ip: actor.ip,
      properties: { ...record.properties, via: running ? 'game' : 'files' },
    });
  }
}
