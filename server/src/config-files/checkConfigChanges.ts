import type { ConfigFileDeclaration } from './ConfigFieldSpec';
import { validateConfigValue } from './validateConfigValue';

/** The keys whose value differs between two parsed versions of a file (added and removed ones too). */
export function changedKeys(before: Record<string, string>, after: Record<string, string>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => before[key] !== after[key]);
}

/**
 * Per-field messages (keyed `values.<key>`) for the changed values the game would reject, and for
 * changes to keys the panel owns. Values that did not change are not judged: a file the game
 * wrote itself can always be saved back.
 */
export function checkConfigChanges(file: ConfigFileDeclaration, before: Record<string, string>, after: Record<string, string>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const specs = new Map(file.fields.map((field) => [field.key, field]));
  for (const key of changedKeys(before, after)) {
    const value = after[key];
    if (value === undefined) continue;
    let message: string | null = null;
    if (file.managed.includes(key)) message = 'The panel sets this value from the server’s allocation; it cannot be changed here.';
    else if (file.escaping === 'none' && /[\r\n]/.test(value)) message = 'Must be a single line.';
    else if (!/^[^=:\s#!]+$/.test(key)) message = 'Keys cannot contain spaces, =, : or start with # or !.';
    else {
      const spec = specs.get(key);
      if (spec) message = validateConfigValue(spec, value);
    }
    if (message) errors[`values.${key}`] = [message];
  }
  return errors;
}
