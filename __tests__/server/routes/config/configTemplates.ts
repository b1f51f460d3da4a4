import { fixtureTemplate } from '../../helpers/testTemplates';
import { registerTemplate, type TemplateDefinition } from '../../../../server/src/games/templates';
import { minecraftServerProperties } from '../../../../server/src/games/config-files/minecraftServerProperties';
import { terrariaServerConfig } from '../../../../server/src/games/config-files/terrariaServerConfig';
import { minecraftManagedProperties } from '../../../../server/src/games/templates/minecraftProperties';

/** server.properties as a game and a customer left it: comments, an unknown key, escapes, a secret. */
export const sampleProperties = [
  '#Minecraft server properties',
  '#Sat Jan 04 10:00:00 UTC 2025',
  'motd=Old message',
  '# how many may join',
  'max-players=20',
  'custom-plugin-key=keep me',
  'level-type=minecraft\\:normal',
  'rcon.password=hunter2',
  'server-port=25565',
  '',
].join('\n');

/** The scripted fixture game with a Minecraft server.properties declared like the real templates. */
export const configFixtureTemplate: TemplateDefinition = {
  ...fixtureTemplate,
  slug: 'test-config-minecraft',
  name: 'Test config (Minecraft properties)',
  install: [
    ...fixtureTemplate.install,
    {
      type: 'write-file',
      path: 'server.properties',
      content: sampleProperties,
      overwrite: true,
    },
  ],
  configFiles: [
    {
      path: 'server.properties',
      format: 'properties',
      managed: minecraftManagedProperties,
      title: 'Server properties',
      fields: minecraftServerProperties,
    },
  ],
};

/** The fixture game with a plain key=value file declared like Terraria's serverconfig.txt. */
export const plainConfigFixtureTemplate: TemplateDefinition = {
  ...fixtureTemplate,
  slug: 'test-config-plain',
  name: 'Test config (plain key=value)',
  install: [
    ...fixtureTemplate.install,
    {
      type: 'write-file',
      path: 'serverconfig.txt',
      content: 'motd=Welcome!\nmaxplayers=8\nport=7777\n',
      overwrite: true,
    },
  ],
  configFiles: [
    {
      path: 'serverconfig.txt',
      format: 'properties',
      managed: { port: '{{SERVER_PORT}}' },
      title: 'Server configuration',
      escaping: 'none',
      fields: terrariaServerConfig,
    },
  ],
};

registerTemplate(configFixtureTemplate);
registerTemplate(plainConfigFixtureTemplate);
