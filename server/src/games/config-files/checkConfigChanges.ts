import type { ConfigFileDeclaration } from './ConfigFieldSpec';
import { configFormatOf } from './formats';
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
  const format = configFormatOf(file);
  for (const key of changedKeys(before, after)) {
    const value = after[key];
    if (value === undefined) continue;
    const spec = specs.get(key);
    const message = file.managed.includes(key)
      ? 'The panel sets this value before every start (from the server’s allocation or startup settings); it cannot be changed here.'
      : (format.keyProblem(key) ?? format.valueProblem(value, spec) ?? (spec ? validateConfigValue(spec, value) : null));
    if (message) errors[`values.${key}`] = [message];
  }
  return errors;
}
