import { Type, type Static } from 'typebox';

/** How the file is written: key=value lines, Rust console lines, Unreal INI sections, or Palworld's one OptionSettings line. */
const ConfigFormatSchema = Type.Union([Type.Literal('properties'), Type.Literal('rust-cfg'), Type.Literal('ini'), Type.Literal('palworld-options')]);

/** A config file a server's template declares: GET …/config. */
export const ConfigFileSummarySchema = Type.Object(
  {
    path: Type.String({
      description: 'Relative to the server’s folder, e.g. server.properties',
    }),
    format: ConfigFormatSchema,
    title: Type.String(),
    exists: Type.Boolean({
      description: 'False until the game or the install has written it',
    }),
  },
  { additionalProperties: false },
);

/** One key of a config file, with how the game accepts it. */
export const ConfigFieldSchema = Type.Object(
  {
    key: Type.String({
      description: 'As the file names it; in INI files Section/Key (split at the last /)',
    }),
    value: Type.String({
      description: 'The value in the file, or the game’s default when the file lacks the key',
    }),
    type: Type.Union([Type.Literal('boolean'), Type.Literal('integer'), Type.Literal('number'), Type.Literal('enum'), Type.Literal('string')], {
      description: 'number: a decimal such as 1.5 (Unreal multipliers)',
    }),
    group: Type.Union([Type.Literal('basic'), Type.Literal('advanced')]),
    min: Type.Optional(Type.Number()),
    max: Type.Optional(Type.Number()),
    options: Type.Optional(Type.Array(Type.String())),
    default: Type.Optional(Type.String()),
    known: Type.Boolean({
      description: 'False for keys the game’s catalogue does not list (kept as they are)',
    }),
    managed: Type.Boolean({
      description: 'The panel sets this key before every start (port, address): read-only',
    }),
    secret: Type.Boolean({ description: 'A password or the like' }),
    description: Type.Optional(
      Type.String({
        description: 'English description; clients translate it as config.properties.<key>',
      }),
    ),
  },
  { $id: 'ConfigField', additionalProperties: false },
);
export type ConfigFieldJson = Static<typeof ConfigFieldSchema>;

export const ConfigFileSchema = Type.Object(
  {
    path: Type.String(),
    format: ConfigFormatSchema,
    title: Type.String(),
    exists: Type.Boolean(),
    raw: Type.String({ description: 'The whole file as text' }),
    rewritten_on_stop: Type.Boolean({
      description: 'The game writes the file back when it stops (ARK): it can be saved only while the server is offline',
    }),
    fields: Type.Array(Type.Unsafe<ConfigFieldJson>(Type.Ref('ConfigField'))),
  },
  { additionalProperties: false },
);

export const ConfigPathQuerySchema = Type.Object({
  path: Type.String({
    minLength: 1,
    maxLength: 255,
    description: 'A config file the template declares, e.g. server.properties',
  }),
});

export const UpdateConfigFileBodySchema = Type.Object(
  {
    values: Type.Optional(
      Type.Record(Type.String({ maxLength: 128 }), Type.String({ maxLength: 4096 }), {
        maxProperties: 500,
        description: 'Keys to set (others are kept as they are, with comments and order)',
      }),
    ),
    raw: Type.Optional(
      Type.String({
        maxLength: 512 * 1024,
        description: 'The whole file as text (the raw editor)',
      }),
    ),
  },
  { additionalProperties: false, description: 'Exactly one of values and raw' },
);
