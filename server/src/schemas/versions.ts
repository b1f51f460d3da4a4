import { Type, type Static } from 'typebox';

/** The software a server runs now. */
export const CurrentSoftwareSchema = Type.Object({ software: Type.String(), name: Type.String(), version: Type.String(), build: Type.Union([Type.String(), Type.Null()]) });

export const SoftwareEntrySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  kind: Type.Union([Type.Literal('server'), Type.Literal('proxy'), Type.Literal('runtime')]),
  /** Whether this server can switch to it (its template runs it, or the other Minecraft family as a reinstall). */
  switchable: Type.Boolean(),
  /** Switching to it reinstalls the server as another family (flying-squid ↔ the Java server software). */
  reinstall: Type.Boolean(),
  /** Why it cannot run on this host now (java: the host has no Java); null when it can. */
  unavailable: Type.Union([Type.Literal('java'), Type.Null()]),
});

export const SwitchJobSchema = Type.Object({
  job: Type.String(),
  kind: Type.Union([Type.Literal('switch'), Type.Literal('setup'), Type.Literal('modpack')]),
  software: Type.String(),
  version: Type.String(),
  step: Type.String(),
  state: Type.Union([Type.Literal('running'), Type.Literal('completed'), Type.Literal('failed')]),
  percent: Type.Number(),
  error: Type.Union([Type.String(), Type.Null()]),
  startedAt: Type.String(),
  finishedAt: Type.Union([Type.String(), Type.Null()]),
  backup: Type.Union([Type.String(), Type.Null()]),
});
export type SwitchJobJson = Static<typeof SwitchJobSchema>;

export const VersionsOverviewSchema = Type.Object(
  {
    current: Type.Union([CurrentSoftwareSchema, Type.Null()]),
    software: Type.Array(SoftwareEntrySchema),
    /** Java feature version on this node (null: none found). */
    java_major: Type.Union([Type.Integer(), Type.Null()]),
    job: Type.Union([SwitchJobSchema, Type.Null()]),
  },
  { $id: 'VersionsOverview' },
);
export type VersionsOverviewJson = Static<typeof VersionsOverviewSchema>;

export const VersionEntrySchema = Type.Object({
  id: Type.String(),
  type: Type.Union([Type.Literal('release'), Type.Literal('snapshot')]),
  minecraft: Type.Union([Type.String(), Type.Null()]),
  java_major: Type.Union([Type.Integer(), Type.Null()]),
  released_at: Type.Union([Type.String(), Type.Null()]),
  current: Type.Boolean(),
  /** Older Minecraft than the server runs now: worlds may not load. */
  downgrade: Type.Boolean(),
  /** Needs a newer Java than the node has. */
  java_warning: Type.Boolean(),
});

export const SoftwareVersionsSchema = Type.Object(
  {
    software: Type.String(),
    versions: Type.Array(VersionEntrySchema),
    total: Type.Integer(),
    /** Set when the catalogue could not be reached and the list comes from the cache (ISO time). */
    stale_since: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'SoftwareVersions' },
);
export type SoftwareVersionsJson = Static<typeof SoftwareVersionsSchema>;

export const SoftwareParamsSchema = Type.Object({ id: Type.String(), software: Type.String({ pattern: '^[a-z0-9-]{1,32}$' }) });

export const VersionsQuerySchema = Type.Object({
  type: Type.Optional(Type.Union([Type.Literal('release'), Type.Literal('snapshot'), Type.Literal('all')])),
  search: Type.Optional(Type.String({ maxLength: 64 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});

export const SwitchBodySchema = Type.Object(
  {
    software: Type.String({ minLength: 1, maxLength: 32 }),
    version: Type.String({ minLength: 1, maxLength: 64 }),
    build: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type SwitchBody = Static<typeof SwitchBodySchema>;
