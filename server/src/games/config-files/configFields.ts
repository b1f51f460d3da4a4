import type { ConfigFieldGroup, ConfigFieldSpec, ConfigFieldType, ConfigFileDeclaration } from './ConfigFieldSpec';

/** One key of a config file as the config area shows it. */
export interface ConfigField {
  key: string;
  value: string;
  type: ConfigFieldType;
  group: ConfigFieldGroup;
  min?: number;
  max?: number;
  options?: string[];
  default?: string;
  /** Whether the game's catalogue knows the key (unknown keys are kept and edited as text). */
  known: boolean;
  /** The panel writes this key before every start: read-only for the customer. */
  managed: boolean;
  /** A password or the like. */
  secret: boolean;
  /** English description (clients translate it). */
  description?: string;
}

const SECRET_NAME = /pass(word)?|secret|token|api[-_.]?key/i;

/** Whether changes to this key must never reach the audit log with their value. */
export function isSecretKey(spec: ConfigFieldSpec | undefined, key: string): boolean {
  return spec?.secret === true || SECRET_NAME.test(key);
}

/**
 * The form of a config file: every declared key in catalogue order (a missing one shows the
 * game's default, the value the game uses; a managed one what the panel will write), then the keys the file holds that the catalogue
 * does not know, in file order.
 */
export function configFieldsOf(file: ConfigFileDeclaration, values: Record<string, string>, managedValues: Record<string, string> = {}, fresh = false): ConfigField[] {
  const managed = new Set(file.managed);
  const upcoming = (key: string, spec?: ConfigFieldSpec) => (managed.has(key) && !isSecretKey(spec, key) ? managedValues[key] : undefined);
  // A file with no content yet: managed keys show what the panel writes at the next start.
  if (fresh) values = { ...values, ...Object.fromEntries(Object.keys(values).flatMap((key) => (upcoming(key) !== undefined ? [[key, upcoming(key)!]] : []))) };
  const declared = new Set(file.fields.map((field) => field.key));
  const known = file.fields.map((spec): ConfigField => ({
    key: spec.key,
    // A managed key the file lacks yet shows what the panel writes at the next start (never a secret).
    value: (fresh ? upcoming(spec.key, spec) : undefined) ?? values[spec.key] ?? upcoming(spec.key, spec) ?? spec.default ?? '',
    type: spec.type,
    group: spec.group,
    ...(spec.min !== undefined ? { min: spec.min } : {}),
    ...(spec.max !== undefined ? { max: spec.max } : {}),
    ...(spec.options ? { options: [...spec.options] } : {}),
    ...(spec.default !== undefined ? { default: spec.default } : {}),
    known: true,
    managed: managed.has(spec.key),
    secret: isSecretKey(spec, spec.key),
    description: spec.description,
  }));
  const unknown = Object.entries(values)
    .filter(([key]) => !declared.has(key))
    .map(([key, value]): ConfigField => ({
      key,
      value,
      type: 'string',
      group: 'advanced',
      known: false,
      managed: managed.has(key),
      secret: isSecretKey(undefined, key),
    }));
  return [...known, ...unknown];
}
