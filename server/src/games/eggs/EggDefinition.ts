import type { StopAction } from '../../runtime/types';

/** The egg formats the panel reads: Pterodactyl's JSON and Pelican's YAML (v3 has named startup commands). */
export const eggFormats = ['PTDL_v1', 'PTDL_v2', 'PLCN_v1', 'PLCN_v2', 'PLCN_v3'] as const;
export type EggFormat = (typeof eggFormats)[number];

/** How Wings rewrites a config file: the parsers eggs name. */
export const eggConfigParsers = ['file', 'properties', 'json', 'yaml', 'ini', 'xml'] as const;
export type EggConfigParser = (typeof eggConfigParsers)[number];

/** One config file rewrite: `find` maps a key (a line start for `file`, a dotted path for json/yaml) to its value. */
export interface EggConfigFile {
  path: string;
  parser: EggConfigParser;
  find: Record<string, unknown>;
}

export interface EggVariable {
  name: string;
  description: string;
  envVariable: string;
  defaultValue: string;
  userViewable: boolean;
  userEditable: boolean;
  /** Laravel rules as written (`required`, `max:20` …), already checked readable. */
  rules: string[];
}

/** An egg as the panel understands it, whatever format it came in. */
export interface EggDefinition {
  format: EggFormat;
  /** Pelican's eggs carry one; it identifies the egg across re-imports. */
  uuid: string | null;
  name: string;
  author: string;
  description: string;
  features: string[];
  /** Label → image, in the egg's order (the first is the default). */
  images: { label: string; image: string }[];
  /** Named startup commands (one, "Default", before PLCN_v3); the first is the server's. */
  startupCommands: { name: string; command: string }[];
  configFiles: EggConfigFile[];
  /** Output lines that mean "started" (plain text, matched anywhere in a line). */
  done: string[];
  stop: StopAction;
  install: { script: string; container: string; entrypoint: string } | null;
  variables: EggVariable[];
  updateUrl: string | null;
  /** Keys of the egg the panel does not use (file_denylist, tags, config.logs …), kept as they were. */
  ignored: Record<string, unknown>;
}
