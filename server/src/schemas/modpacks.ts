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
  pack: Type.Object({ name: Type.String(), version_number: Type.String(), minecraft: Type.String(), loader: Type.Union([Type.String(), Type.Null()]), loader_version: Type.Union([Type.String(), Type.Null()]), files: Type.Integer(), client_only: Type.Integer(), overrides: Type.Integer(), bytes: Type.Integer() }),
});
