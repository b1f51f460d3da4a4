/** The syntaxes the editor highlights; `plain` has no highlighting. */
export type EditorLanguage = 'properties' | 'yaml' | 'json' | 'toml' | 'javascript' | 'shell' | 'log' | 'plain';

const byExtension: Record<string, EditorLanguage> = {
  properties: 'properties',
  cfg: 'properties',
  conf: 'properties',
  ini: 'properties',
  env: 'properties',
  yml: 'yaml',
  yaml: 'yaml',
  json: 'json',
  json5: 'json',
  mcmeta: 'json',
  toml: 'toml',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  ts: 'javascript',
  sh: 'shell',
  bash: 'shell',
  command: 'shell',
  log: 'log',
  txt: 'plain',
};

/**
 * The syntax of a file by its name: its extension, with a few names servers use without one
 * (`.env`, `start`, rotated logs like `latest.log.1`).
 */
export function editorLanguageFor(fileName: string): EditorLanguage {
  const name = fileName.toLowerCase();
  if (/\.log(\.\d+)?(\.gz)?$/.test(name)) return 'log';
  if (name === 'start' || name === 'run' || name.endsWith('.sh')) return 'shell';
  const dot = name.lastIndexOf('.');
  if (dot < 0) return 'plain';
  return byExtension[name.slice(dot + 1)] ?? 'plain';
}
