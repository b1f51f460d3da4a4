import type { CatalogueHttp } from '../CatalogueHttp';
import {
  CatalogueNotFoundError,
  compareVersions,
  javaForMinecraft,
  type CatalogueBuild,
  type CatalogueDownload,
  type CatalogueProvider,
  type CatalogueSoftware,
  type CatalogueVersion,
} from '../types';

/** What differs between Forge and NeoForge: where their Maven artefacts live and how a version names its Minecraft version. */
export interface MavenLoaderSpec {
  id: 'forge' | 'neoforge';
  name: string;
  /** Path of the artefact under the Maven base, e.g. net/minecraftforge/forge. */
  artifactPath: string;
  artifact: string;
  /** The Minecraft version a loader version is for (null when it cannot tell). */
  minecraftOf(version: string): string | null;
}

/** Forge versions are "<minecraft>-<forge>", e.g. 1.21.4-54.0.12. */
export const forgeSpec: MavenLoaderSpec = {
  id: 'forge',
  name: 'Forge',
  artifactPath: 'net/minecraftforge/forge',
  artifact: 'forge',
  minecraftOf: (version) => version.split('-')[0] || null,
};

/** NeoForge versions are "<minor>.<patch>.<build>" of Minecraft 1.<minor>.<patch>, e.g. 21.4.75 for 1.21.4 (".0" patch drops). */
export const neoForgeSpec: MavenLoaderSpec = {
  id: 'neoforge',
  name: 'NeoForge',
  artifactPath: 'net/neoforged/neoforge',
  artifact: 'neoforge',
  minecraftOf(version) {
    const match = /^(\d+)\.(\d+)\./.exec(version);
    if (!match) return null;
    return match[2] === '0' ? `1.${match[1]}` : `1.${match[1]}.${match[2]}`;
  },
};

/**
 * Forge and NeoForge from their Maven repositories: maven-metadata.xml lists every version, the
 * installer jar sits beside its .sha1, and it is run once with `--installServer`.
 * Here a version is a Minecraft version and a build is the loader's own version.
 */
export class MavenLoaderProvider implements CatalogueProvider {
  readonly id: string;

  constructor(
    private readonly http: CatalogueHttp,
    private readonly base: string,
    private readonly spec: MavenLoaderSpec,
  ) {
    this.id = spec.id;
  }

  software(): CatalogueSoftware[] {
    return [{ id: this.spec.id, name: this.spec.name, kind: 'server', provider: this.id }];
  }

  /** Every loader version in maven-metadata.xml, newest first. */
  private async loaderVersions(): Promise<string[]> {
    const { body } = await this.http.getText(`${this.base}/${this.spec.artifactPath}/maven-metadata.xml`);
    const versions = [...body.matchAll(/<version>\s*([^<\s]+)\s*<\/version>/g)].map((m) => m[1]);
    return versions.reverse();
  }

  async versions(): Promise<CatalogueVersion[]> {
    const byMinecraft = new Map<string, boolean>();
    for (const v of await this.loaderVersions()) {
      const mc = this.spec.minecraftOf(v);
      if (!mc || byMinecraft.has(mc)) continue;
      byMinecraft.set(mc, true);
    }
    return [...byMinecraft.keys()]
      .sort((a, b) => compareVersions(b, a))
      .map((mc) => ({ id: mc, type: /pre|rc|w/.test(mc) ? 'snapshot' : 'release', minecraft: mc, javaMajor: javaForMinecraft(mc), releasedAt: null }));
  }

  async builds(_software: string, version: string): Promise<CatalogueBuild[]> {
    const builds = (await this.loaderVersions()).filter((v) => this.spec.minecraftOf(v) === version);
    if (builds.length === 0) throw new CatalogueNotFoundError('version', `${this.spec.name} has no build for Minecraft ${version}.`);
    return builds.map((id) => ({ id, channel: /beta|alpha/.test(id) ? 'experimental' : 'stable', time: null }));
  }

  async download(software: string, version: string, build?: string): Promise<CatalogueDownload> {
    const builds = await this.builds(software, version);
    const chosen = build ? builds.find((b) => b.id === build) : (builds.find((b) => b.channel === 'stable') ?? builds[0]);
    if (!chosen) throw new CatalogueNotFoundError('build', `${this.spec.name} has no build ${build} for Minecraft ${version}.`);
    const fileName = `${this.spec.artifact}-${chosen.id}-installer.jar`;
    const url = `${this.base}/${this.spec.artifactPath}/${chosen.id}/${fileName}`;
    const { body } = await this.http.getText(`${url}.sha1`);
    return {
      software: this.spec.id,
      version,
      build: chosen.id,
      kind: 'installer',
      url,
      fileName,
      size: null,
      checksum: { algorithm: 'sha1', value: body.trim().split(/\s+/)[0] },
      javaMajor: javaForMinecraft(version),
      installArgs: ['--installServer'],
    };
  }
}
