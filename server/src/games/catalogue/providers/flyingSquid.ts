import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { CatalogueNotFoundError, compareVersions, type CatalogueBuild, type CatalogueDownload, type CatalogueProvider, type CatalogueSoftware, type CatalogueVersion } from '../types';

const requireHere = createRequire(__filename);

interface FlyingSquidPackage {
  testedVersions: string[];
}
type MinecraftData = (version: string) => { version: { minecraftVersion: string; releaseType?: string } } | null;

/**
 * The embedded Minecraft server, flying-squid (from npm): the versions it supports are its own
 * tested versions that its minecraft-data knows. Nothing is downloaded, so this works offline;
 * the launcher reads the version from MINECRAFT_VERSION.
 */
export class FlyingSquidProvider implements CatalogueProvider {
  readonly id = 'flying-squid';
  private cached: CatalogueVersion[] | null = null;
  private packageVersion = '';

  software(): CatalogueSoftware[] {
    return [{ id: 'flying-squid', name: 'flying-squid (embedded)', kind: 'server', provider: this.id }];
  }

  async versions(): Promise<CatalogueVersion[]> {
    if (this.cached) return this.cached;
    const squidPath = requireHere.resolve('flying-squid');
    // Only its version list: loading the whole server takes seconds.
    const { testedVersions } = requireHere(join(dirname(squidPath), 'src', 'lib', 'version.js')) as FlyingSquidPackage;
    const mcData = requireHere(requireHere.resolve('minecraft-data', { paths: [squidPath] })) as MinecraftData;
    this.packageVersion = (requireHere('flying-squid/package.json') as { version: string }).version;
    this.cached = testedVersions
      .filter((v) => mcData(v) !== null)
      .sort((a, b) => compareVersions(b, a))
      .map((id) => ({ id, type: 'release', minecraft: id, javaMajor: null, releasedAt: null }));
    return this.cached;
  }

  private async assertVersion(version: string): Promise<void> {
    if (!(await this.versions()).some((v) => v.id === version)) {
      throw new CatalogueNotFoundError('version', `flying-squid does not support Minecraft ${version}.`);
    }
  }

  async builds(_software: string, version: string): Promise<CatalogueBuild[]> {
    await this.assertVersion(version);
    return [{ id: this.packageVersion, channel: 'stable', time: null }];
  }

  async download(_software: string, version: string): Promise<CatalogueDownload> {
    await this.assertVersion(version);
    return { software: 'flying-squid', version, build: this.packageVersion, kind: 'bundled', url: null, fileName: '', size: null, checksum: null, javaMajor: null };
  }
}
