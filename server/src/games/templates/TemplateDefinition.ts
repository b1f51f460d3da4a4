import type { ConfigFieldSpec, ConfigFileFormat } from '../config-files/ConfigFieldSpec';
import type { InstallStep, PortProtocol, StopAction } from '../../runtime/types';
import type { ConfigRewrite } from '../config-files/rewrites';

/** The games the panel knows; the slug picks the client's theme (minecraft, rust …). */
export type GameSlug = 'minecraft' | 'rust' | 'terraria' | 'ark' | 'palworld';

/** A setting of a template that a server can change (Pterodactyl's egg variables). */
export interface TemplateVariable {
  key: string;
  name: string;
  description: string;
  default: string;
  /** Whether the customer may change it (startup.update); others are set by the panel. */
  userEditable: boolean;
  /** Allowed values, as a regular expression source for the whole value. */
  pattern: string;
  /** Filled with a random secret when the server is created (passwords). */
  generate?: 'secret';
  /** Whether the customer sees it on the startup page (default true; an egg's `user_viewable`). */
  userViewable?: boolean;
  /** Laravel rules (an egg's `rules`), checked besides the pattern. */
  rules?: string[];
}

/** An image a server of the template may run in: its label (Java 17) and name. */
export interface TemplateImage {
  label: string;
  image: string;
}

/** A config file the template declares: its defaults are written at install, managed keys before each start. */
export interface TemplateConfigFile {
  path: string;
  /** How the file is written (config-files/formats). */
  format: ConfigFileFormat;
  /** Keys the panel owns (ports, addresses), rewritten before every start. */
  managed: Record<string, string>;
  /** Name of the file in the config area (default: its path). */
  title?: string;
  /** `java` (default) for files read by Java's Properties; `none` for plain key=value files. */
  escaping?: 'java' | 'none';
  /** The keys the game understands, shown as a form in the config area; others are kept as text. */
  fields?: readonly ConfigFieldSpec[];
  /** The text a missing file starts from, when the panel writes it first (Palworld's default settings). */
  initial?: string;
  /** The game writes the file back when it stops (ARK): saves are refused while it runs, or the stop would undo them. */
  rewrittenOnStop?: boolean;
}

/**
 * A server template (like a Pterodactyl egg). Strings may hold `{{VARIABLE}}` placeholders:
 * the template's variables and the built-ins SERVER_MEMORY (MiB), SERVER_PORT, SERVER_IP,
 * <NAME>_PORT for each extra port, NODE_HEAP_MB, NODE (the Node binary), LAUNCHERS (our launcher
 * folder) and ROOT (the server's folder). In the start command every value is shell-quoted.
 */
export interface TemplateDefinition {
  slug: string;
  game: GameSlug;
  name: string;
  description: string;
  startCommand: string;
  /**
   * The container image the game runs in on a Docker node (`npm run panel -- images:build` builds
   * the panel's own offline); a host may name an image of its own registry. The local driver
   * runs the start command on the panel's machine and ignores it.
   */
  image?: string;
  /** The images a customer may choose from (an egg's `docker_images`); the first is the default. Absent: `image` alone. */
  images?: TemplateImage[];
  /** Extra environment of the game process. */
  env: Record<string, string>;
  /** Regular expressions; the first matching output line marks the server as running. */
  doneRegex: string[];
  stop: StopAction;
  stopTimeoutMs: number;
  install: InstallStep[];
  variables: TemplateVariable[];
  configFiles: TemplateConfigFile[];
  /**
   * An egg's config files of the `file`, `json`, `yaml` and `xml` parsers, rewritten by Wings' rules
   * before each start (values may hold placeholders). They are not forms of the config area.
   */
  configRewrites?: ConfigRewrite[];
  /** An egg's named startup commands (Pelican's `startup_commands`); the server may choose one. `startCommand` is the first. */
  startupCommands?: { name: string; command: string }[];
  /** Transport protocol of the game's primary port: what players connect with. */
  portProtocol: PortProtocol;
  /** Ports the game needs besides the primary one (e.g. 'query', 'rcon'), allocated with the server. */
  extraPorts: string[];
  /** How players online are counted while running. */
  query: 'minecraft' | null;
}

/** Game names for display (the client translates them). */
export const gameNames: Record<GameSlug, string> = {
  minecraft: 'Minecraft',
  rust: 'Rust',
  terraria: 'Terraria',
  ark: 'ARK: Survival Evolved',
  palworld: 'Palworld',
};
