import { Type, type Static } from 'typebox';
import { SwitchJobSchema } from './versions';

/** The modpack installed on a server. */
export const InstalledModpackSchema = Type.Object({
  source: Type.Union([Type.Literal('modrinth'), Type.Literal('file')]),
  project_id: Type.Union([Type.String(), Type.Null()]),
  version_id: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
  version_number: Type.String(),
  minecraft: Type.String(),
  loader: Type.Union([Type.String(), Type.Null()]),
  loader_version: Type.Union([Type.String(), Type.Null()]),
  icon_url: Type.Union([Type.String(), Type.Null()]),
  /** How many files the pack's index put in the server's folder. */
  files: Type.Integer(),
  installed_at: Type.String(),
});
export type InstalledModpackJson = Static<typeof InstalledModpackSchema>;

/** A newer version of the installed pack, from its catalogue. */
export const ModpackUpdateSchema = Type.Object({ version_id: Type.String(), version_number: Type.String(), name: Type.String(), published_at: Type.Union([Type.String(), Type.Null()]) });

export const ModpacksOverviewSchema = Type.Object(
  {
    installed: Type.Union([InstalledModpackSchema, Type.Null()]),
    /** The newest version when it is newer than the installed one (null: up to date, or unknown). */
    update: Type.Union([ModpackUpdateSchema, Type.Null()]),
    /** Whether the server can run modpacks (a Java Minecraft server). */
    supported: Type.Boolean(),
    /** The modpack install running (or the last one). */
    job: Type.Union([SwitchJobSchema, Type.Null()]),
  },
  { $id: 'ModpacksOverview' },
);
export type ModpacksOverviewJson = Static<typeof ModpacksOverviewSchema>;

export const ModpackInstallBodySchema = Type.Object(
  {
    /** A Modrinth project and one of its versions ... */
    project_id: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' })),
    version_id: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' })),
    /** ... or an .mrpack in the server's files (a path as the file manager names it). */
    file: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
    /** Keep the world (default) or let the game make a new one (the old one is in the backup). */
    keep_world: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ModpackInstallBody = Static<typeof ModpackInstallBodySchema>;

export const ModpackInstallAnswerSchema = Type.Object({
  job: SwitchJobSchema,
  pack: Type.Object({
    name: Type.String(),
    version_number: Type.String(),
    minecraft: Type.String(),
    loader: Type.Union([Type.String(), Type.Null()]),
    loader_version: Type.Union([Type.String(), Type.Null()]),
    files: Type.Integer(),
    client_only: Type.Integer(),
    overrides: Type.Integer(),
    bytes: Type.Integer(),
  }),
});

export const ModpackSearchQuerySchema = Type.Object({
  query: Type.Optional(Type.String({ maxLength: 100 })),
  game_version: Type.Optional(Type.String({ pattern: '^[\\w.\\-+]{1,32}$' })),
  loader: Type.Optional(Type.Union([Type.Literal('fabric'), Type.Literal('forge'), Type.Literal('neoforge'), Type.Literal('quilt')])),
  sort: Type.Optional(Type.Union([Type.Literal('relevance'), Type.Literal('downloads'), Type.Literal('follows'), Type.Literal('newest'), Type.Literal('updated')])),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
});
export type ModpackSearchQuery = Static<typeof ModpackSearchQuerySchema>;

export const ModpackSearchSchema = Type.Object(
  {
    /** Catalogues modpacks can come from, and why one cannot be browsed. */
    sources: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), available: Type.Boolean(), reason: Type.Union([Type.String(), Type.Null()]) })),
    total: Type.Integer(),
    offset: Type.Integer(),
    hits: Type.Array(
      Type.Object({
        id: Type.String(),
        slug: Type.String(),
        title: Type.String(),
        description: Type.String(),
        author: Type.String(),
        icon_url: Type.Union([Type.String(), Type.Null()]),
        downloads: Type.Integer(),
        categories: Type.Array(Type.String()),
        game_versions: Type.Array(Type.String()),
        latest_version: Type.Union([Type.String(), Type.Null()]),
        server_side: Type.String(),
        updated_at: Type.Union([Type.String(), Type.Null()]),
      }),
    ),
  },
  { $id: 'ModpackSearch' },
);
export type ModpackSearchJson = Static<typeof ModpackSearchSchema>;

export const ModpackVersionsSchema = Type.Object(
  {
    project: Type.Object({ id: Type.String(), slug: Type.String(), title: Type.String(), description: Type.String(), icon_url: Type.Union([Type.String(), Type.Null()]), downloads: Type.Integer() }),
    versions: Type.Array(
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        version_number: Type.String(),
        version_type: Type.String(),
        game_versions: Type.Array(Type.String()),
        loaders: Type.Array(Type.String()),
        published_at: Type.String(),
        downloads: Type.Integer(),
        changelog: Type.Union([Type.String(), Type.Null()]),
        file: Type.Union([Type.Object({ name: Type.String(), size: Type.Integer() }), Type.Null()]),
      }),
    ),
  },
  { $id: 'ModpackVersions' },
);
export type ModpackVersionsJson = Static<typeof ModpackVersionsSchema>;

export const ModpackProjectParamsSchema = Type.Object({ id: Type.String(), project: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }) });
