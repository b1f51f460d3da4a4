import type { SetupDefinition } from './SetupDefinition';

/** Minecraft setups. On the embedded flying-squid server the software stays flying-squid (at its version). */
export const minecraftSetups: SetupDefinition[] = [
  {
    id: 'minecraft-survival-friends',
    game: 'minecraft',
    name: 'Survival with friends',
    description: 'Vanilla survival on normal difficulty for a small group: whitelist on, PvP on, up to 10 players.',
    software: { software: 'vanilla', version: 'latest' },
    config: { 'server.properties': { gamemode: 'survival', difficulty: 'normal', hardcore: 'false', pvp: 'true', 'max-players': '10', 'white-list': 'true', 'force-gamemode': 'false' } },
    extensions: [],
    suggestsNewWorld: false,
  },
  {
    id: 'minecraft-creative-build',
    game: 'minecraft',
    name: 'Creative build server',
    description: 'Everyone builds in creative mode on a flat, peaceful world without monsters or PvP.',
    software: { software: 'vanilla', version: 'latest' },
    config: {
      'server.properties': { gamemode: 'creative', 'force-gamemode': 'true', difficulty: 'peaceful', pvp: 'false', 'spawn-monsters': 'false', 'level-type': 'minecraft:flat', 'allow-flight': 'true', 'spawn-protection': '0' },
    },
    extensions: [],
    suggestsNewWorld: true,
  },
  {
    id: 'minecraft-hardcore',
    game: 'minecraft',
    name: 'Hardcore',
    description: 'One life on hard difficulty: players who die become spectators.',
    software: { software: 'vanilla', version: 'latest' },
    config: { 'server.properties': { hardcore: 'true', difficulty: 'hard', gamemode: 'survival', 'force-gamemode': 'true', pvp: 'true' } },
    extensions: [],
    suggestsNewWorld: true,
  },
  {
    id: 'minecraft-modded-fabric',
    game: 'minecraft',
    name: 'Modded (Fabric + performance mods)',
    description: 'Fabric with Lithium, FerriteCore and Krypton for a faster server.',
    software: { software: 'fabric', version: 'latest' },
    config: { 'server.properties': { difficulty: 'normal', 'view-distance': '10', 'simulation-distance': '8' } },
    extensions: ['fabric-api', 'lithium', 'ferrite-core', 'krypton'],
    suggestsNewWorld: false,
  },
  {
    id: 'minecraft-minigames-paper',
    game: 'minecraft',
    name: 'Minigames (Paper + plugins)',
    description: 'Paper with a lobby and minigame plugins, adventure mode in the lobby.',
    software: { software: 'paper', version: 'latest' },
    config: { 'server.properties': { gamemode: 'adventure', 'force-gamemode': 'true', pvp: 'true', 'spawn-monsters': 'false', 'max-players': '50' } },
    extensions: ['multiverse-core', 'luckperms', 'worldguard'],
    suggestsNewWorld: false,
  },
];
