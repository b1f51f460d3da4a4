import type { StopAction } from '../../runtime/types';
import { eggConfigParsers, eggFormats, type EggConfigFile, type EggConfigParser, type EggDefinition, type EggFormat, type EggVariable } from './EggDefinition';
import { formatRules, parseRules, RuleSyntaxError } from './laravelRules';

/** An egg the panel cannot read: messages per field (`meta.version`, `variables.2.env_variable` …), answered as 422. */
export class EggFormatError extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super('The egg cannot be read.');
  }
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
// Names Wings sets itself: a variable must not replace them.
const RESERVED_ENV = ['SERVER_MEMORY', 'SERVER_IP', 'SERVER_PORT', 'ENV', 'HOME', 'USER', 'STARTUP', 'SERVER_UUID', 'UUID', 'P_SERVER_LOCATION', 'P_SERVER_UUID', 'P_SERVER_ALLOCATION_LIMIT'];
const USED_KEYS = [
  '_comment',
  'meta',
  'exported_at',
  'uuid',
  'name',
  'author',
  'description',
  'features',
  'docker_images',
  'images',
  'image',
  'startup',
  'startup_commands',
  'config',
  'scripts',
  'variables',
];

/**
 * Reads the egg file's text: JSON (Pterodactyl) or YAML (Pelican; JSON is YAML too). The YAML
 * parser (some 70 modules) is loaded by the first YAML egg, not by every start of the panel.
 */
async function readDocument(text: string): Promise<Json> {
  let document: unknown;
  try {
    document = text.trimStart().startsWith('{') ? JSON.parse(text) : (await import('yaml')).parse(text, { maxAliasCount: 50 });
  } catch {
    throw new EggFormatError({ egg: ['The file is neither JSON nor YAML'] });
  }
  if (!isRecord(document)) throw new EggFormatError({ egg: ['The file does not hold an egg'] });
  return document;
}

/** Pterodactyl keeps config parts as JSON text inside the JSON; Pelican as YAML maps. Both are read. */
function embedded(value: unknown, field: string, errors: Record<string, string[]>): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return {};
  try {
    return JSON.parse(value);
  } catch {
    errors[field] = ['Must be JSON'];
    return {};
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '');
const flag = (value: unknown, fallback: boolean): boolean => (value === undefined || value === null ? fallback : value === true || value === 1 || value === '1' || value === 'true');

function stopOf(value: unknown): StopAction {
  const stop = text(value).trim();
  // Wings: `^C` sends SIGINT; `^^C` kills outright. No stop at all: the container's default signal.
  if (stop === '^C' || stop === 'SIGINT') return { type: 'signal', value: 'SIGINT' };
  if (stop === '^^C' || stop === 'SIGKILL') return { type: 'signal', value: 'SIGKILL' };
  if (stop === '' || stop === 'SIGTERM') return { type: 'signal', value: 'SIGTERM' };
  return { type: 'command', value: stop };
}

function imagesOf(egg: Json, format: EggFormat, errors: Record<string, string[]>): EggDefinition['images'] {
  if (isRecord(egg.docker_images)) return Object.entries(egg.docker_images).map(([label, image]) => ({ label, image: text(image) }));
  // PTDL_v1 (and some v2 exports) list images without labels, or name one `image`.
  const list = Array.isArray(egg.images) ? egg.images.map(text) : typeof egg.image === 'string' ? [egg.image] : [];
  if (list.length === 0) errors[format.startsWith('PTDL_v1') ? 'images' : 'docker_images'] = ['The egg names no image'];
  return list.map((image) => ({ label: image, image }));
}

function startupOf(egg: Json, format: EggFormat, errors: Record<string, string[]>): EggDefinition['startupCommands'] {
  if (format === 'PLCN_v3' || isRecord(egg.startup_commands)) {
    const commands = isRecord(egg.startup_commands) ? Object.entries(egg.startup_commands).map(([name, command]) => ({ name, command: text(command) })) : [];
    if (commands.length === 0 || commands.some((c) => c.command.trim() === '')) errors.startup_commands = ['Every startup command needs a command line'];
    return commands;
  }
  if (text(egg.startup).trim() === '') errors.startup = ['The egg has no startup command'];
  return [{ name: 'Default', command: text(egg.startup) }];
}

function configFilesOf(files: unknown, errors: Record<string, string[]>): EggConfigFile[] {
  if (!isRecord(files)) return [];
  return Object.entries(files).map(([path, spec]) => {
    const parser = isRecord(spec) ? text(spec.parser) : '';
    if (!(eggConfigParsers as readonly string[]).includes(parser)) errors[`config.files.${path}.parser`] = [`Unknown parser "${parser}"; known: ${eggConfigParsers.join(', ')}`];
    if (path.split('/').includes('..') || path.startsWith('/')) errors[`config.files.${path}`] = ['The path must stay inside the server folder'];
    return { path, parser: parser as EggConfigParser, find: isRecord(spec) && isRecord(spec.find) ? spec.find : {} };
  });
}

function variablesOf(list: unknown, errors: Record<string, string[]>): EggVariable[] {
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) {
    errors.variables = ['Must be a list'];
    return [];
  }
  const seen = new Set<string>();
  return list.map((raw: unknown, index) => {
    const variable = isRecord(raw) ? raw : {};
    const at = `variables.${index}`;
    const env = text(variable.env_variable);
    if (env === '') errors[`${at}.env_variable`] = ['Every variable needs an env_variable'];
    else if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(env)) errors[`${at}.env_variable`] = ['Only letters, numbers and underscores, not starting with a number'];
    else if (RESERVED_ENV.includes(env.toUpperCase())) errors[`${at}.env_variable`] = [`${env} is set by the panel`];
    else if (seen.has(env)) errors[`${at}.env_variable`] = [`${env} is declared twice`];
    seen.add(env);
    const rawRules = Array.isArray(variable.rules) ? variable.rules.map(text) : text(variable.rules);
    let rules: string[] = [];
    try {
      rules = formatRules(parseRules(rawRules));
    } catch (error) {
      if (!(error instanceof RuleSyntaxError)) throw error;
      errors[`${at}.rules`] = [error.message];
    }
    return {
      name: text(variable.name) || env,
      description: text(variable.description),
      envVariable: env,
      defaultValue: text(variable.default_value),
      userViewable: flag(variable.user_viewable, true),
      userEditable: flag(variable.user_editable, true),
      rules,
    };
  });
}

/**
 * Reads an egg file (PTDL_v1/PTDL_v2 JSON, PLCN_v1–PLCN_v3 YAML) into the panel's egg shape.
 * Everything wrong is collected and thrown at once as an EggFormatError naming each field; keys
 * the panel does not use are kept in `ignored`, never fatal.
 */
export async function parseEgg(source: string | Json): Promise<EggDefinition> {
  const egg = typeof source === 'string' ? await readDocument(source) : source;
  const errors: Record<string, string[]> = {};
  const version = isRecord(egg.meta) ? text(egg.meta.version) : '';
  if (!(eggFormats as readonly string[]).includes(version)) {
    throw new EggFormatError({ 'meta.version': [version ? `Unknown egg version "${version}"; known: ${eggFormats.join(', ')}` : 'The egg has no meta.version'] });
  }
  const format = version as EggFormat;
  if (text(egg.name).trim() === '') errors.name = ['The egg has no name'];
  const config = isRecord(egg.config) ? egg.config : {};
  const startupConfig = embedded(config.startup, 'config.startup', errors);
  const done = isRecord(startupConfig) ? startupConfig.done : undefined;
  const install = isRecord(egg.scripts) && isRecord(egg.scripts.installation) ? egg.scripts.installation : null;
  const definition: EggDefinition = {
    format,
    uuid: text(egg.uuid) || null,
    name: text(egg.name).trim().slice(0, 96),
    author: text(egg.author),
    description: text(egg.description),
    features: Array.isArray(egg.features) ? egg.features.map(text) : [],
    images: imagesOf(egg, format, errors),
    startupCommands: startupOf(egg, format, errors),
    configFiles: configFilesOf(embedded(config.files, 'config.files', errors), errors),
    done: (Array.isArray(done) ? done.map(text) : [text(done)]).filter((line) => line !== ''),
    stop: stopOf(config.stop),
    install: install && text(install.script).trim() !== '' ? { script: text(install.script), container: text(install.container), entrypoint: text(install.entrypoint) || 'bash' } : null,
    variables: variablesOf(egg.variables, errors),
    updateUrl: isRecord(egg.meta) ? text(egg.meta.update_url) || null : null,
    ignored: Object.fromEntries(Object.entries(egg).filter(([key]) => !USED_KEYS.includes(key))),
  };
  if (definition.install && definition.install.container === '') errors['scripts.installation.container'] = ['The install script needs a container image'];
  if (Object.keys(errors).length > 0) throw new EggFormatError(errors);
  return definition;
}
