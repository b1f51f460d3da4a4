/** server.properties values written at install when the file does not have them yet. */
export const minecraftPropertyDefaults: Record<string, string> = {
  motd: 'A Minecraft Server',
  'max-players': '20',
  'online-mode': 'false',
  gamemode: 'survival',
  difficulty: 'normal',
  'level-name': 'world',
  'level-seed': '',
  'level-type': 'minecraft:normal',
  'view-distance': '10',
  pvp: 'true',
  'white-list': 'false',
};

/** Keys the panel owns: the game listens on its allocation whatever the customer edits. */
export const minecraftManagedProperties = { 'server-port': '{{SERVER_PORT}}', 'server-ip': '{{SERVER_IP}}', 'query.port': '{{SERVER_PORT}}' };
