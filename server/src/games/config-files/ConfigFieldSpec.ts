/** How a config value is edited and checked. */
export type ConfigFieldType = 'boolean' | 'integer' | 'number' | 'enum' | 'string';

/** Where the form shows a key: the settings most people change, or the rest. */
export type ConfigFieldGroup = 'basic' | 'advanced';

/**
 * One key of a game's config file as the game understands it: its type, the values it accepts
 * and its default. Templates declare a list of these per config file; keys a file holds that are
 * not declared are kept as they are and edited as plain text.
 */
export interface ConfigFieldSpec {
  key: string;
  type: ConfigFieldType;
  group: ConfigFieldGroup;
  /** English description; clients show their translation of it. */
  description: string;
  /** The value the game uses when the key is missing. */
  default?: string;
  /** Bounds of an integer or a number (inclusive). */
  min?: number;
  max?: number;
  /** Values of an enum, as the form offers them. */
  options?: string[];
  /** Other spellings the game also accepts for an enum (legacy numbers, old names). */
  aliases?: string[];
  /** A regular expression source a string value must match as a whole. */
  pattern?: string;
  /** The message shown when `pattern` does not match. */
  patternMessage?: string;
  /** A password or the like: never written to the audit log. */
  secret?: boolean;
}

/**
 * How a config file is written (see formats/):
 * - `properties`: key=value lines (server.properties, Terraria's serverconfig.txt);
 * - `rust-cfg`: Rust console lines, `server.hostname "My Server"`;
 * - `ini`: Unreal INI sections (ARK's GameUserSettings.ini), keys named `Section/Key`;
 * - `palworld-options`: the one `OptionSettings=(Key=Value,…)` line of PalWorldSettings.ini.
 */
export type ConfigFileFormat = 'properties' | 'rust-cfg' | 'ini' | 'palworld-options';

/** A config file a template declares, as the config area lists it. */
export interface ConfigFileDeclaration {
  path: string;
  format: ConfigFileFormat;
  /** `java` for files read by Java's Properties (server.properties); `none` for plain key=value files. */
  escaping: 'java' | 'none';
  title: string;
  fields: readonly ConfigFieldSpec[];
  /** Keys the panel writes before every start; the customer cannot change them. */
  managed: readonly string[];
  /** The text a missing file starts from (what the game itself would write first), if any. */
  initial?: string;
  /** The game writes the file back when it stops: it is saved only while the server is offline. */
  rewrittenOnStop?: boolean;
}
