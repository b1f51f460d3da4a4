import { isIP } from 'node:net';
import { HttpError, notFound, ValidationError } from '../../lib/errors';
import { updateProperties } from '../../lib/properties';
import { banExpired, formatVanillaDate, readLists, writeList, type ListFiles, type PlayerLists } from './vanillaFiles';

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

/** What carrying out a change needs of the server: its files and lists, and (while it runs) its console and who is online. */
export interface ChangeContext {
  running: boolean;
  /** Whether our launcher runs it (commands it adds: tempban, op with a level). */
  ourLauncher: boolean;
  files: ListFiles;
  lists: PlayerLists;
  props: { text: string; values: Record<string, string> };
  /** Who is online (null when the server cannot say). */
  online: () => { name: string; uuid: string }[] | null;
  send: (command: string) => Promise<void>;
  /** The UUID the game gives a name (online player, listed one, Mojang's or the offline one). */
  profileOf: (name: string) => Promise<{ uuid: string; name: string }>;
  /** Who asked (the `source` of a ban written while stopped). */
  username: string;
  /** Reads server.properties again (the game writes it while it runs). */
  readProps: () => Promise<{ text: string; values: Record<string, string> }>;
}

/** The audit entry of a change carried out. */
export interface ChangeRecord {
  event: string;
  properties: Record<string, unknown>;
}

export const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > until) throw new HttpError(409, 'The game did not carry out the change in time; see the console for its answer.');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const clean = (text: string | undefined) => (text ?? '').replace(/[\r\n]+/g, ' ').trim();

/**
 * Carries out a change: through the game's console while it runs (it applies at once and the game
 * writes its files; the change is awaited in the files), straight into the vanilla files
 * (atomically) while it is stopped. 404 for a player or address the list does not hold.
 */
export async function applyPlayerChange(ctx: ChangeContext, change: PlayerChange): Promise<ChangeRecord> {
  const { running, lists, files, send } = ctx;
  const fresh = () => readLists(files);
  switch (change.type) {
    case 'kick': {
      const player = running ? ctx.online()?.find((p) => sameName(p.name, change.name)) : undefined;
      if (!player) throw notFound(`Player ${change.name} online`);
      const reason = clean(change.reason);
      await send(`kick ${player.name}${reason ? ` ${reason}` : ''}`);
      await waitFor(async () => !ctx.online()?.some((p) => p.uuid === player.uuid));
      return { event: 'server.players.kicked', properties: { name: player.name, uuid: player.uuid, reason } };
    }
    case 'ban': {
      if (lists.bans.some((b) => sameName(b.name, change.name) && !banExpired(b))) throw new HttpError(409, `${change.name} is already banned.`);
      const expires = change.expires_at ? new Date(change.expires_at) : null;
      if (expires && (Number.isNaN(expires.getTime()) || expires.getTime() <= Date.now())) throw new ValidationError({ expires_at: ['Choose a time in the future.'] });
      const profile = await ctx.profileOf(change.name);
      const reason = clean(change.reason) || 'Banned by an operator.';
      if (running) {
        if (expires && !ctx.ourLauncher) throw new HttpError(409, 'A running vanilla or Paper server has no temporary ban command; stop the server to add a temporary ban, or ban without an end.');
        await send(expires ? `tempban ${profile.name} ${expires.toISOString()} ${reason}` : `ban ${profile.name} ${reason}`);
        await waitFor(async () => (await fresh()).bans.some((b) => sameName(b.name, profile.name)));
      } else {
        const entry = { uuid: profile.uuid, name: profile.name, created: formatVanillaDate(new Date()), source: ctx.username, expires: expires ? formatVanillaDate(expires) : 'forever', reason };
        await writeList(files, 'bans', [...lists.bans.filter((b) => b.uuid !== profile.uuid && !sameName(b.name, profile.name)), entry]);
      }
      return { event: 'server.players.banned', properties: { name: profile.name, uuid: profile.uuid, reason, expires_at: expires?.toISOString() ?? null } };
    }
    case 'pardon': {
      const entry = lists.bans.find((b) => sameName(b.name, change.name));
      if (!entry) throw notFound(`Ban of ${change.name}`);
      if (running) {
        await send(`pardon ${entry.name}`);
        await waitFor(async () => !(await fresh()).bans.some((b) => sameName(b.name, entry.name)));
      } else
        await writeList(
          files,
          'bans',
          lists.bans.filter((b) => b !== entry),
        );
      return { event: 'server.players.pardoned', properties: { name: entry.name, uuid: entry.uuid } };
    }
    case 'ban-ip': {
      if (!isIP(change.ip)) throw new ValidationError({ ip: ['Enter an IPv4 or IPv6 address.'] });
      if (lists.ipBans.some((b) => b.ip === change.ip && !banExpired(b))) throw new HttpError(409, `${change.ip} is already banned.`);
      const reason = clean(change.reason) || 'Banned by an operator.';
      if (running) {
        await send(`ban-ip ${change.ip} ${reason}`);
        await waitFor(async () => (await fresh()).ipBans.some((b) => b.ip === change.ip));
      } else {
        const entry = { ip: change.ip, created: formatVanillaDate(new Date()), source: ctx.username, expires: 'forever', reason };
        await writeList(files, 'ipBans', [...lists.ipBans.filter((b) => b.ip !== change.ip), entry]);
      }
      return { event: 'server.players.ip-banned', properties: { ip: change.ip, reason } };
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
      return { event: 'server.players.ip-pardoned', properties: { ip: entry.ip } };
    }
    case 'op':
      return op(ctx, change.name, change.level);
    case 'deop': {
      const entry = lists.ops.find((o) => sameName(o.name, change.name));
      if (!entry) throw notFound(`Operator ${change.name}`);
      if (running) {
        await send(`deop ${entry.name}`);
        await waitFor(async () => !(await fresh()).ops.some((o) => sameName(o.name, entry.name)));
      } else
        await writeList(
          files,
          'ops',
          lists.ops.filter((o) => o !== entry),
        );
      return { event: 'server.players.deopped', properties: { name: entry.name, uuid: entry.uuid } };
    }
    case 'whitelist-add': {
      if (lists.whitelist.some((w) => sameName(w.name, change.name))) throw new HttpError(409, `${change.name} is already on the whitelist.`);
      const profile = await ctx.profileOf(change.name);
      if (running) {
        await send(`whitelist add ${profile.name}`);
        await waitFor(async () => (await fresh()).whitelist.some((w) => sameName(w.name, profile.name)));
      } else await writeList(files, 'whitelist', [...lists.whitelist, { uuid: profile.uuid, name: profile.name }]);
      return { event: 'server.players.whitelist-added', properties: { name: profile.name, uuid: profile.uuid } };
    }
    case 'whitelist-remove': {
      const entry = lists.whitelist.find((w) => sameName(w.name, change.name));
      if (!entry) throw notFound(`Whitelist entry of ${change.name}`);
      if (running) {
        await send(`whitelist remove ${entry.name}`);
        await waitFor(async () => !(await fresh()).whitelist.some((w) => sameName(w.name, entry.name)));
      } else
        await writeList(
          files,
          'whitelist',
          lists.whitelist.filter((w) => w !== entry),
        );
      return { event: 'server.players.whitelist-removed', properties: { name: entry.name, uuid: entry.uuid } };
    }
    case 'whitelist-enabled': {
      const enabled = change.enabled;
      if (running) {
        await send(`whitelist ${enabled ? 'on' : 'off'}`);
        await waitFor(async () => ((await ctx.readProps()).values['white-list'] ?? 'false').toLowerCase() === String(enabled));
      } else await files.writeFile('server.properties', updateProperties(ctx.props.text, { 'white-list': String(enabled) }));
      return { event: enabled ? 'server.players.whitelist-enabled' : 'server.players.whitelist-disabled', properties: {} };
    }
  }
}

/** Makes an operator, or changes an operator's level (a running vanilla server only makes ones at its op-permission-level). */
async function op(ctx: ChangeContext, name: string, wanted: number | undefined): Promise<ChangeRecord> {
  const { lists, files } = ctx;
  const defaultLevel = Math.min(4, Math.max(1, Number.parseInt(ctx.props.values['op-permission-level'] ?? '4', 10) || 4));
  const level = wanted ?? defaultLevel;
  const existing = lists.ops.find((o) => sameName(o.name, name));
  if (existing && existing.level === level) throw new HttpError(409, `${existing.name} already is an operator with level ${level}.`);
  const profile = await ctx.profileOf(name);
  if (ctx.running) {
    if (level !== defaultLevel && !ctx.ourLauncher)
      throw new HttpError(409, `A running vanilla or Paper server makes operators with its op-permission-level (${defaultLevel}); stop the server to choose another level.`);
    if (existing && !ctx.ourLauncher) throw new HttpError(409, 'Stop the server to change an operator’s level.');
    await ctx.send(`op ${profile.name}${ctx.ourLauncher ? ` ${level}` : ''}`);
    await waitFor(async () => (await readLists(files)).ops.some((o) => sameName(o.name, profile.name) && o.level === level));
  } else {
    const others = lists.ops.filter((o) => o !== existing);
    await writeList(files, 'ops', [...others, { uuid: profile.uuid, name: profile.name, level, bypassesPlayerLimit: existing?.bypassesPlayerLimit ?? false }]);
  }
  return { event: 'server.players.opped', properties: { name: profile.name, uuid: profile.uuid, level } };
}
