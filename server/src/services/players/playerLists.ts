import { isIP } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { serverTemplates, type ServerRow } from '../../db/schema';
import { HttpError, notFound, ValidationError } from '../../lib/errors';
import { parseProperties, updateProperties } from '../../lib/properties';
import type { RootedFileSystem } from '../../runtime/RootedFileSystem';
import { findTemplate } from '../../games/templates';
import { recordAudit, type Actor } from '../audit/audit';
import { resolveMojangProfile } from './mojangProfiles';
import { banExpired, formatVanillaDate, offlineUuid, readLists, writeList, type PlayerLists } from './vanillaFiles';

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

/** One change a customer can make. */
export type PlayerChange =
  | { type: 'kick'; name: string; reason?: string }
  | { type: 'ban'; name: string; reason?: string; expires_at?: string }
  | { type: 'pardon'; name: string }
  | { type: 'ban-ip'; ip: string; reason?: string }
  | { type: 'pardon-ip'; ip: string }
  | { type: 'op'; name: string; level?: number }
  | { type: 'deop'; name: string }
  | { type: 'whitelist-add'; name: string }
  | { type: 'whitelist-remove'; name: string }
  | { type: 'whitelist-enabled'; enabled: boolean };

interface Game {
  slug: string | null;
  supported: boolean;
  /** Whether our launcher runs it (commands it adds: tempban, op with a level). */
  ourLauncher: boolean;
}

async function gameOf(app: FastifyInstance, server: ServerRow): Promise<Game> {
  const [row] = await app.db.select({ slug: serverTemplates.slug }).from(serverTemplates).where(eq(serverTemplates.id, server.templateId));
  const template = row ? findTemplate(row.slug) : undefined;
  return { slug: row?.slug ?? null, supported: template?.game === 'minecraft', ourLauncher: row?.slug === 'minecraft-flying-squid' };
}

async function readProps(files: RootedFileSystem): Promise<{ text: string; values: Record<string, string> }> {
  const text = await files
    .readFile('server.properties')
    .then((b) => b.toString('utf8'))
    .catch(() => '');
  return { text, values: parseProperties(text) };
}

const unsupportedText = 'Player management (whitelist, operators, bans, kicks) is only available for Minecraft Java servers; this game’s server does not offer it to the panel.';

/** The lists (from the vanilla files), whether the whitelist is on, and who is online. */
export async function playersOverview(app: FastifyInstance, server: ServerRow): Promise<PlayersOverview> {
  const game = await gameOf(app, server);
  const state = app.runtime.state(server.uuid);
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
  const files = app.runtime.driver.files(server.uuid);
  const [lists, props] = await Promise.all([readLists(files).catch(() => null), readProps(files)]);
  if (!lists) throw new HttpError(409, 'A player list file (whitelist.json, ops.json, banned-players.json or banned-ips.json) is not valid JSON; fix it in the files area.');
  const maxPlayers = Number.parseInt(props.values['max-players'] ?? '20', 10);
  const online = state === 'running' ? (app.runtime.players.list(server.uuid) ?? []) : [];
  return {
    supported: true,
    unsupported_reason: null,
    state,
    online_mode: (props.values['online-mode'] ?? 'true').toLowerCase() === 'true',
    max_players: Number.isFinite(maxPlayers) ? maxPlayers : null,
    online: online.map((p) => ({ name: p.name, uuid: p.uuid, joined_at: p.joinedAt })),
    whitelist: { enabled: (props.values['white-list'] ?? 'false').toLowerCase() === 'true', entries: lists.whitelist },
    ops: lists.ops.map((o) => ({ name: o.name, uuid: o.uuid, level: o.level, bypasses_player_limit: o.bypassesPlayerLimit })),
    bans: lists.bans
      .filter((b) => !banExpired(b))
      .map((b) => ({ name: b.name, uuid: b.uuid, reason: b.reason, source: b.source, created: b.created, expires: b.expires === 'forever' ? null : b.expires })),
    ip_bans: lists.ipBans.filter((b) => !banExpired(b)).map((b) => ({ ip: b.ip, reason: b.reason, source: b.source, created: b.created, expires: b.expires === 'forever' ? null : b.expires })),
  };
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The UUID the game gives a name: the online player's, a listed one, Mojang's or the offline one. */
async function profileOf(app: FastifyInstance, server: ServerRow, name: string, lists: PlayerLists, onlineMode: boolean): Promise<{ uuid: string; name: string }> {
  const online = app.runtime.players.list(server.uuid)?.find((p) => same(p.name, name));
  if (online) return { uuid: online.uuid, name: online.name };
  const listed = [...lists.whitelist, ...lists.ops, ...lists.bans].find((e) => same(e.name, name) && e.uuid);
  if (listed) return { uuid: listed.uuid, name: listed.name };
  return onlineMode ? resolveMojangProfile(name) : { uuid: offlineUuid(name), name };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > until) throw new HttpError(409, 'The game did not carry out the change in time; see the console for its answer.');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Who changes a list: the audit log's actor, and the name the game's files record as its source. */
type PlayerActor = Actor & { username: string };

/**
 * Carries out a change: through the game's console while it runs (it applies at once and the game
 * writes its files), straight into the vanilla files (atomically) while it is stopped. Answers
 * 404 for a player or address the list does not hold, 409 while starting or stopping.
 */
export async function changePlayers(app: FastifyInstance, server: ServerRow, change: PlayerChange, actor: PlayerActor): Promise<void> {
  const game = await gameOf(app, server);
  if (!game.supported) throw new HttpError(409, unsupportedText);
  const state = app.runtime.state(server.uuid);
  if (state === 'starting' || state === 'stopping') throw new HttpError(409, `The server is ${state}; try again once it is running or stopped.`);
  const running = state === 'running';
  const files = app.runtime.driver.files(server.uuid);
  const lists = await readLists(files);
  const props = await readProps(files);
  const onlineMode = (props.values['online-mode'] ?? 'true').toLowerCase() === 'true';
  const send = (command: string) => app.runtime.sendCommand(server, command);
  const fresh = () => readLists(files);
  const clean = (text: string | undefined) => (text ?? '').replace(/[\r\n]+/g, ' ').trim();
  let audit: { event: string; properties: Record<string, unknown> };

  switch (change.type) {
    case 'kick': {
      const player = running ? app.runtime.players.list(server.uuid)?.find((p) => same(p.name, change.name)) : undefined;
      if (!player) throw notFound(`Player ${change.name} online`);
      const reason = clean(change.reason);
      await send(`kick ${player.name}${reason ? ` ${reason}` : ''}`);
      await waitFor(async () => !app.runtime.players.list(server.uuid)?.some((p) => p.uuid === player.uuid));
      audit = { event: 'server.players.kicked', properties: { name: player.name, uuid: player.uuid, reason } };
      break;
    }
    case 'ban': {
      if (lists.bans.some((b) => same(b.name, change.name) && !banExpired(b))) throw new HttpError(409, `${change.name} is already banned.`);
      const expires = change.expires_at ? new Date(change.expires_at) : null;
      if (expires && (Number.isNaN(expires.getTime()) || expires.getTime() <= Date.now())) throw new ValidationError({ expires_at: ['Choose a time in the future.'] });
      const profile = await profileOf(app, server, change.name, lists, onlineMode);
      const reason = clean(change.reason) || 'Banned by an operator.';
      if (running) {
        if (expires && !game.ourLauncher) throw new HttpError(409, 'A running vanilla or Paper server has no temporary ban command; stop the server to add a temporary ban, or ban without an end.');
        await send(expires ? `tempban ${profile.name} ${expires.toISOString()} ${reason}` : `ban ${profile.name} ${reason}`);
        await waitFor(async () => (await fresh()).bans.some((b) => same(b.name, profile.name)));
      } else {
        const entry = { uuid: profile.uuid, name: profile.name, created: formatVanillaDate(new Date()), source: actor.username, expires: expires ? formatVanillaDate(expires) : 'forever', reason };
        await writeList(files, 'bans', [...lists.bans.filter((b) => b.uuid !== profile.uuid && !same(b.name, profile.name)), entry]);
      }
      audit = { event: 'server.players.banned', properties: { name: profile.name, uuid: profile.uuid, reason, expires_at: expires?.toISOString() ?? null } };
      break;
    }
    case 'pardon': {
      const entry = lists.bans.find((b) => same(b.name, change.name));
      if (!entry) throw notFound(`Ban of ${change.name}`);
      if (running) {
        await send(`pardon ${entry.name}`);
        await waitFor(async () => !(await fresh()).bans.some((b) => same(b.name, entry.name)));
      } else
        await writeList(
          files,
          'bans',
          lists.bans.filter((b) => b !== entry),
        );
      audit = { event: 'server.players.pardoned', properties: { name: entry.name, uuid: entry.uuid } };
      break;
    }
    case 'ban-ip': {
      if (!isIP(change.ip)) throw new ValidationError({ ip: ['Enter an IPv4 or IPv6 address.'] });
      if (lists.ipBans.some((b) => b.ip === change.ip && !banExpired(b))) throw new HttpError(409, `${change.ip} is already banned.`);
      const reason = clean(change.reason) || 'Banned by an operator.';
      if (running) {
        await send(`ban-ip ${change.ip} ${reason}`);
        await waitFor(async () => (await fresh()).ipBans.some((b) => b.ip === change.ip));
      } else {
        const entry = { ip: change.ip, created: formatVanillaDate(new Date()), source: actor.username, expires: 'forever', reason };
        await writeList(files, 'ipBans', [...lists.ipBans.filter((b) => b.ip !== change.ip), entry]);
      }
      audit = { event: 'server.players.ip-banned', properties: { ip: change.ip, reason } };
      break;
    }
    case 'pardon-ip': {
      const entry = lists.ipBans.find((b) => b.ip === change.ip);
      if (!entry) throw notFound(`Ban of ${change.ip}`);
      if (running) {
        await send(`pardon-ip ${entry.ip}`);
        await waitFor(async () => !(await fresh()).ipBans.some((b) => b.ip === entry.ip));
      } else
        await writeList(
          files,
          'ipBans',
          lists.ipBans.filter((b) => b !== entry),
        );
      audit = { event: 'server.players.ip-pardoned', properties: { ip: entry.ip } };
      break;
    }
    case 'op': {
      const defaultLevel = Math.min(4, Math.max(1, Number.parseInt(props.values['op-permission-level'] ?? '4', 10) || 4));
      const level = change.level ?? defaultLevel;
      const existing = lists.ops.find((o) => same(o.name, change.name));
      if (existing && existing.level === level) throw new HttpError(409, `${existing.name} already is an operator with level ${level}.`);
      const profile = await profileOf(app, server, change.name, lists, onlineMode);
      if (running) {
        if (level !== defaultLevel && !game.ourLauncher)
          throw new HttpError(409, `A running vanilla or Paper server makes operators with its op-permission-level (${defaultLevel}); stop the server to choose another level.`);
        if (existing && !game.ourLauncher) throw new HttpError(409, 'Stop the server to change an operator’s level.');
        await send(`op ${profile.name}${game.ourLauncher ? ` ${level}` : ''}`);
        await waitFor(async () => (await fresh()).ops.some((o) => same(o.name, profile.name) && o.level === level));
      } else {
        const others = lists.ops.filter((o) => o !== existing);
        await writeList(files, 'ops', [...others, { uuid: profile.uuid, name: profile.name, level, bypassesPlayerLimit: existing?.bypassesPlayerLimit ?? false }]);
      }
      audit = { event: 'server.players.opped', properties: { name: profile.name, uuid: profile.uuid, level } };
      break;
    }
    case 'deop': {
      const entry = lists.ops.find((o) => same(o.name, change.name));
      if (!entry) throw notFound(`Operator ${change.name}`);
      if (running) {
        await send(`deop ${entry.name}`);
        await waitFor(async () => !(await fresh()).ops.some((o) => same(o.name, entry.name)));
      } else
        await writeList(
          files,
          'ops',
          lists.ops.filter((o) => o !== entry),
        );
      audit = { event: 'server.players.deopped', properties: { name: entry.name, uuid: entry.uuid } };
      break;
    }
    case 'whitelist-add': {
      if (lists.whitelist.some((w) => same(w.name, change.name))) throw new HttpError(409, `${change.name} is already on the whitelist.`);
      const profile = await profileOf(app, server, change.name, lists, onlineMode);
      if (running) {
        await send(`whitelist add ${profile.name}`);
        await waitFor(async () => (await fresh()).whitelist.some((w) => same(w.name, profile.name)));
      } else await writeList(files, 'whitelist', [...lists.whitelist, { uuid: profile.uuid, name: profile.name }]);
      audit = { event: 'server.players.whitelist-added', properties: { name: profile.name, uuid: profile.uuid } };
      break;
    }
    case 'whitelist-remove': {
      const entry = lists.whitelist.find((w) => same(w.name, change.name));
      if (!entry) throw notFound(`Whitelist entry of ${change.name}`);
      if (running) {
        await send(`whitelist remove ${entry.name}`);
        await waitFor(async () => !(await fresh()).whitelist.some((w) => same(w.name, entry.name)));
      } else
        await writeList(
          files,
          'whitelist',
          lists.whitelist.filter((w) => w !== entry),
        );
      audit = { event: 'server.players.whitelist-removed', properties: { name: entry.name, uuid: entry.uuid } };
      break;
    }
    case 'whitelist-enabled': {
      const enabled = change.enabled;
      if (running) {
        await send(`whitelist ${enabled ? 'on' : 'off'}`);
        await waitFor(async () => ((await readProps(files)).values['white-list'] ?? 'false').toLowerCase() === String(enabled));
      } else await files.writeFile('server.properties', updateProperties(props.text, { 'white-list': String(enabled) }));
      audit = { event: enabled ? 'server.players.whitelist-enabled' : 'server.players.whitelist-disabled', properties: {} };
      break;
    }
  }
  await recordAudit(app.db, { actorId: actor.userId, serverUuid: server.uuid, event: audit.event, ip: actor.ip, properties: { ...audit.properties, via: running ? 'game' : 'files' } });
}
