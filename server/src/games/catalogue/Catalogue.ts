import { CatalogueHttp } from './CatalogueHttp';
import { AdoptiumProvider } from './providers/adoptium';
import { FabricProvider } from './providers/fabric';
import { FlyingSquidProvider } from './providers/flyingSquid';
import { forgeSpec, MavenLoaderProvider, neoForgeSpec } from './providers/mavenLoader';
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
  };
}

const hostOf = (url: string) => new URL(url).host.toLowerCase();
const MiB = 1024 * 1024;

export interface CatalogueOptions {
  endpoints?: CatalogueEndpoints;
  ttlMs?: number;
}

/** The software catalogue: every provider behind one lookup by software id. */
export class Catalogue {
  readonly providers: CatalogueProvider[];
  readonly http: CatalogueHttp[] = [];
  /** Where each API lives (the public ones, or a local catalogue's). */
  readonly endpoints: CatalogueEndpoints;
  private readonly bySoftware = new Map<string, { provider: CatalogueProvider; software: CatalogueSoftware; http: CatalogueHttp | null }>();

  constructor(options: CatalogueOptions = {}) {
    const e = options.endpoints ?? publicEndpoints;
    this.endpoints = e;
    const local = options.endpoints !== undefined && options.endpoints !== publicEndpoints;
    const client = (name: string, hosts: string[], maxMiB: number) => {
      const http = new CatalogueHttp({ name, allowedHosts: [...new Set(hosts.map((h) => h.toLowerCase()))], ttlMs: options.ttlMs, maxDownloadBytes: maxMiB * MiB });
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
