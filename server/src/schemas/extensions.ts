import { Type, type Static } from 'typebox';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const ProviderSchema = Type.Union([Type.Literal('modrinth'), Type.Literal('hangar'), Type.Literal('spiget'), Type.Literal('curseforge')], { description: 'The catalogue' });
export type ProviderId = Static<typeof ProviderSchema>;

/** What the server runs and which extensions fit it. */
export const ExtensionTargetSchema = Type.Object({
  software: Type.String(),
  software_name: Type.String(),
  game_version: Nullable(Type.String()),
  /** plugin (Paper, Spigot, Purpur, Folia) or mod (Fabric, Forge, NeoForge, Quilt). */
  kind: Type.Union([Type.Literal('plugin'), Type.Literal('mod')]),
  folder: Type.Union([Type.Literal('plugins'), Type.Literal('mods')]),
  loaders: Type.Array(Type.String()),
});

export const InstalledExtensionSchema = Type.Object({
  /** The file's name in plugins/ or mods/ (with .disabled when disabled). */
  file: Type.String(),
  enabled: Type.Boolean(),
  size: Type.Integer(),
  sha512: Type.String(),
  /** Whether a catalogue (or the panel's own record of what it installed) knows this file. */
  recognised: Type.Boolean(),
  provider: Type.Union([ProviderSchema, Type.Null()]),
  project_id: Nullable(Type.String()),
  name: Type.String(),
  version_id: Nullable(Type.String()),
  version_number: Nullable(Type.String()),
  icon_url: Nullable(Type.String()),
  update: Type.Union([Type.Object({ version_id: Type.String(), version_number: Type.String() }), Type.Null()]),
});
export type InstalledExtensionJson = Static<typeof InstalledExtensionSchema>;

export const ExtensionsOverviewSchema = Type.Object(
  {
    /** The server's software and version (null: a game without a software catalogue). */
    software: Type.Union([Type.Object({ software: Type.String(), name: Type.String(), version: Type.String() }), Type.Null()]),
    /** What extensions fit (null: this software takes no plugins or mods). */
    target: Type.Union([ExtensionTargetSchema, Type.Null()]),
    /** Catalogues to search, in order (CurseForge only when the host set its API key). */
    providers: Type.Array(Type.Object({ id: ProviderSchema, name: Type.String() })),
    installed: Type.Array(InstalledExtensionSchema),
    /** Set when a catalogue could not be reached: the list still shows the files, without what the catalogue would add. */
    catalogue_error: Nullable(Type.String()),
  },
  { $id: 'ExtensionsOverview' },
);
export type ExtensionsOverviewJson = Static<typeof ExtensionsOverviewSchema>;

export const ExtensionHitSchema = Type.Object({
  provider: ProviderSchema,
  project_id: Type.String(),
  slug: Type.String(),
  name: Type.String(),
  description: Type.String(),
  author: Type.String(),
  icon_url: Nullable(Type.String()),
  downloads: Type.Integer(),
  page_url: Nullable(Type.String()),
  /** Set for resources only offered as an outside download: shown, never installed by the panel. */
  external_url: Nullable(Type.String()),
  installed: Type.Boolean(),
});
export type ExtensionHitJson = Static<typeof ExtensionHitSchema>;

export const ExtensionSearchSchema = Type.Object(
  {
    provider: ProviderSchema,
    page: Type.Integer(),
    per_page: Type.Integer(),
    /** Total hits when the catalogue says (SpiGet does not: null). */
    total: Type.Union([Type.Integer(), Type.Null()]),
    has_more: Type.Boolean(),
    hits: Type.Array(ExtensionHitSchema),
  },
  { $id: 'ExtensionSearch' },
);
export type ExtensionSearchJson = Static<typeof ExtensionSearchSchema>;

export const ExtensionSearchQuerySchema = Type.Object({
  provider: Type.Optional(ProviderSchema),
  query: Type.Optional(Type.String({ maxLength: 100 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
});

export const ReleaseSchema = Type.Object({
  provider: ProviderSchema,
  project_id: Type.String(),
  name: Type.String(),
  version_id: Type.String(),
  version_number: Type.String(),
  file_name: Type.String(),
  size: Type.Union([Type.Integer(), Type.Null()]),
  icon_url: Nullable(Type.String()),
  external_url: Nullable(Type.String()),
  /** Whether the catalogue gives a checksum the file is verified against (SpiGet does not). */
  verified: Type.Boolean(),
});
export type ReleaseJson = Static<typeof ReleaseSchema>;

export const ExtensionProjectSchema = Type.Object(
  {
    hit: ExtensionHitSchema,
    body: Type.String(),
    /** Versions that fit the server, newest first. */
    versions: Type.Array(Type.Object({ id: Type.String(), number: Type.String(), published_at: Nullable(Type.String()) })),
  },
  { $id: 'ExtensionProject' },
);
export type ExtensionProjectJson = Static<typeof ExtensionProjectSchema>;

export const InstallBodySchema = Type.Object({
  provider: ProviderSchema,
  project: Type.String({ minLength: 1, maxLength: 191 }),
  version: Type.Optional(Type.String({ minLength: 1, maxLength: 191 })),
  /** Install the required dependencies too (after the person confirmed the plan's list). */
  dependencies: Type.Optional(Type.Boolean()),
});
export type InstallBody = Static<typeof InstallBodySchema>;

export const InstallPlanSchema = Type.Object(
  {
    /** The chosen extension first, then the required dependencies not installed yet. */
    releases: Type.Array(ReleaseSchema),
    /** Required dependencies already installed (nothing to do). */
    satisfied: Type.Array(Type.String()),
  },
  { $id: 'ExtensionInstallPlan' },
);
export type InstallPlanJson = Static<typeof InstallPlanSchema>;

export const InstallResultSchema = Type.Object({ installed: Type.Array(InstalledExtensionSchema) });
export type InstallResultJson = Static<typeof InstallResultSchema>;

export const FileParamsSchema = Type.Object({ id: Type.String(), file: Type.String({ minLength: 1, maxLength: 255 }) });
export const ProjectParamsSchema = Type.Object({ id: Type.String(), provider: ProviderSchema, project: Type.String({ minLength: 1, maxLength: 191 }) });
export const ToggleBodySchema = Type.Object({ enabled: Type.Boolean() });
