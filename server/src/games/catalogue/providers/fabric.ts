import type { CatalogueHttp } from '../CatalogueHttp';
import { CatalogueNotFoundError, javaForMinecraft, type CatalogueBuild, type CatalogueDownload, type CatalogueProvider, type CatalogueSoftware, type CatalogueVersion } from '../types';

interface GameVersion {
  version: string;
  stable: boolean;
}
interface Loader {
  separator: string;
  build: number;
  maven: string;
  version: string;
  stable: boolean;
}
interface Installer {
  url: string;
  maven: string;
  version: string;
  stable: boolean;
}

/**
 * Fabric from its meta API (meta.fabricmc.net/v2/versions/game, /loader, /installer). A version is
 * a Minecraft version, a build is a loader version; the download is the newest stable installer
 * from Fabric's Maven with the SHA-1 Maven publishes beside it, run once with
 * `server -mcversion … -loader … -downloadMinecraft`.
 */
export class FabricProvider implements CatalogueProvider {
  readonly id = 'fabric';

  constructor(
    private readonly http: CatalogueHttp,
    private readonly base: string,
  ) {}

  software(): CatalogueSoftware[] {
    return [{ id: 'fabric', name: 'Fabric', kind: 'server', provider: this.id }];
  }

  async versions(): Promise<CatalogueVersion[]> {
    const games = await this.http.getJson<GameVersion[]>(`${this.base}/v2/versions/game`);
    return games.map((g) => ({ id: g.version, type: g.stable ? 'release' : 'snapshot', minecraft: g.version, javaMajor: javaForMinecraft(g.version), releasedAt: null }));
  }

  private async assertVersion(version: string): Promise<void> {
    const games = await this.http.getJson<GameVersion[]>(`${this.base}/v2/versions/game`);
    if (!games.some((g) => g.version === version)) throw new CatalogueNotFoundError('version', `Fabric does not support Minecraft ${version}.`);
  }

  async builds(_software: string, version: string): Promise<CatalogueBuild[]> {
    await this.assertVersion(version);
    const loaders = await this.http.getJson<Loader[]>(`${this.base}/v2/versions/loader`);
    return loaders.map((l) => ({ id: l.version, channel: l.stable ? 'stable' : 'experimental', time: null }));
  }

  async download(_software: string, version: string, build?: string): Promise<CatalogueDownload> {
    await this.assertVersion(version);
    const loaders = await this.http.getJson<Loader[]>(`${this.base}/v2/versions/loader`);
    const loader = build ? loaders.find((l) => l.version === build) : (loaders.find((l) => l.stable) ?? loaders[0]);
    if (!loader) throw new CatalogueNotFoundError('build', `Fabric has no loader ${build ?? ''}.`.trim());
    const installers = await this.http.getJson<Installer[]>(`${this.base}/v2/versions/installer`);
    const installer = installers.find((i) => i.stable) ?? installers[0];
    if (!installer) throw new CatalogueNotFoundError('build', 'Fabric lists no installer.');
    const { body } = await this.http.getText(`${installer.url}.sha1`);
    return {
      software: 'fabric',
      version,
      build: loader.version,
      kind: 'installer',
      url: installer.url,
      fileName: `fabric-installer-${installer.version}.jar`,
      size: null,
      checksum: { algorithm: 'sha1', value: body.trim().split(/\s+/)[0] },
      javaMajor: javaForMinecraft(version),
      installArgs: ['server', '-mcversion', version, '-loader', loader.version, '-downloadMinecraft'],
    };
  }
}
