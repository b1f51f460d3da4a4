import type { ConfigFieldSpec } from './ConfigFieldSpec';
import { bool, choice, int, text } from './fieldBuilders';

const INT_MAX = 2_147_483_647;
const LONG_MAX = Number.MAX_SAFE_INTEGER;

/**
 * Every key of server.properties of Minecraft Java Edition 1.21 (up to 1.21.4), with the values the
 * game accepts. Bounds are the game's own: out-of-range values are clamped or replaced by the
 * default with a warning, so the panel refuses them instead of letting the game silently change
 * them. Enums accept the legacy numeric ids the game still reads.
 */
export const minecraftServerProperties: readonly ConfigFieldSpec[] = [
  // Basic: what players notice.
  text('motd', 'A Minecraft Server', 'basic', 'Message shown under the server name in the multiplayer list.', {
    pattern: '^[^\\r]{0,512}$',
    patternMessage: 'Must be at most 512 characters.',
  }),
  int('max-players', 20, 0, INT_MAX, 'basic', 'Players allowed online at once.'),
  choice('gamemode', 'survival', ['survival', 'creative', 'adventure', 'spectator'], 'basic', 'Game mode of new players.', ['0', '1', '2', '3']),
  choice('difficulty', 'easy', ['peaceful', 'easy', 'normal', 'hard'], 'basic', 'How hard the game is.', ['0', '1', '2', '3']),
  bool('hardcore', false, 'basic', 'Players are set to spectator mode when they die, and the difficulty is locked to hard.'),
  bool('pvp', true, 'basic', 'Players can hurt each other.'),
  bool('online-mode', true, 'basic', 'Check players against Minecraft accounts. Turn off only behind a proxy that checks them.'),
  bool('white-list', false, 'basic', 'Only players on the whitelist may join.'),
  bool('enforce-whitelist', false, 'basic', 'Kick players who are not on the whitelist when it is reloaded.'),
  bool('allow-flight', false, 'basic', 'Do not kick players who fly in survival mode (needed by some mods).'),
  bool('allow-nether', true, 'basic', 'Players can travel to the Nether.'),
  bool('spawn-monsters', true, 'basic', 'Hostile mobs spawn.'),
  bool('spawn-animals', true, 'advanced', 'Animals spawn (removed in Minecraft 1.21.2; ignored by later versions).'),
  bool('spawn-npcs', true, 'advanced', 'Villagers spawn (removed in Minecraft 1.21.2; ignored by later versions).'),
  int('spawn-protection', 16, 0, INT_MAX, 'basic', 'Radius in blocks around the spawn point that only operators can change (0 turns it off).'),
  int('view-distance', 10, 3, 32, 'basic', 'How many chunks around each player the server sends.'),
  int('simulation-distance', 10, 3, 32, 'basic', 'How many chunks around each player are simulated (mobs, crops, redstone).'),
  text('level-name', 'world', 'basic', 'Folder of the world. A new name creates a new world at the next start.', {
    pattern: '^[^/\\\\:*?"<>|\\r\\n]{1,128}$',
    patternMessage: 'Must be a folder name (1 to 128 characters, without / \\ : * ? " < > |).',
  }),
  text('level-seed', '', 'basic', 'Seed of a new world (empty for a random one).'),
  choice(
    'level-type',
    'minecraft:normal',
    ['minecraft:normal', 'minecraft:flat', 'minecraft:large_biomes', 'minecraft:amplified', 'minecraft:single_biome_surface'],
    'basic',
    'World preset used when a new world is generated.',
    ['normal', 'default', 'flat', 'large_biomes', 'largebiomes', 'amplified', 'single_biome_surface'],
  ),
  bool('generate-structures', true, 'basic', 'Villages, temples and other structures are generated in new chunks.'),
  bool('force-gamemode', false, 'basic', 'Players are put in the default game mode every time they join.'),
  int('player-idle-timeout', 0, 0, INT_MAX, 'basic', 'Minutes after which idle players are kicked (0 never).'),
  bool('enable-command-block', false, 'basic', 'Command blocks work.'),

  // Advanced: network, performance, operators, resource packs, remote access.
  bool('accepts-transfers', false, 'advanced', 'Accept players transferred from another server.'),
  bool('broadcast-console-to-ops', true, 'advanced', 'Send console command output to operators online.'),
  bool('broadcast-rcon-to-ops', true, 'advanced', 'Send RCON command output to operators online.'),
  text('bug-report-link', '', 'advanced', 'Link shown to players in the report-a-bug screen.', {
    pattern: '^(https?://\\S+)?$',
    patternMessage: 'Must be empty or an http(s) address.',
  }),
  bool('enable-jmx-monitoring', false, 'advanced', 'Expose server metrics through Java JMX.'),
  bool('enable-query', false, 'advanced', 'Answer GameSpy4 query requests (server lists).'),
  bool('enable-rcon', false, 'advanced', 'Allow remote console (RCON) connections.'),
  bool('enable-status', true, 'advanced', 'Show the server as online in the multiplayer list.'),
  bool('enforce-secure-profile', true, 'advanced', 'Require players to have a Mojang-signed public key for chat.'),
  int('entity-broadcast-range-percentage', 100, 10, 1000, 'advanced', 'How far away entities are sent to players, in percent of the default distance.'),
  int('function-permission-level', 2, 1, 4, 'advanced', 'Permission level of functions run by the server.'),
  text('generator-settings', '{}', 'advanced', 'Settings of the world generator (JSON, for flat worlds).'),
  bool('hide-online-players', false, 'advanced', 'Do not list the players online in the status answer.'),
  text('initial-disabled-packs', '', 'advanced', 'Data packs not enabled when the world is created (comma-separated).'),
  text('initial-enabled-packs', 'vanilla', 'advanced', 'Data packs enabled when the world is created (comma-separated).'),
  bool('log-ips', true, 'advanced', 'Write the addresses of players to the log.'),
  int('max-chained-neighbor-updates', 1_000_000, -INT_MAX - 1, INT_MAX, 'advanced', 'Limit of chained block updates before the rest are skipped (negative: no limit).'),
  int('max-tick-time', 60_000, -1, LONG_MAX, 'advanced', 'Milliseconds a single tick may take before the watchdog stops the server (-1 off).'),
  int('max-world-size', 29_999_984, 1, 29_999_984, 'advanced', 'Radius of the world border in blocks.'),
  int('network-compression-threshold', 256, -1, INT_MAX, 'advanced', 'Packets of at least this many bytes are compressed (-1 never, 0 always).'),
  int('op-permission-level', 4, 0, 4, 'advanced', 'Permission level of operators.'),
  int('pause-when-empty-seconds', 60, -INT_MAX - 1, INT_MAX, 'advanced', 'Seconds without players after which the server pauses (0 or less never; Minecraft 1.21.2 and later).'),
  bool('prevent-proxy-connections', false, 'advanced', 'Kick players whose address differs from the one Mojang saw (blocks VPNs and proxies).'),
  int('query.port', 25565, 1, 65535, 'advanced', 'Port of the query protocol.'),
  int('rate-limit', 0, 0, INT_MAX, 'advanced', 'Packets per second a player may send before being kicked (0 no limit).'),
  text('rcon.password', '', 'advanced', 'Password of the remote console.', {
    secret: true,
  }),
  int('rcon.port', 25575, 1, 65535, 'advanced', 'Port of the remote console.'),
  choice('region-file-compression', 'deflate', ['deflate', 'lz4', 'none'], 'advanced', 'Compression of the world’s region files.'),
  bool('require-resource-pack', false, 'advanced', 'Kick players who decline the resource pack.'),
  text('resource-pack', '', 'advanced', 'Address of a resource pack players download.', {
    pattern: '^(https?://\\S+)?$',
    patternMessage: 'Must be empty or an http(s) address.',
  }),
  text('resource-pack-id', '', 'advanced', 'UUID of the resource pack.', {
    pattern: '^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})?$',
    patternMessage: 'Must be empty or a UUID.',
  }),
  text('resource-pack-prompt', '', 'advanced', 'Message shown when players are asked to use the resource pack.'),
  text('resource-pack-sha1', '', 'advanced', 'SHA-1 checksum of the resource pack.', {
    pattern: '^([0-9a-fA-F]{40})?$',
    patternMessage: 'Must be empty or 40 hexadecimal characters.',
  }),
  text('server-ip', '', 'advanced', 'Address the server listens on.'),
  int('server-port', 25565, 1, 65535, 'advanced', 'Port the server listens on.'),
  bool('sync-chunk-writes', true, 'advanced', 'Write chunks to disk synchronously (safer, slower).'),
  text('text-filtering-config', '', 'advanced', 'Configuration of the chat text filter.'),
  int('text-filtering-version', 0, 0, 1, 'advanced', 'Version of the chat text filter.'),
  bool('use-native-transport', true, 'advanced', 'Use Linux’s optimised network transport.'),
];
