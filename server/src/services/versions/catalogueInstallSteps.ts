import type { Catalogue } from '../../games/catalogue/Catalogue';
import type { InstallStep } from '../../runtime/types';

/**
 * A template's install steps with the Minecraft server jar taken from the software catalogue
 * (PANEL_CATALOGUE_URL: the public Mojang API, a catalogue server, or the recorded answers),
 * like every other download: the step becomes a download of the catalogue's URL, which must be
 * one of Mojang's own hosts (or the catalogue server's), verified by its SHA-1.
 */
export async function catalogueInstallSteps(catalogue: Catalogue, steps: InstallStep[]): Promise<InstallStep[]> {
  const resolved: InstallStep[] = [];
  for (const step of steps) {
    if (step.type !== 'minecraft-server-jar') {
      resolved.push(step);
      continue;
    }
    let version = step.version;
    try {
      if (version === 'latest') {
        const release = (await catalogue.versions('vanilla')).find((v) => v.type === 'release');
        if (!release) throw new Error('the catalogue lists no release');
        version = release.id;
      }
      const download = await catalogue.download('vanilla', version);
      if (!download.url) throw new Error('the catalogue offers no server download');
      catalogue.httpFor('vanilla')?.assertAllowed(download.url);
      resolved.push({ type: 'download', url: download.url, to: step.to, ...(download.checksum?.algorithm === 'sha1' ? { sha1: download.checksum.value } : {}) });
    } catch (error) {
      throw new Error(`The Minecraft ${version} server could not be found: ${(error as Error).message}`, { cause: error });
    }
  }
  return resolved;
}
