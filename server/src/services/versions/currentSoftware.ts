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

/** The template that runs each family of Minecraft server software. */
const FAMILY_TEMPLATES: Record<string, string[]> = {
  'minecraft-flying-squid': ['flying-squid'],
  'minecraft-java': JAVA_SERVER_SOFTWARE,
};

/** The software a template itself runs (a switch inside it keeps the template). */
export function templateSoftware(template: TemplateDefinition): string[] {
  return FAMILY_TEMPLATES[template.slug] ?? [];
}

/** The template that runs a Minecraft software (null: no template of this panel runs it). */
export function templateForSoftware(software: string): string | null {
  return Object.entries(FAMILY_TEMPLATES).find(([, list]) => list.includes(software))?.[0] ?? null;
}

/** Whether software runs on Java (the embedded flying-squid runs on the panel's own Node). */
export function needsJava(software: string): boolean {
  return JAVA_SERVER_SOFTWARE.includes(software);
}

/**
 * Which software a template can switch to: a Minecraft server moves between the versions of
 * its own software and, as a reinstall into the other template, between the families
 * (the embedded flying-squid server and the Java server software). Other games have no
 * catalogue yet.
 */
export function switchableSoftware(template: TemplateDefinition): string[] {
  if (!(template.slug in FAMILY_TEMPLATES)) return [];
  return [
    ...templateSoftware(template),
    ...Object.values(FAMILY_TEMPLATES)
      .flat()
      .filter((s) => !templateSoftware(template).includes(s)),
  ];
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
