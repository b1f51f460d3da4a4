import { minecraftServerProperties } from '../config-files/minecraftServerProperties';
import type { TemplateDefinition } from './TemplateDefinition';
import { minecraftManagedProperties, minecraftPropertyDefaults } from './minecraftProperties';

/** The official Minecraft Java server jar from Mojang (production nodes with Java installed). */
export const minecraftJava: TemplateDefinition = {
  slug: 'minecraft-java',
  game: 'minecraft',
  name: 'Minecraft (Java server)',
  description: 'The official Minecraft Java Edition server, downloaded from Mojang at install.',
  // Forge and NeoForge (1.17 and later) have no server jar to run: their installer names the
  // classpath and main class in an arguments file, which the panel records in JAVA_ARGS_FILE.
  image: 'panel/java:17',
  startCommand: 'java -Xms128M -Xmx{{SERVER_MEMORY}}M $(if [ -n "$JAVA_ARGS_FILE" ]; then echo "@$JAVA_ARGS_FILE"; else echo "-jar $SERVER_JARFILE"; fi) nogui',
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
    {
      key: 'JAVA_ARGS_FILE',
      name: 'Java arguments file',
      description: 'Set by the panel when Forge or NeoForge is installed: the file that names their start arguments.',
      default: '',
      userEditable: false,
      pattern: '^((?!.*\\.\\.)libraries/[\\w.+\\-/]{1,200}/unix_args\\.txt)?$',
    },
  ],
  configFiles: [{ path: 'server.properties', format: 'properties', managed: minecraftManagedProperties, title: 'Server properties', fields: minecraftServerProperties }],
  // Minecraft Java edition: players connect over TCP.
  portProtocol: 'tcp',
  extraPorts: [],
  query: 'minecraft',
};
