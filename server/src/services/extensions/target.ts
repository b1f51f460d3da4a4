import type { Catalogue } from '../../games/catalogue/Catalogue';
import type { HangarPlatform } from '../../games/catalogue/providers/hangar';

/** What extensions fit a server: plugins or mods, for which loaders and game version. */
export interface ExtensionTarget {
  software: string;
  softwareName: string;
  gameVersion: string | null;
  kind: 'plugin' | 'mod';
  folder: 'plugins' | 'mods';
  /** Modrinth's loader names the server runs. */
  loaders: string[];
  hangarPlatform: HangarPlatform | null;
  spiget: boolean;
  /** CurseForge's class (6 mods, 5 Bukkit plugins) and mod loader type (1 Forge, 4 Fabric, 5 Quilt, 6 NeoForge). */
  curseforge: { classId: number; loaderType: number | null };
}

type Rule = Omit<ExtensionTarget, 'software' | 'softwareName' | 'gameVersion'>;

const PLUGIN = (loaders: string[], hangar: HangarPlatform | null, spiget: boolean): Rule => ({
  kind: 'plugin',
  folder: 'plugins',
  loaders,
  hangarPlatform: hangar,
  spiget,
  curseforge: { classId: 5, loaderType: null },
});
const MOD = (loaders: string[], loaderType: number): Rule => ({ kind: 'mod', folder: 'mods', loaders, hangarPlatform: null, spiget: false, curseforge: { classId: 6, loaderType } });

/** Software that takes plugins or mods (vanilla and the embedded flying-squid take neither). */
const RULES: Record<string, Rule> = {
  paper: PLUGIN(['paper', 'spigot', 'bukkit'], 'PAPER', true),
  purpur: PLUGIN(['purpur', 'paper', 'spigot', 'bukkit'], 'PAPER', true),
  folia: PLUGIN(['folia'], 'PAPER', false),
  spigot: PLUGIN(['spigot', 'bukkit'], null, true),
  bukkit: PLUGIN(['bukkit'], null, true),
  velocity: PLUGIN(['velocity'], 'VELOCITY', false),
  fabric: MOD(['fabric'], 4),
  quilt: MOD(['quilt', 'fabric'], 5),
  forge: MOD(['forge'], 1),
  neoforge: MOD(['neoforge'], 6),
};

export function takesExtensions(software: string): boolean {
  return software in RULES;
}

/** The target of a server's software and version ("latest" read as the catalogue's newest release of it). */
export async function extensionTarget(catalogue: Catalogue, current: { software: string; version: string } | null): Promise<ExtensionTarget | null> {
  if (!current || !takesExtensions(current.software)) return null;
  let gameVersion: string | null = current.version;
  if (gameVersion === 'latest') {
    try {
      const release = (await catalogue.versions(current.software)).find((v) => v.type === 'release');
      gameVersion = release?.minecraft ?? release?.id ?? null;
    } catch {
      gameVersion = null;
    }
  }
  const name = catalogue.software().find((s) => s.id === current.software)?.name ?? current.software;
  return { software: current.software, softwareName: name, gameVersion, ...RULES[current.software] };
}
