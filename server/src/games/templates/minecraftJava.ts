import { minecraftServerProperties } from '../config-files/minecraftServerProperties';
import type { TemplateDefinition } from './TemplateDefinition';
import { minecraftManagedProperties, minecraftPropertyDefaults } from './minecraftProperties';

/** The official Minecraft Java server jar from Mojang (production nodes with Java installed). */
export const minecraftJava: TemplateDefinition = {
  slug: 'minecraft-java',
  game: 'minecraft',
  name: 'Minecraft (Java server)',
  description: 'The official Minecraft Java Edition server, downloaded from Mojang at install.',
  startCommand: 'java -Xms128M -Xmx{{SERVER_MEMORY}}M -jar {{SERVER_JARFILE}} nogui',
  env: {},
  doneRegex: ['\\)! For help, type "help"'],
  stop: { type: 'command', value: 'stop' },
  stopTimeoutMs: 60_000,
  install: [
    { type: 'minecraft-server-jar', version: '{{MINECRAFT_VERSION}}', to: '{{SERVER_JARFILE}}' },
    { type: 'require-binary', binary: 'java', hint: 'Install a Java runtime (Java 21 for Minecraft 1.20.5 and later).' },
    { type: 'properties-defaults', path: 'server.properties', values: { ...minecraftPropertyDefaults, 'online-mode': 'true' } },
  ],
  variables: [
    {
      key: 'MINECRAFT_VERSION',
      name: 'Minecraft version',
      description: 'The version to install: "latest" for the latest release, or a version such as 1.21.4.',
      default: 'latest',
      userEditable: true,
      pattern: '^(latest|[0-9A-Za-z.\\-]{1,32})$',
    },
    {
      key: 'SERVER_JARFILE',
      name: 'Server jar file',
      description: 'The jar the server is started from.',
      default: 'server.jar',
      userEditable: true,
      pattern: '^[\\w.\\-]{1,64}\\.jar$',
    },
  ],
  configFiles: [{ path: 'server.properties', format: 'properties', managed: minecraftManagedProperties, title: 'Server properties', fields: minecraftServerProperties }],
  // Minecraft Java edition: players connect over TCP.
  portProtocol: 'tcp',
  extraPorts: [],
  query: 'minecraft',
};
