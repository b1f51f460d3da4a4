import { palworldDefaultSettings, palworldManagedSettings, palworldSettings } from '../config-files/palworldSettings';
import type { TemplateDefinition } from './TemplateDefinition';

/** Palworld dedicated server (Steam app 2394010), installed with SteamCMD. */
export const palworld: TemplateDefinition = {
  slug: 'palworld',
  game: 'palworld',
  name: 'Palworld',
  description: 'The Palworld dedicated server from Steam (app 2394010), installed with SteamCMD.',
  image: 'panel/debian-games:12',
  startCommand: './PalServer.sh -port={{SERVER_PORT}} -players={{MAX_PLAYERS}} -useperfthreads -NoAsyncLoadingThread -UseMultithreadForDS',
  env: {},
  doneRegex: ['Setting breakpad minidump AppID = 2394010'],
  stop: { type: 'signal', value: 'SIGINT' },
  stopTimeoutMs: 60_000,
  install: [
    { type: 'steamcmd', appId: 2394010 },
    { type: 'chmod', path: 'PalServer.sh', mode: 0o755 },
  ],
  variables: [{ key: 'MAX_PLAYERS', name: 'Max players', description: 'Players allowed at once (up to 32).', default: '16', userEditable: true, pattern: '^([1-9]|[12]\\d|3[0-2])$' }],
  configFiles: [
    {
      path: 'Pal/Saved/Config/LinuxServer/PalWorldSettings.ini',
      format: 'palworld-options',
      managed: palworldManagedSettings,
      title: 'World settings (PalWorldSettings.ini)',
      fields: palworldSettings,
      initial: palworldDefaultSettings,
    },
  ],
  // Players connect over UDP.
  portProtocol: 'udp',
  extraPorts: [],
  query: null,
};
