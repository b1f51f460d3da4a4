/** The config parsers of eggs the panel applies as rewrites (properties and ini go through the config area's formats). */
export const rewriteParsers = ['file', 'json', 'yaml', 'xml'] as const;
export type RewriteParser = (typeof rewriteParsers)[number];

/**
 * One replacement of an egg's `find` map, as Wings reads it: `match` is a line start (`file`), a
 * dotted path (`json`, `yaml`: `servers.*.address`, `listeners[0].host`) or an element path
 * (`xml`: `Settings.Port`). With `ifValue` the value is replaced only when it is that text, or
 * matches it (`regex:…`, whose groups `$1` the new value may use).
 */
export interface ConfigReplacement {
  match: string;
  ifValue: string | null;
  /** The new value, `{{PLACEHOLDER}}`s filled in by the time it is applied. */
  value: string;
  /** Wings writes a boolean where the egg wrote one, and a whole number as a number. */
  boolean: boolean;
}

/** A config file an egg rewrites before each start. */
export interface ConfigRewrite {
  path: string;
  parser: RewriteParser;
  replacements: ConfigReplacement[];
}

/** The typed value Wings writes into a JSON or YAML file for a replacement. */
export function typedValue(replacement: Pick<ConfigReplacement, 'boolean'>, value: string): string | number | boolean {
  if (replacement.boolean) return /^(1|t|true)$/i.test(value.trim());
  return /^[+-]?\d{1,15}$/.test(value) ? Number(value) : value;
}

/**
 * The value an `ifValue` replacement writes over `current`, or null when it does not apply:
 * `regex:` patterns match anywhere and may refer to their groups (`$2`); plain text must be equal.
 */
export function conditionalValue(ifValue: string, current: string, value: string): string | null {
  if (!ifValue.startsWith('regex:')) return current === ifValue ? value : null;
  let pattern: RegExp;
  try {
    pattern = new RegExp(ifValue.slice('regex:'.length));
  } catch {
    return null;
  }
  return pattern.test(current) ? current.replace(pattern, value) : null;
}
