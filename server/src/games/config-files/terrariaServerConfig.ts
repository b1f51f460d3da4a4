import type { ConfigFieldSpec } from './ConfigFieldSpec';
import { choice, int, text } from './fieldBuilders';

const onOff = ['0', '1'];

/**
 * The keys of the Terraria dedicated server's serverconfig.txt (1.4.4) with the values the server
 * accepts. Switches are 0/1 in this file, so they are enums rather than true/false.
 */
export const terrariaServerConfig: readonly ConfigFieldSpec[] = [
  text('motd', '', 'basic', 'Message shown to players when they join.', {
    pattern: '^.{0,128}$',
    patternMessage: 'Must be at most 128 characters.',
  }),
  int('maxplayers', 8, 1, 255, 'basic', 'Players allowed online at once.'),
  text('password', '', 'basic', 'Password players need to join (empty for none).', {
    pattern: '^\\S{0,64}$',
    patternMessage: 'Must be at most 64 characters, without spaces.',
    secret: true,
  }),
  choice('difficulty', '0', ['0', '1', '2', '3'], 'basic', 'Difficulty of a new world: 0 classic, 1 expert, 2 master, 3 journey.'),
  choice('autocreate', '2', ['1', '2', '3'], 'basic', 'Size of a world created when none exists: 1 small, 2 medium, 3 large.'),
  text('worldname', 'world', 'basic', 'Name of a newly created world.', {
    pattern: '^[\\w -]{1,32}$',
    patternMessage: 'Must be 1 to 32 letters, digits, spaces, - or _.',
  }),
  text('seed', '', 'basic', 'Seed of a newly created world (empty for a random one).'),
  choice('secure', '1', onOff, 'advanced', 'Extra protection against cheats (1 on, 0 off).'),
  choice('language', 'en-US', ['en-US', 'de-DE', 'it-IT', 'fr-FR', 'es-ES', 'ru-RU', 'zh-Hans', 'pt-BR', 'pl-PL'], 'advanced', 'Language of the server’s messages.'),
  text('world', '', 'advanced', 'World file loaded at start.'),
  text('worldpath', '', 'advanced', 'Folder where worlds are kept.'),
  text('banlist', 'banlist.txt', 'advanced', 'File of banned players.'),
  choice('upnp', '1', onOff, 'advanced', 'Open the port on the router automatically (1 on, 0 off).'),
  int('npcstream', 60, 0, 1000, 'advanced', 'How often NPC positions are sent (lower is smoother, uses more bandwidth; 0 off).'),
  choice('priority', '1', ['0', '1', '2', '3', '4', '5'], 'advanced', 'Process priority: 0 realtime, 1 high, 2 above normal, 3 normal, 4 below normal, 5 idle.'),
  int('port', 7777, 1, 65535, 'advanced', 'Port the server listens on.'),
];
