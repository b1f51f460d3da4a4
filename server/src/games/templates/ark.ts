import { arkGameUserSettings, arkManagedSettings } from '../config-files/arkGameUserSettings';
import type { TemplateDefinition } from './TemplateDefinition';

/** ARK: Survival Evolved dedicated server (Steam app 376030), installed with SteamCMD. */
export const ark: TemplateDefinition = {
  slug: 'ark',
  game: 'ark',
  name: 'ARK: Survival Evolved',
  description: 'The ARK: Survival Evolved dedicated server from Steam (app 376030), installed with SteamCMD.',
  // The ?-separated options form one argument; literal parts are quoted so the shell never globs them.
  image: 'panel/debian-games:12',
  startCommand:
    "./ShooterGame/Binaries/Linux/ShooterGameServer {{MAP}}'?listen?SessionName='{{SESSION_NAME}}'?ServerPassword='{{SERVER_PASSWORD}}" +
    "'?ServerAdminPassword='{{ADMIN_PASSWORD}}'?Port='{{SERVER_PORT}}'?QueryPort='{{QUERY_PORT}}'?RCONPort='{{RCON_PORT}}" +
    "'?RCONEnabled=True?MaxPlayers='{{MAX_PLAYERS}} -server -log",
  env: {},
  doneRegex: ['Server has completed startup and is now advertising for join', 'Full Startup: '],
  stop: { type: 'signal', value: 'SIGINT' },
  stopTimeoutMs: 120_000,
  install: [
    { type: 'steamcmd', appId: 376030 },
    { type: 'chmod', path: 'ShooterGame/Binaries/Linux/ShooterGameServer', mode: 0o755 },
  ],
  variables: [
    { key: 'SESSION_NAME', name: 'Server name', description: 'Name shown in the server browser.', default: 'An ARK Server', userEditable: true, pattern: "^[^?'\\n]{1,64}$" },
    { key: 'MAP', name: 'Map', description: 'TheIsland, TheCenter, Ragnarok, ScorchedEarth_P …', default: 'TheIsland', userEditable: true, pattern: '^\\w{1,32}$' },
    { key: 'SERVER_PASSWORD', name: 'Join password', description: 'Leave empty for a public server.', default: '', userEditable: true, pattern: "^[^?'\\s]{0,64}$" },
    { key: 'ADMIN_PASSWORD', name: 'Admin password', description: 'Password for admin commands and RCON.', default: '', userEditable: false, pattern: '^[\\w-]{8,64}$', generate: 'secret' },
    { key: 'MAX_PLAYERS', name: 'Max players', description: 'Players allowed at once.', default: '20', userEditable: true, pattern: '^\\d{1,3}$' },
  ],
  configFiles: [
    {
      path: 'ShooterGame/Saved/Config/LinuxServer/GameUserSettings.ini',
      format: 'ini',
      managed: arkManagedSettings,
      title: 'Game user settings (GameUserSettings.ini)',
      fields: arkGameUserSettings,
      // ShooterGameServer saves its settings into this file when it shuts down.
      rewrittenOnStop: true,
    },
  ],
  // The game and query ports are UDP (only RCON uses TCP).
  portProtocol: 'udp',
  extraPorts: ['query', 'rcon'],
  query: null,
};
