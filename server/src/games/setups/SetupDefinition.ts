import type { GameSlug } from '../templates/TemplateDefinition';

/**
 * A ready-made setup, as data: the software it runs (Minecraft), config values set through the
 * config area's specs, whether it wants a fresh world, and the extensions it installs (resolved
 * on Modrinth, then Hangar, for the software and version the setup leaves the server on).
 */
export interface SetupDefinition {
  id: string;
  game: GameSlug;
  name: string;
  description: string;
  /** Server software and version ("latest" = the newest release the catalogue lists). Absent: the software stays. */
  software?: { software: string; version: string };
  /** Config file path → key → value. */
  config: Record<string, Record<string, string>>;
  /** Extensions (Modrinth/Hangar slugs) the setup installs. */
  extensions: string[];
  /** Whether the setup suggests a new world (the customer chooses). */
  suggestsNewWorld: boolean;
}
