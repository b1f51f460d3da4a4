#!/usr/bin/env node
/**
 * Starts flying-squid (a Minecraft server written in Node) the way the panel runs Minecraft:
 * - settings come from server.properties in the working directory (the server's root), the port
 *   and address from the panel's allocation (SERVER_PORT, SERVER_IP);
 * - console commands are read from stdin without a leading slash (one is accepted and dropped);
 * - commands flying-squid lacks are added (`list`, `seed`, `save-all`);
 * - players are kept as vanilla keeps them (see vanilla-players.cjs);
 * - log lines look like the vanilla server's, including `Done (X.XXXs)! For help, type "help"`,
 *   which the panel watches for to mark the server as running.
 *
 * flying-squid's own CLI is not used: it overrides the configured port with its defaults.
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const { installVanillaPlayers } = require('./vanilla-players.cjs');

const startedAt = process.hrtime.bigint();

function timestamp() {
  const now = new Date();
  return [now.getHours(), now.getMinutes(), now.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

function print(level, message) {
  process.stdout.write(`[${timestamp()}] [Server thread/${level}]: ${message}\n`);
}

/** Parses a Java properties file (the subset server.properties uses). */
function readProperties(file) {
  const out = {};
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
    return out;
  }
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith('!')) continue;
    const match = /^([^=:\s]+)\s*[=:]?\s*(.*)$/.exec(line);
    if (!match) continue;
    out[match[1]] = match[2].replace(/\\(.)/g, (_, c) => ({ n: '\n', t: '\t', r: '\r' })[c] ?? c);
  }
  return out;
}

const GAME_MODES = { survival: 0, creative: 1, adventure: 2, spectator: 3 };
const DIFFICULTIES = { peaceful: 0, easy: 1, normal: 2, hard: 3 };

function pick(table, value, fallback) {
  if (value === undefined || value === '') return fallback;
  if (/^\d+$/.test(value)) return Number(value);
  return table[value.toLowerCase()] ?? fallback;
}

/** Java's String.hashCode, as vanilla uses for non-numeric level seeds. */
function javaHash(text) {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(31, hash) + text.charCodeAt(i)) | 0;
  return hash;
}

function seedOf(value) {
  if (!value) return undefined;
  if (/^-?\d+$/.test(value)) {
    // flying-squid keeps seeds as 32-bit integers; larger vanilla seeds are folded into that range.
    const n = BigInt(value);
    return Number(BigInt.asIntN(32, n)) || 1;
  }
  return javaHash(value) || 1;
}

function intOf(value, fallback, min, max) {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
}

/** flying-squid's settings from server.properties and the panel's environment. */
function settingsFrom(props, env) {
  const levelName = (props['level-name'] || 'world').replace(/[^\w.-]/g, '_');
  const levelType = (props['level-type'] || '').toLowerCase();
  const seed = seedOf(props['level-seed']);
  return {
    motd: props.motd ?? 'A Minecraft Server',
    port: intOf(env.SERVER_PORT ?? props['server-port'], 25565, 0, 65535),
    host: env.SERVER_IP || props['server-ip'] || undefined,
    'max-players': intOf(props['max-players'], 20, 1, 1000),
    'online-mode': (props['online-mode'] ?? 'false').toLowerCase() === 'true',
    gameMode: pick(GAME_MODES, props.gamemode, 0),
    difficulty: pick(DIFFICULTIES, props.difficulty, 2),
    'view-distance': intOf(props['view-distance'], 10, 2, 32),
    worldFolder: path.join(levelName, env.MINECRAFT_VERSION || '1.21.4'),
    generation: levelType.includes('flat') ? { name: 'superflat', options: { seed } } : { name: 'diamond_square', options: { worldHeight: 80, seed } },
    kickTimeout: 10000,
    plugins: {},
    modpe: false,
    'player-list-text': { header: { text: props.motd ?? '' }, footer: { text: '' } },
    'everybody-op': false,
    'max-entities': 100,
    // Our stdout is the log the panel keeps; flying-squid's own log files would duplicate it.
    logging: false,
    version: env.MINECRAFT_VERSION || '1.21.4',
  };
}

/**
 * flying-squid opens its own readline on stdin with a "> " prompt. The prompt would be mixed into
 * the log, and we accept a leading slash, so the interface is adjusted before flying-squid loads.
 */
function adjustConsoleInput() {
  const createInterface = readline.createInterface;
  readline.createInterface = function createQuietInterface(options) {
    const rl = createInterface.call(readline, { ...options, output: undefined, terminal: false });
    rl.setPrompt('');
    rl.prompt = () => {};
    const emit = rl.emit.bind(rl);
    rl.emit = (event, ...args) => {
      if (event === 'line') {
        const line = String(args[0]).trim().replace(/^\//, '');
        if (!line) return true;
        return emit('line', line);
      }
      return emit(event, ...args);
    };
    return rl;
  };
}

function addMissingCommands(serv, settings) {
  serv.commands.add({
    base: 'list',
    info: 'List the players online',
    usage: '/list',
    action() {
      const names = serv.players.map((p) => p.username);
      return `There are ${names.length} of a max of ${settings['max-players']} players online: ${names.join(', ')}`;
    },
  });
  serv.commands.add({
    base: 'seed',
    info: 'Show the world seed',
    usage: '/seed',
    action: () => `Seed: [${settings.generation.options.seed}]`,
  });
  serv.commands.add({
    base: 'save-all',
    info: 'Save the players and the world',
    usage: '/save-all',
    async action() {
      for (const player of serv.players) await player.save?.();
      await serv.overworld?.storageProvider?.saveRegions?.();
      return 'Saved the game';
    },
  });
}

function main() {
  const props = readProperties(path.join(process.cwd(), 'server.properties'));
  const settings = settingsFrom(props, process.env);
  print('INFO', `Starting minecraft server version ${settings.version}`);
  print('INFO', `Starting Minecraft server on ${settings.host ?? '*'}:${settings.port}`);

  adjustConsoleInput();
  const { createMCServer } = require('flying-squid');
  let serv = null;
  // The server-list ping lists (up to 12) players online, as vanilla does; flying-squid sends none.
  settings.beforePing = (response) => {
    const players = serv ? serv.players.filter((p) => p.username) : [];
    response.players.sample = players.slice(0, 12).map((p) => ({ name: p.username, id: p.uuid }));
    return response;
  };
  serv = createMCServer(settings);

  // Vanilla-looking log lines (flying-squid's plugins call these at run time).
  serv.log = (message) => process.stdout.write(`[${timestamp()}] ${message}\n`);
  serv.info = (message) => print('INFO', message);
  serv.warn = (message) => print('WARN', message);
  serv.err = (message) => print('ERROR', message);

  addMissingCommands(serv, settings);
  // Whitelist, operators and bans as vanilla keeps them (files), and joins/leaves for the panel.
  installVanillaPlayers(serv, { dir: process.cwd(), props, settings, print });

  let ready = false;
  let listening = false;
  // flying-squid sets `serv.pluginsReady` only after emitting the event, so keep our own flag.
  let pluginsReady = false;
  const markReady = () => {
    if (ready || !listening || !pluginsReady) return;
    ready = true;
    const seconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
    print('INFO', `Done (${seconds.toFixed(3)}s)! For help, type "help"`);
  };
  serv._server.on('listening', () => {
    listening = true;
    markReady();
  });
  serv.on('pluginsReady', () => {
    pluginsReady = true;
    markReady();
  });
  serv._server.on('error', (error) => {
    // A port already in use (or any listen failure) is fatal: exit so the panel sees a crash.
    print('ERROR', `Failed to start the server: ${error.message}`);
    if (!ready) process.exit(1);
  });
}

process.on('unhandledRejection', (error) => print('ERROR', error && error.stack ? error.stack : String(error)));

try {
  main();
} catch (error) {
  print('ERROR', `Failed to start the server: ${error && error.stack ? error.stack : error}`);
  process.exit(1);
}
