import { phpRegex } from './phpRegex';
import { RuleSyntaxError } from './RuleSyntaxError';

export { RuleSyntaxError } from './RuleSyntaxError';

/** One rule of Laravel's validation syntax as eggs write them (`max:20`, `in:a,b`, `regex:/^x$/`). */
export interface Rule {
  name: RuleName;
  args: string[];
  /** The compiled pattern of `regex:` / `not_regex:`. */
  pattern?: RegExp;
}

/** Every rule the public eggs use; any other name makes the egg unreadable (its rule would be skipped silently otherwise). */
export const ruleNames = [
  'required',
  'nullable',
  'sometimes',
  'bail',
  'present',
  'filled',
  'string',
  'integer',
  'numeric',
  'boolean',
  'array',
  'in',
  'not_in',
  'regex',
  'not_regex',
  'min',
  'max',
  'between',
  'size',
  'alpha',
  'alpha_dash',
  'alpha_num',
  'digits',
  'digits_between',
  'url',
  'email',
  'ip',
  'ipv4',
  'ipv6',
  'uuid',
  'json',
  'starts_with',
  'ends_with',
  'lowercase',
  'uppercase',
] as const;
export type RuleName = (typeof ruleNames)[number];

const numberArg = /^-?\d+(\.\d+)?$/;
const ARG_COUNT: Partial<Record<RuleName, [number, number]>> = {
  in: [1, Infinity],
  not_in: [1, Infinity],
  min: [1, 1],
  max: [1, 1],
  size: [1, 1],
  digits: [1, 1],
  between: [2, 2],
  digits_between: [2, 2],
  starts_with: [1, Infinity],
  ends_with: [1, Infinity],
};
const NUMERIC_ARGS: RuleName[] = ['min', 'max', 'size', 'digits', 'between', 'digits_between'];

/**
 * Splits a rule string at `|`, except inside a `regex:` whose closing delimiter has not come yet
 * (`regex:/^(a|b)$/` stays whole), as eggs written for Laravel's array form sometimes need.
 */
function splitRules(text: string): string[] {
  const out: string[] = [];
  for (const piece of text.split('|')) {
    const last = out[out.length - 1];
    if (last !== undefined && /^(not_)?regex:/.test(last) && !phpRegex.isClosed(last.slice(last.indexOf(':') + 1))) out[out.length - 1] = `${last}|${piece}`;
    else out.push(piece);
  }
  return out.map((rule) => rule.trim()).filter((rule) => rule !== '');
}

/** Laravel reads a rule's arguments as one CSV line: `"a,b",c` is two values. */
function csvValues(text: string): string[] {
  const values: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === '"' && text[i + 1] === '"') {
      current += '"';
      i++;
    } else if (char === '"' && (quoted || current === '')) quoted = !quoted;
    else if (char === ',' && !quoted) {
      values.push(current);
      current = '';
    } else current += char;
  }
  values.push(current);
  return values;
}

function parseOne(text: string): Rule {
  const colon = text.indexOf(':');
  const name = (colon < 0 ? text : text.slice(0, colon)).trim().toLowerCase();
  const rest = colon < 0 ? null : text.slice(colon + 1);
  if (!(ruleNames as readonly string[]).includes(name)) throw new RuleSyntaxError(`Unknown rule "${name}"`);
  const rule = name as RuleName;
  if (rule === 'regex' || rule === 'not_regex') {
    if (!rest) throw new RuleSyntaxError(`The rule "${rule}" needs a pattern`);
    return { name: rule, args: [rest], pattern: phpRegex.compile(rest) };
  }
  // Laravel reads the arguments as CSV (quoted values may hold commas).
  const args = rest === null ? [] : csvValues(rest);
  const [least, most] = ARG_COUNT[rule] ?? [0, 0];
  if (args.length < least || args.length > most) throw new RuleSyntaxError(`The rule "${rule}" has the wrong number of arguments`);
  if (NUMERIC_ARGS.includes(rule) && args.some((arg) => !numberArg.test(arg))) throw new RuleSyntaxError(`The rule "${rule}" needs numbers`);
  return { name: rule, args };
}

/** Reads rules written as `a|b:c` or as a list (Pelican's YAML); throws RuleSyntaxError naming the first bad one. */
export function parseRules(rules: string | readonly string[]): Rule[] {
  const pieces = typeof rules === 'string' ? splitRules(rules) : rules.map((rule) => rule.trim()).filter(Boolean);
  return pieces.map(parseOne);
}

/** The rules back in Laravel's string form, as the startup page shows them. */
export function formatRules(rules: readonly Rule[]): string[] {
  const quoted = (arg: string) => (/[,"]/.test(arg) ? `"${arg.replace(/"/g, '""')}"` : arg);
  return rules.map((rule) => {
    if (rule.pattern) return `${rule.name}:${rule.args[0]}`;
    return rule.args.length ? `${rule.name}:${rule.args.map(quoted).join(',')}` : rule.name;
  });
}
