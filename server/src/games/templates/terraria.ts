import { terrariaServerConfig } from '../config-files/terrariaServerConfig';
import type { TemplateDefinition } from './TemplateDefinition';

/** The official Terraria dedicated server (vanilla), downloaded from terraria.org. */
export const terraria: TemplateDefinition = {
  slug: 'terraria',
  game: 'terraria',
  name: 'Terraria',
  description: 'The official Terraria dedicated server, downloaded from terraria.org at install.',
  image: 'panel/debian-games:12',
  startCommand: './TerrariaServer.bin.x86_64 -config serverconfig.txt',
  env: {},
  doneRegex: ["Type 'help' for a list of commands"],
  stop: { type: 'command', value: 'exit' },
  stopTimeoutMs: 60_000,
  install: [
    { type: 'download', url: 'https://terraria.org/api/download/pc-dedicated-server/terraria-server-{{TERRARIA_VERSION}}.zip', to: 'terraria-server.zip' },
    { type: 'extract-zip', archive: 'terraria-server.zip', subdir: '{{TERRARIA_VERSION}}/Linux' },
    { type: 'chmod', path: 'TerrariaServer.bin.x86_64', mode: 0o755 },
    {
      type: 'write-file',
      path: 'serverconfig.txt',
      overwrite: false,
      content:
        'world={{ROOT}}/worlds/{{WORLD_NAME}}.wld\nworldpath={{ROOT}}/worlds\nautocreate={{WORLD_SIZE}}\nworldname={{WORLD_NAME}}\n' +
        'difficulty={{DIFFICULTY}}\nmaxplayers={{MAX_PLAYERS}}\nmotd={{MOTD}}\nsecure=1\nlanguage=en-US\n',
    },
  ],
  variables: [
    { key: 'TERRARIA_VERSION', name: 'Terraria version', description: 'Server version without dots (1449 = 1.4.4.9).', default: '1449', userEditable: true, pattern: '^\\d{3,5}$' },
    { key: 'WORLD_NAME', name: 'World name', description: 'Name of the world file.', default: 'world', userEditable: true, pattern: '^[\\w-]{1,32}$' },
    { key: 'WORLD_SIZE', name: 'World size', description: '1 small, 2 medium, 3 large (when the world is created).', default: '2', userEditable: true, pattern: '^[123]$' },
    { key: 'DIFFICULTY', name: 'Difficulty', description: '0 classic, 1 expert, 2 master, 3 journey.', default: '0', userEditable: true, pattern: '^[0-3]$' },
    { key: 'MAX_PLAYERS', name: 'Max players', description: 'Players allowed at once.', default: '8', userEditable: true, pattern: '^\\d{1,3}$' },
    { key: 'MOTD', name: 'Message of the day', description: 'Shown to players when they join.', default: 'Welcome!', userEditable: true, pattern: '^[^\\n]{0,128}$' },
  ],
  configFiles: [{ path: 'serverconfig.txt', format: 'properties', managed: { port: '{{SERVER_PORT}}' }, title: 'Server configuration', escaping: 'none', fields: terrariaServerConfig }],
  // Terraria's multiplayer runs over TCP.
  portProtocol: 'tcp',
  extraPorts: [],
  query: null,
};
