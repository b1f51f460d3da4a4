import type { TemplateDefinition } from '../../games/templates/TemplateDefinition';
import type { ServerRow } from '../../db/schema';

/** The software a server runs now, as the panel installed it. */
export interface CurrentSoftware {
  software: string;
  version: string;
  build: string | null;
}

/** Software a Java Minecraft server can switch between (proxies and runtimes are not servers to switch to). */
const JAVA_SERVER_SOFTWARE = ['vanilla', 'paper', 'folia', 'purpur', 'fabric', 'forge', 'neoforge'];

/**
 * Which software a template can run: the embedded flying-squid server switches between the
 * versions it supports; the Java template between the Java server software. Other games have
 * no catalogue yet.
 */
export function switchableSoftware(template: TemplateDefinition): string[] {
  if (template.slug === 'minecraft-flying-squid') return ['flying-squid'];
  if (template.slug === 'minecraft-java') return JAVA_SERVER_SOFTWARE;
  return [];
}

/** The current software from the server's variables (SERVER_SOFTWARE, MINECRAFT_VERSION, SOFTWARE_BUILD) and the template's defaults. */
export function currentSoftware(server: ServerRow, template: TemplateDefinition): CurrentSoftware | null {
  const defaults = Object.fromEntries(template.variables.map((v) => [v.key, v.default]));
  const vars = { ...defaults, ...server.variables };
  if (template.slug === 'minecraft-flying-squid') return { software: 'flying-squid', version: vars.MINECRAFT_VERSION ?? '1.21.4', build: vars.SOFTWARE_BUILD ?? null };
  if (template.slug === 'minecraft-java') return { software: vars.SERVER_SOFTWARE ?? 'vanilla', version: vars.MINECRAFT_VERSION ?? 'latest', build: vars.SOFTWARE_BUILD ?? null };
  return null;
}

/** The world folders of a Minecraft server (level-name and its nether and end), which a switch never touches. */
export function worldFolders(levelName: string): string[] {
  const name = levelName.trim() || 'world';
  return [name, `${name}_nether`, `${name}_the_end`];
}
