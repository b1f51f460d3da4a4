import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import { join } from 'node:path';
import { DownloadRefusedError } from '../../games/catalogue/types';
import { HttpError, ValidationError } from '../../lib/errors';
import type { ServerFiles } from '../../runtime/files/ServerFiles';
import { catalogueFailure } from './extensionAnswers';
import { EXTENSION_FILE } from './extensionFiles';
import type { ExtensionSource, Release } from './sources';
import type { ExtensionTarget } from './target';

/** A release downloaded, verified and put into the server's plugins/ or mods/. */
export interface PlacedRelease {
  release: Release;
  sha512: string;
  /** Its path in the server's files (`plugins/name.jar`). */
  placed: string;
}

/** The name a release's file gets: the catalogue's when it is a plain jar or zip, else one made of its project and version. */
function fileNameOf(release: Release): string {
  return EXTENSION_FILE.test(release.fileName) && !release.fileName.endsWith('.disabled')
    ? release.fileName
    : `${release.projectId.replace(/[^\w.-]+/g, '')}-${release.versionNumber.replace(/[^\w.+-]+/g, '')}.jar`;
}

/**
 * Downloads every release into a staging folder of the panel's own (each verified against its
 * checksum, capped in size, from the catalogue's own hosts), and only when all are verified
 * writes them into the server's files. Any refusal removes everything of this install: nothing
 * lands half done. `replacing` maps a project to the file an update replaces (it keeps its
 * `.disabled`, and its name is not a clash).
 */
export async function placeReleases(
  files: ServerFiles,
  stagingParent: string,
  source: ExtensionSource,
  target: ExtensionTarget,
  releases: Release[],
  replacing: Map<string, string> = new Map(),
): Promise<PlacedRelease[]> {
  const staging = join(stagingParent, randomBytes(6).toString('hex'));
  const placed: string[] = [];
  try {
    const fetched: { release: Release; path: string; sha512: string; name: string }[] = [];
    for (const release of releases) {
      if (!release.url) throw new ValidationError({ project: [`${release.name} is only offered as an outside download.`] });
      const name = fileNameOf(release);
      const path = join(staging, name);
      // Only SpiGet publishes no checksums; from any other catalogue a file without one is refused.
      if (!release.checksum && release.provider !== 'spiget') throw new DownloadRefusedError(`${release.name} ${release.versionNumber} has no checksum to verify; the download was refused.`);
      if (release.checksum) await source.http.download(release.url, path, release.checksum);
      else await source.http.downloadUnchecked(release.url, path);
      const sha512 = createHash('sha512')
        .update(await fs.readFile(path))
        .digest('hex');
      fetched.push({ release, path, sha512, name });
    }
    for (const f of fetched) {
      const replaced = replacing.get(f.release.projectId);
      const finalName = replaced?.endsWith('.disabled') ? `${f.name}.disabled` : f.name;
      if (replaced !== finalName && ((await files.stat(`${target.folder}/${finalName}`)) || (await files.stat(`${target.folder}/${finalName}.disabled`)))) {
        throw new HttpError(409, `${target.folder}/${finalName} is already there; remove it first.`);
      }
      await files.writeStream(`${target.folder}/${finalName}`, createReadStream(f.path));
      placed.push(`${target.folder}/${finalName}`);
    }
    return fetched.map((f, i) => ({ release: f.release, sha512: f.sha512, placed: placed[i] }));
  } catch (error) {
    for (const path of placed) await files.remove(path).catch(() => undefined);
    if (error instanceof HttpError) throw error;
    return catalogueFailure(error);
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}
