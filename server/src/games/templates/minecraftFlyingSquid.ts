import { minecraftServerProperties } from '../config-files/minecraftServerProperties';
import type { TemplateDefinition } from './TemplateDefinition';
import { minecraftManagedProperties, minecraftPropertyDefaults } from './minecraftProperties';

/**
 * Minecraft on flying-squid, a Minecraft server written in Node (from npm), started through our
 * launcher. It installs without a download, so it is what the embedded default runs.
 */
export const minecraftFlyingSquid: TemplateDefinition = {
  slug: 'minecraft-flying-squid',
  game: 'minecraft',
  name: 'Minecraft (flying-squid)',
  description: 'A Minecraft 1.21.4 server written in Node.js (flying-squid). Starts in about a second; vanilla clients join in offline mode.',
  image: 'panel/flying-squid:1',
  startCommand: '{{NODE}} --max-old-space-size={{NODE_HEAP_MB}} {{LAUNCHERS}}/flying-squid.cjs',
  env: { MINECRAFT_VERSION: '{{MINECRAFT_VERSION}}' },
  doneRegex: ['\\)! For help, type "help"'],
  stop: { type: 'command', value: 'stop' },
  stopTimeoutMs: 30_000,
  install: [
    { type: 'require-node-module', module: 'flying-squid' },
    { type: 'properties-defaults', path: 'server.properties', values: minecraftPropertyDefaults },
  ],
  variables: [
    {
      key: 'MINECRAFT_VERSION',
      name: 'Minecraft version',
      description: 'Game version the server speaks (flying-squid supports 1.8.8 to 1.21.4).',
      default: '1.21.4',
      userEditable: false,
      pattern: '^1\\.\\d+(\\.\\d+)?$',
    },
  ],
  configFiles: [{ path: 'server.properties', format: 'properties', managed: minecraftManagedProperties, title: 'Server properties', fields: minecraftServerProperties }],
  // Minecraft Java edition: players connect over TCP.
  portProtocol: 'tcp',
  extraPorts: [],
  query: 'minecraft',
};
