import type { GameSlug, TemplateConfigFile, TemplateDefinition } from '../templates/TemplateDefinition';
import { rewriteParsers, type ConfigReplacement, type ConfigRewrite, type RewriteParser } from '../config-files/rewrites';
import type { EggConfigFile, EggDefinition } from './EggDefinition';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Wings' placeholders in the panel's words: `{{server.build.memory}}` → `{{SERVER_MEMORY}}`,
 * `{{server.build.default.port}}` → `{{SERVER_PORT}}`, `{{env.NAME}}` → `{{NAME}}`. Unknown ones
 * (`{{config.docker.interface}}`) stay and render empty.
 */
export function panelPlaceholders(text: string): string {
  return text
    .replace(/\{\{\s*server\.build\.memory\s*\}\}/g, '{{SERVER_MEMORY}}')
    .replace(/\{\{\s*server\.build\.default\.port\s*\}\}/g, '{{SERVER_PORT}}')
    .replace(/\{\{\s*server\.build\.default\.ip\s*\}\}/g, '{{SERVER_IP}}')
    .replace(/\{\{\s*(?:server\.build\.)?env\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, '{{$1}}')
    .replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, '{{$1}}');
}

/** The game (and so the theme) an egg is for, guessed from its name and features when the host does not say. */
export function guessGame(egg: Pick<EggDefinition, 'name' | 'features'>): GameSlug | null {
  const name = egg.name.toLowerCase();
  for (const game of ['minecraft', 'rust', 'terraria', 'palworld'] as const) if (name.includes(game)) return game;
  if (/\bark\b/.test(name)) return 'ark';
  if (egg.features.some((feature) => ['eula', 'java_version', 'pid_limit'].includes(feature))) return 'minecraft';
  return null;
}

const isScalar = (value: unknown): value is string | number | boolean => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * An egg's `find` map as Wings reads it: `key: value`, or `key: { "if the value is": "new value" }`
 * (`regex:` conditions too). Values other than text, numbers and booleans are skipped.
 */
function replacementsOf(find: Record<string, unknown>): ConfigReplacement[] {
  const replacements: ConfigReplacement[] = [];
  for (const [match, raw] of Object.entries(find)) {
    if (isScalar(raw)) replacements.push({ match, ifValue: null, value: panelPlaceholders(String(raw)), boolean: typeof raw === 'boolean' });
    else if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
      for (const [ifValue, value] of Object.entries(raw)) {
        if (isScalar(value)) replacements.push({ match, ifValue, value: panelPlaceholders(String(value)), boolean: typeof value === 'boolean' });
      }
    }
  }
  return replacements;
}

/** The `file`, `json`, `yaml` and `xml` files of an egg, rewritten before each start. */
function configRewritesOf(files: EggConfigFile[]): ConfigRewrite[] {
  return files
    .filter((file) => (rewriteParsers as readonly string[]).includes(file.parser))
    .map((file) => ({ path: file.path, parser: file.parser as RewriteParser, replacements: replacementsOf(file.find) }))
    .filter((rewrite) => rewrite.replacements.length > 0);
}

/** Rewrites the config area knows as forms: `properties` and `ini` files (the other parsers: configRewritesOf). */
function configFileOf(file: EggConfigFile): TemplateConfigFile | null {
  if (file.parser !== 'properties' && file.parser !== 'ini') return null;
  const managed: Record<string, string> = {};
  for (const [key, value] of Object.entries(file.find)) {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue;
    // Eggs name an ini key `section.key`; the panel's ini format says `section/key`.
    const panelKey = file.parser === 'ini' && key.includes('.') ? `${key.slice(0, key.lastIndexOf('.'))}/${key.slice(key.lastIndexOf('.') + 1)}` : key;
    managed[panelKey] = panelPlaceholders(String(value));
  }
  return { path: file.path, format: file.parser, managed, escaping: file.parser === 'properties' ? 'java' : undefined };
}

/**
 * The panel's template for an egg: one template shape for built-in games and imported eggs. The
 * server's start command is the egg's first startup command (or the one its server chose); its install is the egg's script (run
 * in the egg's install container on a Docker node); its done lines match as plain text.
 */
export function eggToTemplate(egg: EggDefinition, slug: string, game: GameSlug): TemplateDefinition {
  return {
    slug,
    game,
    name: egg.name,
    description: egg.description,
    startCommand: panelPlaceholders(egg.startupCommands[0].command),
    startupCommands: egg.startupCommands.map((command) => ({ name: command.name, command: panelPlaceholders(command.command) })),
    image: egg.images[0]?.image,
    images: egg.images,
    env: {},
    doneRegex: egg.done.map(escapeRegExp),
    stop: egg.stop,
    stopTimeoutMs: 60_000,
    install: egg.install ? [{ type: 'egg-script', script: egg.install.script.replace(/\r\n/g, '\n'), container: egg.install.container, entrypoint: egg.install.entrypoint }] : [],
    variables: egg.variables.map((variable) => ({
      key: variable.envVariable,
      name: variable.name,
      description: variable.description,
      default: variable.defaultValue,
      userEditable: variable.userEditable,
      userViewable: variable.userViewable,
      // The rules decide; the pattern only bounds the length (the rules may allow anything).
      pattern: '^[^\\u0000]{0,4096}$',
      rules: variable.rules,
    })),
    configFiles: egg.configFiles.map(configFileOf).filter((file): file is TemplateConfigFile => file !== null),
    configRewrites: configRewritesOf(egg.configFiles),
    portProtocol: 'tcp',
    extraPorts: [],
    query: null,
  };
}
