import { CatalogueHttp } from './CatalogueHttp';
import { AdoptiumProvider } from './providers/adoptium';
import { FabricProvider } from './providers/fabric';
import { FlyingSquidProvider } from './providers/flyingSquid';
import { forgeSpec, MavenLoaderProvider, neoForgeSpec } from './providers/mavenLoader';
import { CurseForgeClient } from './providers/curseforge';
import { HangarClient } from './providers/hangar';
import { ModrinthClient } from './providers/modrinth';
import { SpigetClient } from './providers/spiget';
import { MojangProvider } from './providers/mojang';
import { PaperMcProvider } from './providers/papermc';
import { PurpurProvider } from './providers/purpur';
import { CatalogueNotFoundError, type CatalogueBuild, type CatalogueDownload, type CatalogueProvider, type CatalogueSoftware, type CatalogueVersion } from './types';

/** Where each API lives. Defaults are the public APIs; a local catalogue server replaces them in tests and the offline demo. */
export interface CatalogueEndpoints {
  mojang: string;
  papermc: string;
  purpur: string;
  fabric: string;
  fabricMaven: string;
  forge: string;
  neoforge: string;
  adoptium: string;
  /** Plugins and mods (the extensions and modpacks areas). */
  modrinth: string;
  hangar: string;
  spiget: string;
  curseforge: string;
}

export const publicEndpoints: CatalogueEndpoints = {
  mojang: 'https://piston-meta.mojang.com',
  papermc: 'https://api.papermc.io',
  purpur: 'https://api.purpurmc.org',
  fabric: 'https://meta.fabricmc.net',
  fabricMaven: 'https://maven.fabricmc.net',
  forge: 'https://maven.minecraftforge.net',
  neoforge: 'https://maven.neoforged.net/releases',
  adoptium: 'https://api.adoptium.net',
  modrinth: 'https://api.modrinth.com',
  hangar: 'https://hangar.papermc.io',
  spiget: 'https://api.spiget.org',
  curseforge: 'https://api.curseforge.com',
};

/** Every API under one local base (`<base>/mojang`, `<base>/papermc` ...), as the local catalogue server serves them. */
export function localEndpoints(base: string): CatalogueEndpoints {
  const root = base.replace(/\/+$/, '');
  return {
    mojang: `${root}/mojang`,
    papermc: `${root}/papermc`,
    purpur: `${root}/purpur`,
    fabric: `${root}/fabric`,
    fabricMaven: `${root}/fabric-maven`,
    forge: `${root}/forge`,
    neoforge: `${root}/neoforge`,
    adoptium: `${root}/adoptium`,
    modrinth: `${root}/modrinth`,
    hangar: `${root}/hangar`,
    spiget: `${root}/spiget`,
    curseforge: `${root}/curseforge`,
  };
}

const hostOf = (url: string) => new URL(url).host.toLowerCase();
const MiB = 1024 * 1024;

export interface CatalogueOptions {
  endpoints?: CatalogueEndpoints;
  ttlMs?: number;
  /** CurseForge's API key (PANEL_CURSEFORGE_API_KEY): without it CurseForge is left out. */
  curseforgeApiKey?: string;
  /** Largest plugin, mod or modpack file accepted, in MiB (100 by default). */
  extensionMaxMiB?: number;
}

/** The software catalogue: every provider behind one lookup by software id. */
export class Catalogue {
  readonly providers: CatalogueProvider[];
  readonly http: CatalogueHttp[] = [];
  /** Modrinth's plugins, mods and modpacks (not server software: outside the lookup by software id). */
  readonly modrinth: ModrinthClient;
  /** Paper plugins on Hangar, and Spigot resources through SpiGet. */
  readonly hangar: HangarClient;
  readonly spiget: SpigetClient;
  /** CurseForge, only when the host set its API key (null otherwise). */
  readonly curseforge: CurseForgeClient | null;
  readonly endpoints: CatalogueEndpoints;
  /** Whether the endpoints are a local catalogue server (its downloads come from its own host). */
  readonly local: boolean;
  private readonly bySoftware = new Map<string, { provider: CatalogueProvider; software: CatalogueSoftware; http: CatalogueHttp | null }>();

  constructor(options: CatalogueOptions = {}) {
    const e = options.endpoints ?? publicEndpoints;
    const local = options.endpoints !== undefined && options.endpoints !== publicEndpoints;
    this.endpoints = e;
    this.local = local;
    const client = (name: string, hosts: string[], maxMiB: number, apiHeaders?: Record<string, string>) => {
      const http = new CatalogueHttp({ name, allowedHosts: [...new Set(hosts.map((h) => h.toLowerCase()))], ttlMs: options.ttlMs, maxDownloadBytes: maxMiB * MiB, apiHeaders });
      this.http.push(http);
      return http;
    };
    // The public download hosts of each API; a local catalogue serves everything itself.
    const hosts = (url: string, publicHosts: string[]) => (local ? [hostOf(url)] : [hostOf(url), ...publicHosts]);
    const mojang = client('Mojang', hosts(e.mojang, ['piston-data.mojang.com', 'launchermeta.mojang.com', 'launcher.mojang.com']), 256);
    const paper = client('PaperMC', hosts(e.papermc, ['fill-data.papermc.io']), 256);
    const purpur = client('Purpur', hosts(e.purpur, []), 256);
    const fabric = client('Fabric', [...hosts(e.fabric, []), hostOf(e.fabricMaven)], 64);
    const forge = client('Forge', hosts(e.forge, []), 64);
    const neoforge = client('NeoForge', hosts(e.neoforge, []), 64);
    const adoptium = client('Adoptium', hosts(e.adoptium, ['github.com', 'objects.githubusercontent.com', 'release-assets.githubusercontent.com']), 512);
    const entries: [CatalogueProvider, CatalogueHttp | null][] = [
      [new FlyingSquidProvider(), null],
      [new MojangProvider(mojang, e.mojang), mojang],
      [new PaperMcProvider(paper, e.papermc), paper],
      [new PurpurProvider(purpur, e.purpur), purpur],
      [new FabricProvider(fabric, e.fabric), fabric],
      [new MavenLoaderProvider(forge, e.forge, forgeSpec), forge],
      [new MavenLoaderProvider(neoforge, e.neoforge, neoForgeSpec), neoforge],
      [new AdoptiumProvider(adoptium, e.adoptium), adoptium],
    ];
    // Modrinth's files come from its CDN; plugins and mods are small (the cap guards the disk).
    this.modrinth = new ModrinthClient(client('Modrinth', hosts(e.modrinth, ['cdn.modrinth.com']), options.extensionMaxMiB ?? 100), `${e.modrinth.replace(/\/+$/, '')}`);
    this.hangar = new HangarClient(client('Hangar', hosts(e.hangar, ['hangarcdn.papermc.io']), options.extensionMaxMiB ?? 100), e.hangar.replace(/\/+$/, ''));
    this.spiget = new SpigetClient(
      client('SpiGet', hosts(e.spiget, ['cdn.spiget.org', 'www.spigotmc.org']), options.extensionMaxMiB ?? 100),
      e.spiget.replace(/\/+$/, ''),
      local ? `${e.spiget.replace(/\/+$/, '')}/site` : 'https://www.spigotmc.org',
    );
    const key = options.curseforgeApiKey?.trim();
    this.curseforge = key
      ? new CurseForgeClient(
          client('CurseForge', hosts(e.curseforge, ['edge.forgecdn.net', 'mediafilez.forgecdn.net']), options.extensionMaxMiB ?? 100, { 'x-api-key': key }),
          e.curseforge.replace(/\/+$/, ''),
        )
      : null;
    this.providers = entries.map(([p]) => p);
    for (const [provider, http] of entries) for (const software of provider.software()) this.bySoftware.set(software.id, { provider, software, http });
  }

  software(): CatalogueSoftware[] {
    return [...this.bySoftware.values()].map((e) => e.software);
  }

  private entry(software: string) {
    const entry = this.bySoftware.get(software);
    if (!entry) throw new CatalogueNotFoundError('software', `There is no software "${software}" in the catalogue.`);
    return entry;
  }

  /** The HTTP client that downloads this software's files (null for bundled software). */
  httpFor(software: string): CatalogueHttp | null {
    return this.entry(software).http;
  }

  versions(software: string): Promise<CatalogueVersion[]> {
    return this.entry(software).provider.versions(software);
  }

  builds(software: string, version: string): Promise<CatalogueBuild[]> {
    return this.entry(software).provider.builds(software, version);
  }

  download(software: string, version: string, build?: string): Promise<CatalogueDownload> {
    return this.entry(software).provider.download(software, version, build);
  }

  /** Forgets every cached answer. */
  clearCache(): void {
    for (const http of this.http) http.clear();
  }
}
