/**
 * The catalogue of server software: one interface over the public APIs of Mojang, PaperMC,
 * Purpur, Fabric, Forge, NeoForge, Adoptium and the embedded flying-squid server. The versions
 * area, setups and (later) extensions and modpacks all read software through it:
 * software → versions → builds → a download with its checksum.
 */

/** A digest the download must match before anything uses it. */
export interface Checksum {
  algorithm: 'sha1' | 'sha256' | 'sha512' | 'md5';
  value: string;
}

/** A piece of software a provider lists (vanilla, paper, fabric, temurin ...). */
export interface CatalogueSoftware {
  id: string;
  name: string;
  /** What it is: a game server, a proxy in front of servers, or a Java runtime. */
  kind: 'server' | 'proxy' | 'runtime';
  /** The provider answering for it. */
  provider: string;
}

export interface CatalogueVersion {
  id: string;
  type: 'release' | 'snapshot';
  /** The Minecraft version it plays (for loaders whose own versions differ, e.g. Forge). */
  minecraft: string | null;
  /** Java feature version the server needs (null: not a Java program). */
  javaMajor: number | null;
  releasedAt: string | null;
}

export interface CatalogueBuild {
  id: string;
  channel: 'stable' | 'experimental';
  time: string | null;
}

/** What a download gives: a server jar to run, an installer to run once, or an archive (runtimes). */
export type DownloadKind = 'server-jar' | 'installer' | 'archive' | 'bundled';

export interface CatalogueDownload {
  software: string;
  version: string;
  build: string | null;
  kind: DownloadKind;
  /** Absent for bundled software (flying-squid ships with the panel: nothing to fetch). */
  url: string | null;
  fileName: string;
  size: number | null;
  checksum: Checksum | null;
  javaMajor: number | null;
  /** For installers: the arguments `java -jar <file>` runs with to set up the server in its folder. */
  installArgs?: string[];
}

/** One public API answering for one or more pieces of software. */
export interface CatalogueProvider {
  readonly id: string;
  software(): CatalogueSoftware[];
  versions(software: string): Promise<CatalogueVersion[]>;
  builds(software: string, version: string): Promise<CatalogueBuild[]>;
  /** The download of a build (the newest stable one when `build` is absent). */
  download(software: string, version: string, build?: string): Promise<CatalogueDownload>;
}

/** An API could not be reached (and nothing cached could stand in). */
export class CatalogueUnavailableError extends Error {
  constructor(
    readonly provider: string,
    readonly url: string,
    /** What failed (a DNS error, a status): for the panel's log only, it may name hosts. */
    readonly reason: string,
  ) {
    super(`The ${provider} catalogue could not be reached.`);
  }
}

/** The software, version or build does not exist in the catalogue. */
export class CatalogueNotFoundError extends Error {
  constructor(
    readonly field: 'software' | 'version' | 'build',
    message: string,
  ) {
    super(message);
  }
}

/** A download was refused: wrong checksum, too large, or a host outside the provider's own. */
export class DownloadRefusedError extends Error {}

/** Java feature version a Minecraft version needs, as Mojang's manifests say (1.20.5: 21, 1.18: 17, 1.17: 16, older 8). */
export function javaForMinecraft(version: string): number | null {
  const match = /^1\.(\d+)(?:\.(\d+))?/.exec(version);
  if (!match) return /^\d{2}\.\d/.test(version) ? 21 : null;
  const minor = Number(match[1]);
  const patch = Number(match[2] ?? 0);
  if (minor > 20 || (minor === 20 && patch >= 5)) return 21;
  if (minor >= 18) return 17;
  if (minor === 17) return 16;
  return 8;
}

/** Compares Minecraft-like versions (1.20.4 < 1.21 < 1.21.4); non-numeric parts sort by text. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.\-+]/);
  const pb = b.split(/[.\-+]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? '0';
    const y = pb[i] ?? '0';
    const nx = Number(x);
    const ny = Number(y);
    if (Number.isFinite(nx) && Number.isFinite(ny)) {
      if (nx !== ny) return nx - ny;
    } else if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}
