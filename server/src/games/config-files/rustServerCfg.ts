import type { ConfigFieldSpec } from './ConfigFieldSpec';
import { bool, int, num, text } from './fieldBuilders';

/**
 * Convars of Rust's server/<identity>/cfg/server.cfg that server owners set most, with the values
 * the game accepts. The file runs after the command line, so a convar the start command also sets
 * (port, name, map, size, seed, players, RCON …) would silently win over the startup settings: those
 * are listed in {@link rustManagedConvars}, read-only here and rewritten by the panel before every start.
 */
export const rustServerCfg: readonly ConfigFieldSpec[] = [
  // Set by the start command from the startup settings (read-only in the form).
  text('server.hostname', 'A Rust Server', 'basic', 'Name shown in the server browser (change it under Startup).'),
  text('server.description', '', 'basic', 'Description shown in the server browser (change it under Startup).'),
  int('server.maxplayers', 50, 0, 500, 'basic', 'Players allowed online at once (change it under Startup).'),
  text('server.level', 'Procedural Map', 'advanced', 'Map (change it under Startup).'),
  int('server.worldsize', 3000, 1000, 6000, 'advanced', 'Map size in metres (change it under Startup).'),
  int('server.seed', 12345, 0, 2_147_483_647, 'advanced', 'Seed of the procedural map (change it under Startup).'),
  int('server.saveinterval', 300, 10, 86_400, 'advanced', 'Seconds between saves (change it under Startup).'),
  // The customer's settings.
  text('server.url', '', 'basic', 'Web address opened from the server browser.', {
    pattern: '^(https?://\\S{1,250})?$',
    patternMessage: 'Must be an http:// or https:// address, or empty.',
  }),
  text('server.headerimage', '', 'basic', 'Address of the banner image shown in the server browser (512×256 PNG or JPG).', {
    pattern: '^(https?://\\S{1,250})?$',
    patternMessage: 'Must be an http:// or https:// address, or empty.',
  }),
  text('server.logoimage', '', 'basic', 'Address of the logo shown in the server browser and the companion app.', {
    pattern: '^(https?://\\S{1,250})?$',
    patternMessage: 'Must be an http:// or https:// address, or empty.',
  }),
  text('server.tags', '', 'basic', 'Comma-separated tags of the server browser (monthly, vanilla, pve …).', {
    pattern: '^[\\w,]{0,128}$',
    patternMessage: 'Must be tags separated by commas, without spaces.',
  }),
  bool('server.pve', false, 'basic', 'Player versus environment: players cannot hurt each other.'),
  bool('server.radiation', true, 'basic', 'Radiation at monuments.'),
  bool('server.globalchat', true, 'basic', 'Chat reaches every player, not only those nearby.'),
  bool('server.stability', true, 'basic', 'Buildings need support and collapse without it.'),
  num('decay.scale', '1', 0, 100, 'basic', 'How fast buildings decay (0 off, 1 normal, 2 twice as fast).'),
  bool('craft.instant', false, 'basic', 'Crafting takes no time.'),
  bool('server.events', true, 'advanced', 'Events such as cargo ships, helicopters and airdrops happen.'),
  int('server.tickrate', 10, 1, 128, 'advanced', 'Server simulation steps per second.'),
  int('fps.limit', 256, -1, 1000, 'advanced', 'Frames per second the server runs at most (-1 no limit).'),
  int('server.idlekick', 30, 0, 1440, 'advanced', 'Minutes of idling after which a player is kicked (0 never).'),
  bool('server.idlekickadmins', false, 'advanced', 'Admins are kicked for idling too.'),
  num('server.itemdespawn', '300', 0, 86_400, 'advanced', 'Seconds before dropped items disappear.'),
  num('server.corpsedespawn', '300', 0, 86_400, 'advanced', 'Seconds before corpses and their loot bags disappear.'),
  bool('server.secure', true, 'advanced', 'Easy Anti-Cheat protects the server.'),
  int('server.encryption', 2, 0, 2, 'advanced', 'Encryption of the network traffic (0 off, 1 light, 2 full).'),
  int('server.playertimeout', 60, 1, 3600, 'advanced', 'Seconds without an answer after which a player is disconnected.'),
  bool('server.censorplayerlist', true, 'advanced', 'Hide player names in the public server list.'),
];

/**
 * Convars the start command sets from the startup settings and the server's ports, rewritten
 * into server.cfg before every start with the same values so both always agree. server.identity
 * is left out: it picks the folder this file lives in, so it can only be set on the command line.
 */
export const rustManagedConvars: Record<string, string> = {
  'server.port': '{{SERVER_PORT}}',
  'server.queryport': '{{QUERY_PORT}}',
  'rcon.port': '{{RCON_PORT}}',
  'rcon.web': 'true',
  'rcon.password': '{{RCON_PASS}}',
  'app.port': '{{APP_PORT}}',
  'server.hostname': '{{HOSTNAME}}',
  'server.description': '{{DESCRIPTION}}',
  'server.level': '{{LEVEL}}',
  'server.worldsize': '{{WORLD_SIZE}}',
  'server.seed': '{{WORLD_SEED}}',
  'server.maxplayers': '{{MAX_PLAYERS}}',
  'server.saveinterval': '{{SAVE_INTERVAL}}',
};
