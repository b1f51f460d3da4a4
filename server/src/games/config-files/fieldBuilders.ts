import type { ConfigFieldGroup, ConfigFieldSpec } from './ConfigFieldSpec';

/** A true/false key. */
export const bool = (key: string, fallback: boolean, group: ConfigFieldGroup, description: string): ConfigFieldSpec => ({
  key,
  type: 'boolean',
  group,
  default: String(fallback),
  description,
});

/** A whole number between `min` and `max`. */
export const int = (key: string, fallback: number, min: number, max: number, group: ConfigFieldGroup, description: string): ConfigFieldSpec => ({
  key,
  type: 'integer',
  group,
  default: String(fallback),
  min,
  max,
  description,
});

/** Free text, optionally limited by a pattern (in `extra`). */
export const text = (key: string, fallback: string, group: ConfigFieldGroup, description: string, extra: Partial<ConfigFieldSpec> = {}): ConfigFieldSpec => ({
  key,
  type: 'string',
  group,
  default: fallback,
  description,
  ...extra,
});

/** One of `options`; `aliases` are older spellings the game also reads. */
export const choice = (key: string, fallback: string, options: string[], group: ConfigFieldGroup, description: string, aliases?: string[]): ConfigFieldSpec => ({
  key,
  type: 'enum',
  group,
  default: fallback,
  options,
  ...(aliases ? { aliases } : {}),
  description,
});

/** A decimal number between `min` and `max` (Unreal's multipliers, written like 1.000000). */
export const num = (key: string, fallback: string, min: number, max: number, group: ConfigFieldGroup, description: string): ConfigFieldSpec => ({
  key,
  type: 'number',
  group,
  default: fallback,
  min,
  max,
  description,
});

/** A true/false key of an Unreal game, whose files write True and False. */
export const unrealBool = (key: string, fallback: boolean, group: ConfigFieldGroup, description: string): ConfigFieldSpec => ({
  ...bool(key, fallback, group, description),
  default: fallback ? 'True' : 'False',
});
