/**
 * Makes flying-squid keep players the way the vanilla server does, so the panel can treat both
 * alike and the files stay the truth:
 * - whitelist.json, ops.json, banned-players.json and banned-ips.json in the server's folder, in
 *   vanilla's exact formats, read at start and rewritten atomically on every change;
 * - logins refused with vanilla's messages (banned, banned IP, not whitelisted);
 * - vanilla's console commands (kick, ban, pardon, ban-ip, pardon-ip, op, deop, whitelist, banlist)
 *   plus `tempban <name> <ISO time> [reason]`, which vanilla lacks;
 * - joins and leaves reported on stdout as protocol lines (a record separator, `panel:` and JSON)
 *   that the panel reads and never shows: the online list comes from the server itself.
 *
 * Self-contained (Node built-ins only) and reads/writes only inside the working directory, so it
 * runs the same inside a sandbox.
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { createHash } = require('node:crypto');

const MARK = '\u001epanel:';
const NAME = /^[A-Za-z0-9_]{3,16}$/;

/** Writes one protocol line for the panel. */
function report(event) {
  process.stdout.write(`${MARK}${JSON.stringify(event)}\n`);
}

/** The offline-mode UUID vanilla gives a name: a v3 UUID of MD5("OfflinePlayer:" + name). */
function offlineUuid(name) {
  const hash = createHash('md5').update(`OfflinePlayer:${name}`, 'utf8').digest();
  hash[6] = (hash[6] & 0x0f) | 0x30;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Vanilla's date format in ban lists: `yyyy-MM-dd HH:mm:ss Z`, written in UTC. */
function formatDate(date) {
  const p = (n) => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}-${p(date.getUTCMonth() + 1)}-${p(date.getUTCDate())} ${p(date.getUTCHours())}:${p(date.getUTCMinutes())}:${p(date.getUTCSeconds())} +0000`;
}

function parseDate(text) {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})$/.exec(String(text));
  if (!m) return null;
  const offset = (m[7] === '-' ? -1 : 1) * (Number(m[8]) * 60 + Number(m[9]));
  return new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) - offset * 60_000);
}

function expired(entry, now = new Date()) {
  if (!entry.expires || entry.expires === 'forever') return false;
  const at = parseDate(entry.expires);
  return at !== null && at <= now;
}

/** Writes text atomically (temp file, fsync, rename), as the panel does. */
function writeAtomic(file, text) {
  const temp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(temp, 'w', 0o644);
  try {
    fs.writeSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temp, file);
}

function createPlayerLists({ dir, props, print }) {
  const files = {
    whitelist: path.join(dir, 'whitelist.json'),
    ops: path.join(dir, 'ops.json'),
    bans: path.join(dir, 'banned-players.json'),
    ipBans: path.join(dir, 'banned-ips.json'),
  };
  const lists = {};
  for (const [key, file] of Object.entries(files)) {
    try {
      const parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
      lists[key] = Array.isArray(parsed) ? parsed : [];
    } catch (error) {
      if (error.code !== 'ENOENT') print('WARN', `Could not load ${path.basename(file)}: ${error.message}`);
      lists[key] = [];
      // Vanilla creates the files empty at first start.
      if (error.code === 'ENOENT') writeAtomic(file, '[]');
    }
  }
  const save = (key) => writeAtomic(files[key], JSON.stringify(lists[key], null, 2));
  const same = (a, b) => String(a).toLowerCase() === String(b).toLowerCase();
  const findByName = (key, name) => lists[key].find((e) => same(e.name, name));
  return {
    lists,
    save,
    findByName,
    whitelistEnabled: String(props['white-list'] ?? 'false').toLowerCase() === 'true',
    opLevel: Math.min(4, Math.max(1, Number.parseInt(props['op-permission-level'] ?? '4', 10) || 4)),
    banOf(uuid, name) {
      const entry = lists.bans.find((e) => e.uuid === uuid || same(e.name, name));
      return entry && !expired(entry) ? entry : null;
    },
    ipBanOf(ip) {
      const entry = lists.ipBans.find((e) => e.ip === ip);
      return entry && !expired(entry) ? entry : null;
    },
    isOp(uuid, name) {
      return lists.ops.some((e) => e.uuid === uuid || same(e.name, name));
    },
    isWhitelisted(uuid, name) {
      return lists.whitelist.some((e) => e.uuid === uuid || same(e.name, name));
    },
  };
}

function bannedMessage(entry) {
  let text = `You are banned from this server.\nReason: ${entry.reason || 'Banned by an operator.'}`;
  if (entry.expires && entry.expires !== 'forever') text += `\nYour ban will be removed on ${entry.expires}`;
  return text;
}

function ipBannedMessage(entry) {
  let text = `Your IP address is banned from this server.\nReason: ${entry.reason || 'Banned by an operator.'}`;
  if (entry.expires && entry.expires !== 'forever') text += `\nYour ban will be removed on ${entry.expires}`;
  return text;
}

/** The address a client connects from, as vanilla writes it (no IPv4-mapped prefix). */
function addressOf(client) {
  return String(client.socket?.remoteAddress ?? '').replace(/^::ffff:/, '');
}

/**
 * Installs the lists, the login checks, the commands and the join/leave reports on a flying-squid
 * server. Call right after createMCServer; commands are (re)registered once plugins are ready so
 * they replace flying-squid's in-memory ones.
 */
function installVanillaPlayers(serv, { dir, props, settings, print }) {
  const state = createPlayerLists({ dir, props, print });
  const { lists } = state;
  const online = new Map();
  const onlineMode = Boolean(settings['online-mode']);
  const uuidOf = (name) => {
    const player = serv.players.find((p) => p.username && p.username.toLowerCase() === name.toLowerCase());
    if (player) return { uuid: player.uuid, name: player.username };
    // Without Mojang's answer an online-mode server cannot know a name's UUID.
    if (onlineMode) return null;
    return { uuid: offlineUuid(name), name };
  };
  const onlinePlayer = (name) => serv.players.find((p) => p.username && p.username.toLowerCase() === name.toLowerCase());
  /**
   * Tells who is online: a `list` of the first players and a `join` for each further one, so no
   * protocol line grows past what the panel reads as one console line (16 KiB) on a full server.
   */
  const reportOnline = () => {
    const players = [...online.values()];
    report({ t: 'list', players: players.slice(0, 50) });
    for (const entry of players.slice(50)) report({ t: 'join', ...entry });
  };

  serv.on('newPlayer', (player) => {
    const login = player.login;
    player.login = async () => {
      const client = player._client;
      const name = client.username;
      const uuid = client.uuid;
      const ip = addressOf(client);
      const ban = state.banOf(uuid, name);
      const ipBan = ban ? null : state.ipBanOf(ip);
      let refusal = ban ? bannedMessage(ban) : ipBan ? ipBannedMessage(ipBan) : null;
      if (!refusal && state.whitelistEnabled && !state.isWhitelisted(uuid, name) && !state.isOp(uuid, name)) refusal = 'You are not white-listed on this server!';
      if (refusal) {
        print('INFO', `Disconnecting ${name} (/${ip}): ${refusal.split('\n')[0]}`);
        client.end(refusal);
        return;
      }
      // The join is reported the moment the player is in the world (flying-squid emits `spawned`
      // right after the packet that spawns the client), not once its login finishes: that goes on
      // to send the rest of the chunks and save the player, which takes seconds on a busy host.
      let joined = false;
      const onSpawned = () => {
        if (joined || player.disconnected || !player.username) return;
        joined = true;
        player.op = state.isOp(uuid, name);
        const entry = { name: player.username, uuid: player.uuid, ip, joined_at: new Date().toISOString() };
        online.set(player.uuid, entry);
        print('INFO', `${player.username} joined the game`);
        report({ t: 'join', ...entry });
        player.once('disconnected', () => {
          online.delete(player.uuid);
          print('INFO', `${player.username} left the game`);
          report({ t: 'leave', name: player.username, uuid: player.uuid });
        });
      };
      player.once('spawned', onSpawned);
      try {
        await login.call(player);
      } finally {
        player.off('spawned', onSpawned);
      }
      // A login that ended without `spawned` (refused by flying-squid itself) joined nobody.
    };
  });

  const kick = (player, reason) => {
    player._client.end(reason);
  };
  const setWhitelist = (enabled) => {
    state.whitelistEnabled = enabled;
    const file = path.join(dir, 'server.properties');
    let text = '';
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      // a missing file gets the one line
    }
    const line = `white-list=${enabled}`;
    text = /^white-list\s*[=:].*$/m.test(text) ? text.replace(/^white-list\s*[=:].*$/m, line) : `${text}${text && !text.endsWith('\n') ? '\n' : ''}${line}\n`;
    writeAtomic(file, text);
  };
  const split = (params) => {
    const text = String(params ?? '').trim();
    const space = text.indexOf(' ');
    return space < 0 ? [text, ''] : [text.slice(0, space), text.slice(space + 1).trim()];
  };
  const needName = (name) => {
    if (!NAME.test(name)) throw new Error('That player does not exist');
    const who = uuidOf(name);
    if (!who) throw new Error('That player does not exist');
    return who;
  };
  const ban = (name, reason, expires) => {
    const who = needName(name);
    if (state.banOf(who.uuid, who.name)) return 'Nothing changed. The player is already banned';
    lists.bans = lists.bans.filter((e) => e.uuid !== who.uuid);
    lists.bans.push({ uuid: who.uuid, name: who.name, created: formatDate(new Date()), source: 'Server', expires: expires ?? 'forever', reason: reason || 'Banned by an operator.' });
    state.save('bans');
    const player = onlinePlayer(who.name);
    if (player) kick(player, 'You are banned from this server.');
    return `Banned ${who.name}: ${reason || 'Banned by an operator.'}`;
  };

  const commands = {
    kick(params) {
      const [name, reason] = split(params);
      const player = onlinePlayer(name);
      if (!player) throw new Error('No player was found');
      kick(player, reason || 'Kicked by an operator');
      return `Kicked ${player.username}: ${reason || 'Kicked by an operator'}`;
    },
    ban(params) {
      const [name, reason] = split(params);
      return ban(name, reason);
    },
    tempban(params) {
      const [name, rest] = split(params);
      const [until, reason] = split(rest);
      const at = new Date(until);
      if (Number.isNaN(at.getTime()) || at <= new Date()) throw new Error('Invalid expiry time');
      return ban(name, reason, formatDate(at));
    },
    pardon(params) {
      const [name] = split(params);
      const before = lists.bans.length;
      lists.bans = lists.bans.filter((e) => String(e.name).toLowerCase() !== name.toLowerCase());
      if (lists.bans.length === before) return "Nothing changed. The player isn't banned";
      state.save('bans');
      return `Unbanned ${name}`;
    },
    'ban-ip'(params) {
      const [target, reason] = split(params);
      const player = onlinePlayer(target);
      const ip = player ? addressOf(player._client) : target;
      if (!/^[0-9a-fA-F:.]+$/.test(ip) || (!ip.includes('.') && !ip.includes(':'))) throw new Error('Invalid IP address or unknown player');
      if (state.ipBanOf(ip)) return 'Nothing changed. That IP is already banned';
      lists.ipBans = lists.ipBans.filter((e) => e.ip !== ip);
      lists.ipBans.push({ ip, created: formatDate(new Date()), source: 'Server', expires: 'forever', reason: reason || 'Banned by an operator.' });
      state.save('ipBans');
      for (const p of serv.players.filter((p) => addressOf(p._client) === ip)) kick(p, 'You have been IP banned from this server.');
      return `Banned IP ${ip}: ${reason || 'Banned by an operator.'}`;
    },
    'pardon-ip'(params) {
      const [ip] = split(params);
      const before = lists.ipBans.length;
      lists.ipBans = lists.ipBans.filter((e) => e.ip !== ip);
      if (lists.ipBans.length === before) return "Nothing changed. That IP isn't banned";
      state.save('ipBans');
      return `Unbanned IP ${ip}`;
    },
    op(params) {
      // `op <name> [level]`: vanilla's op takes the server's op-permission-level; the level is ours.
      const [name, levelText] = split(params);
      const who = needName(name);
      const level = levelText ? Math.min(4, Math.max(1, Number.parseInt(levelText, 10) || state.opLevel)) : state.opLevel;
      const existing = lists.ops.find((e) => e.uuid === who.uuid);
      if (existing && existing.level === level) return 'Nothing changed. The player already is an operator';
      if (existing) existing.level = level;
      else lists.ops.push({ uuid: who.uuid, name: who.name, level, bypassesPlayerLimit: false });
      state.save('ops');
      const player = onlinePlayer(who.name);
      if (player) player.op = true;
      return `Made ${who.name} a server operator`;
    },
    deop(params) {
      const [name] = split(params);
      const entry = state.findByName('ops', name);
      if (!entry) return 'Nothing changed. The player is not an operator';
      lists.ops = lists.ops.filter((e) => e !== entry);
      state.save('ops');
      const player = onlinePlayer(name);
      if (player) player.op = false;
      return `Made ${entry.name} no longer a server operator`;
    },
    whitelist(params) {
      const [action, rest] = split(params);
      const [name] = split(rest);
      switch (action) {
        case 'on':
          if (state.whitelistEnabled) return 'Whitelist is already turned on';
          setWhitelist(true);
          return 'Whitelist is now turned on';
        case 'off':
          if (!state.whitelistEnabled) return 'Whitelist is already turned off';
          setWhitelist(false);
          return 'Whitelist is now turned off';
        case 'add': {
          const who = needName(name);
          if (state.isWhitelisted(who.uuid, who.name)) return 'Player is already whitelisted';
          lists.whitelist.push({ uuid: who.uuid, name: who.name });
          state.save('whitelist');
          return `Added ${who.name} to the whitelist`;
        }
        case 'remove': {
          const entry = state.findByName('whitelist', name);
          if (!entry) return 'Player is not whitelisted';
          lists.whitelist = lists.whitelist.filter((e) => e !== entry);
          state.save('whitelist');
          return `Removed ${entry.name} from the whitelist`;
        }
        case 'list':
          return lists.whitelist.length === 0 ? 'There are no whitelisted players' : `There are ${lists.whitelist.length} whitelisted player(s): ${lists.whitelist.map((e) => e.name).join(', ')}`;
        case 'reload':
          return 'Reloaded the whitelist';
        default:
          throw new Error('Usage: whitelist (on|off|add|remove|list|reload)');
      }
    },
    banlist(params) {
      const which = split(params)[0];
      const entries = which === 'ips' ? lists.ipBans : which === 'players' ? lists.bans : [...lists.bans, ...lists.ipBans];
      if (entries.length === 0) return 'There are no bans';
      return `There are ${entries.length} ban(s): ${entries.map((e) => `${e.name ?? e.ip} was banned by ${e.source}: ${e.reason}`).join('; ')}`;
    },
    'panel-players'() {
      reportOnline();
      return '';
    },
  };

  const register = () => {
    for (const [base, run] of Object.entries(commands)) {
      serv.commands.add({
        base,
        info: `${base} (vanilla)`,
        usage: `/${base}`,
        op: true,
        parse: (params) => params ?? '',
        action(params) {
          try {
            return run(params) || undefined;
          } catch (error) {
            print('ERROR', error.message);
            return undefined;
          }
        },
      });
    }
    // The panel may have (re)started before us: tell it who is online (nobody yet).
    reportOnline();
  };
  if (serv.pluginsReady) register();
  else serv.once('pluginsReady', register);
  return { offlineUuid };
}

module.exports = { installVanillaPlayers, offlineUuid, formatDate, parseDate, MARK };
