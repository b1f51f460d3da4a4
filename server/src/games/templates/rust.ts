import { rustManagedConvars, rustServerCfg } from '../config-files/rustServerCfg';
import type { TemplateDefinition } from './TemplateDefinition';

/** Rust dedicated server (Steam app 258550), installed with SteamCMD. */
export const rust: TemplateDefinition = {
  slug: 'rust',
  game: 'rust',
  name: 'Rust',
  description: 'The Rust dedicated server from Steam (app 258550), installed with SteamCMD.',
  image: 'panel/debian-games:12',
  startCommand:
    './RustDedicated -batchmode +server.port {{SERVER_PORT}} +server.queryport {{QUERY_PORT}} +server.identity rust' +
    ' +rcon.port {{RCON_PORT}} +rcon.web true +rcon.password {{RCON_PASS}} +app.port {{APP_PORT}}' +
    ' +server.hostname {{HOSTNAME}} +server.description {{DESCRIPTION}} +server.level {{LEVEL}}' +
    ' +server.worldsize {{WORLD_SIZE}} +server.seed {{WORLD_SEED}} +server.maxplayers {{MAX_PLAYERS}}' +
    ' +server.saveinterval {{SAVE_INTERVAL}} -logfile',
  env: { LD_LIBRARY_PATH: '{{ROOT}}/RustDedicated_Data/Plugins/x86_64:{{ROOT}}/RustDedicated_Data/Plugins' },
  doneRegex: ['Server startup complete'],
  stop: { type: 'command', value: 'quit' },
  stopTimeoutMs: 120_000,
  install: [
    { type: 'steamcmd', appId: 258550 },
    { type: 'chmod', path: 'RustDedicated', mode: 0o755 },
  ],
  variables: [
    { key: 'HOSTNAME', name: 'Server name', description: 'Name shown in the server browser.', default: 'A Rust Server', userEditable: true, pattern: '^.{1,64}$' },
    { key: 'DESCRIPTION', name: 'Description', description: 'Description shown in the server browser.', default: 'Powered by the panel', userEditable: true, pattern: '^.{0,256}$' },
    { key: 'LEVEL', name: 'Map', description: 'Procedural Map, Barren, HapisIsland, CraggyIsland …', default: 'Procedural Map', userEditable: true, pattern: '^[\\w ]{1,32}$' },
    { key: 'WORLD_SIZE', name: 'World size', description: 'Map size in metres (1000–6000).', default: '3000', userEditable: true, pattern: '^([1-5]\\d{3}|6000)$' },
    { key: 'WORLD_SEED', name: 'World seed', description: 'Seed of the procedural map.', default: '12345', userEditable: true, pattern: '^\\d{1,10}$' },
    { key: 'MAX_PLAYERS', name: 'Max players', description: 'Players allowed at once.', default: '50', userEditable: true, pattern: '^\\d{1,3}$' },
    { key: 'SAVE_INTERVAL', name: 'Save interval', description: 'Seconds between saves.', default: '300', userEditable: true, pattern: '^\\d{2,5}$' },
    { key: 'RCON_PASS', name: 'RCON password', description: 'Password of the web RCON.', default: '', userEditable: false, pattern: '^[\\w-]{8,64}$', generate: 'secret' },
  ],
  // The identity `rust` of the start command puts the server's files under server/rust/.
  configFiles: [{ path: 'server/rust/cfg/server.cfg', format: 'rust-cfg', managed: rustManagedConvars, title: 'Server configuration (server.cfg)', fields: rustServerCfg }],
  // The game port speaks RakNet over UDP (rcon and the companion app use TCP on their own ports).
  portProtocol: 'udp',
  extraPorts: ['query', 'rcon', 'app'],
  query: null,
};
