import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { CatalogueDownload } from '../../games/catalogue/types';

/** Runs an installer jar (in the server's folder) with its arguments, in the server's sandbox. */
export type RunInstaller = (jar: string, args: string[]) => Promise<void>;

/**
 * Puts verified software in place in the server's folder and answers the variables to set:
 * a server jar becomes SERVER_JARFILE; an installer runs once through `runInstaller` (Fabric
 * answers its launcher jar); bundled software (flying-squid) needs only its version.
 */
export async function installSoftware(root: string, download: CatalogueDownload, file: string | null, jarName: string, runInstaller: RunInstaller): Promise<Record<string, string>> {
  const variables: Record<string, string> = { SERVER_SOFTWARE: download.software, MINECRAFT_VERSION: download.version, SOFTWARE_BUILD: download.build ?? '' };
  if (download.kind === 'bundled') return variables;
  if (!file) throw new Error('Nothing was downloaded.');
  if (download.kind === 'server-jar') {
    await fs.copyFile(file, join(root, `${jarName}.panel-new`));
    await fs.rename(join(root, `${jarName}.panel-new`), join(root, jarName));
    return { ...variables, SERVER_JARFILE: jarName };
  }
  if (download.kind === 'installer') {
    const installer = join(root, download.fileName);
    await fs.copyFile(file, installer);
    try {
      await runInstaller(download.fileName, download.installArgs ?? []);
    } finally {
      await fs.rm(installer, { force: true });
    }
    return download.software === 'fabric' ? { ...variables, SERVER_JARFILE: 'fabric-server-launch.jar' } : variables;
  }
  throw new Error(`${download.fileName} is not server software.`);
}
