import type { ConfigFieldSpec } from './ConfigFieldSpec';

const INTEGER = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

function checkInteger(field: ConfigFieldSpec, value: string): string | null {
  if (!(field.type === 'number' ? NUMBER : INTEGER).test(value.trim())) return field.type === 'number' ? 'Must be a number (like 1.5).' : 'Must be a whole number.';
  const n = Number(value.trim());
  const { min, max } = field;
  if (min !== undefined && max !== undefined && (n < min || n > max)) return `Must be between ${min} and ${max}.`;
  if (min !== undefined && n < min) return `Must be at least ${min}.`;
  if (max !== undefined && n > max) return `Must be at most ${max}.`;
  return null;
}

function checkEnum(field: ConfigFieldSpec, value: string): string | null {
  const accepted = [...(field.options ?? []), ...(field.aliases ?? [])].map((option) => option.toLowerCase());
  return accepted.includes(value.trim().toLowerCase()) ? null : `Must be one of: ${(field.options ?? []).join(', ')}.`;
}

/**
 * Why the game would refuse `value` for this key, or null when it takes it. The game itself
 * often falls back to the default or clamps instead of failing, which silently changes what
 * the customer asked for: the panel refuses such values with a message instead.
 */
export function validateConfigValue(field: ConfigFieldSpec, value: string): string | null {
  if (/[\0]/.test(value)) return 'Must not contain NUL characters.';
  switch (field.type) {
    case 'boolean':
      return /^(true|false)$/i.test(value.trim()) ? null : 'Must be true or false.';
    case 'integer':
    case 'number':
      return checkInteger(field, value);
    case 'enum':
      return checkEnum(field, value);
    case 'string':
      if (field.pattern && !new RegExp(field.pattern, 'u').test(value)) return field.patternMessage ?? 'Invalid format.';
      return null;
  }
}
