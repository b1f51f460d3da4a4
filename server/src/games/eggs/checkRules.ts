import { isIP } from 'node:net';
import type { Rule } from './laravelRules';

/** `t('startup.rules.key', 'English default {{n}}', { n })`: the messages speak the reader's language. */
export type RuleTranslate = (key: string, defaultText: string, values?: Record<string, string>) => string;

const INTEGER = /^[+-]?\d+$/;
const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URL_SCHEMES = ['http:', 'https:', 'ftp:', 'ftps:', 'ws:', 'wss:', 'steam:', 'git:', 'ssh:', 'sftp:', 'mailto:'];

function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return URL_SCHEMES.includes(url.protocol) && (url.protocol === 'mailto:' || url.hostname !== '');
  } catch {
    return false;
  }
}

function isJson(value: string): boolean {
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks one value against an egg variable's rules, as Laravel does for a form string: an empty
 * value only answers to `required` (every other rule passes it), sizes (`min`, `max`, `between`,
 * `size`) are numbers when `numeric` or `integer` is among the rules and lengths otherwise.
 * Answers the messages of every rule that fails (none: the value is fine).
 */
export function checkRules(value: string, rules: readonly Rule[], t: RuleTranslate): string[] {
  const has = (name: string) => rules.some((rule) => rule.name === name);
  if (value.trim() === '') return has('required') || has('filled') ? [t('startup.rules.required', 'This field is required')] : [];
  const numeric = has('numeric') || has('integer');
  const size = numeric ? Number(value) : [...value].length;
  const messages: string[] = [];
  for (const rule of rules) {
    const [a = '', b = ''] = rule.args;
    const fail = ((): string | null => {
      switch (rule.name) {
        case 'required':
        case 'filled':
        case 'nullable':
        case 'sometimes':
        case 'bail':
        case 'present':
        case 'string':
          return null;
        case 'integer':
          return INTEGER.test(value) ? null : t('startup.rules.integer', 'Must be a whole number');
        case 'numeric':
          return NUMERIC.test(value) ? null : t('startup.rules.numeric', 'Must be a number');
        case 'boolean':
          return ['0', '1'].includes(value) ? null : t('startup.rules.boolean', 'Must be 1 (yes) or 0 (no)');
        case 'array':
          return t('startup.rules.array', 'Must be a list');
        case 'in':
          return rule.args.includes(value) ? null : t('startup.rules.in', 'Must be one of: {{values}}', { values: rule.args.join(', ') });
        case 'not_in':
          return rule.args.includes(value) ? t('startup.rules.notIn', 'This value is not allowed') : null;
        case 'regex':
          return rule.pattern!.test(value) ? null : t('startup.rules.regex', 'Invalid format');
        case 'not_regex':
          return rule.pattern!.test(value) ? t('startup.rules.regex', 'Invalid format') : null;
        case 'min':
          return size >= Number(a)
            ? null
            : numeric
              ? t('startup.rules.minNumber', 'Must be at least {{min}}', { min: a })
              : t('startup.rules.minLength', 'Must be at least {{min}} characters', { min: a });
        case 'max':
          return size <= Number(a)
            ? null
            : numeric
              ? t('startup.rules.maxNumber', 'Must be at most {{max}}', { max: a })
              : t('startup.rules.maxLength', 'Must be at most {{max}} characters', { max: a });
        case 'between':
          return size >= Number(a) && size <= Number(b)
            ? null
            : numeric
              ? t('startup.rules.betweenNumber', 'Must be between {{min}} and {{max}}', { min: a, max: b })
              : t('startup.rules.betweenLength', 'Must be between {{min}} and {{max}} characters', { min: a, max: b });
        case 'size':
          return size === Number(a)
            ? null
            : numeric
              ? t('startup.rules.sizeNumber', 'Must be {{size}}', { size: a })
              : t('startup.rules.sizeLength', 'Must be exactly {{size}} characters', { size: a });
        case 'alpha':
          return /^[\p{L}\p{M}]+$/u.test(value) ? null : t('startup.rules.alpha', 'Only letters are allowed');
        case 'alpha_dash':
          return /^[\p{L}\p{M}\p{N}_-]+$/u.test(value) ? null : t('startup.rules.alphaDash', 'Only letters, numbers, dashes and underscores are allowed');
        case 'alpha_num':
          return /^[\p{L}\p{M}\p{N}]+$/u.test(value) ? null : t('startup.rules.alphaNum', 'Only letters and numbers are allowed');
        case 'digits':
          return /^\d+$/.test(value) && value.length === Number(a) ? null : t('startup.rules.digits', 'Must be {{digits}} digits', { digits: a });
        case 'digits_between':
          return /^\d+$/.test(value) && value.length >= Number(a) && value.length <= Number(b)
            ? null
            : t('startup.rules.digitsBetween', 'Must be between {{min}} and {{max}} digits', { min: a, max: b });
        case 'url':
          return isUrl(value) ? null : t('startup.rules.url', 'Must be a valid address (URL)');
        case 'email':
          return EMAIL.test(value) ? null : t('startup.rules.email', 'Please enter a valid email');
        case 'ip':
        case 'ipv4':
        case 'ipv6': {
          const version = isIP(value);
          const ok = rule.name === 'ip' ? version !== 0 : version === (rule.name === 'ipv4' ? 4 : 6);
          return ok ? null : t('startup.rules.ip', 'Must be a valid IP address');
        }
        case 'uuid':
          return UUID.test(value) ? null : t('startup.rules.uuid', 'Must be a valid UUID');
        case 'json':
          return isJson(value) ? null : t('startup.rules.json', 'Must be valid JSON');
        case 'starts_with':
          return rule.args.some((prefix) => value.startsWith(prefix)) ? null : t('startup.rules.startsWith', 'Must start with one of: {{values}}', { values: rule.args.join(', ') });
        case 'ends_with':
          return rule.args.some((suffix) => value.endsWith(suffix)) ? null : t('startup.rules.endsWith', 'Must end with one of: {{values}}', { values: rule.args.join(', ') });
        case 'lowercase':
          return value === value.toLowerCase() ? null : t('startup.rules.lowercase', 'Must be lowercase');
        case 'uppercase':
          return value === value.toUpperCase() ? null : t('startup.rules.uppercase', 'Must be uppercase');
      }
    })();
    if (fail !== null && !messages.includes(fail)) messages.push(fail);
    if (fail !== null && has('bail')) break;
  }
  return messages;
}
