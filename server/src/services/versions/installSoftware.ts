import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { CatalogueDownload } from '../../games/catalogue/types';

/** Runs an installer jar (in the server's folder) with its arguments, in the server's sandbox. */
export type RunInstaller = (jar: string, args: string[]) => Promise<void>;

/** The arguments file a Forge or NeoForge installer names in the run.sh it writes. */
const ARGS_FILE_IN_RUN_SCRIPT = /@(libraries\/[\w.+\-/]+\/unix_args\.txt)/;

/**
 * Forge and NeoForge (1.17 and later) install no runnable server jar: run.sh starts Java with
 * `@libraries/…/unix_args.txt` (classpath, main class, module options). The panel starts Java with
 * that file itself, with the plan's memory. Answers its path inside the server's folder.
 */
export async function forgeArgumentsFile(root: string, software: string): Promise<string> {
  const script = await fs.readFile(join(root, 'run.sh'), 'utf8').catch(() => '');
  const path = ARGS_FILE_IN_RUN_SCRIPT.exec(script)?.[1];
  if (!path || path.split('/').includes('..')) {
    throw new Error(`The ${software} installer did not write run.sh naming its start arguments, so the server could not be set up.`);
  }
  const stats = await fs.lstat(join(root, path)).catch(() => null);
  if (!stats?.isFile()) throw new Error(`The ${software} installer named ${path}, which it did not write.`);
  return path;
}

/**
 * Puts verified software in place in the server's folder and answers the variables to set:
 * a server jar becomes SERVER_JARFILE; an installer runs once through `runInstaller` (Fabric
 * answers its launcher jar, Forge and NeoForge their arguments file); bundled software
 * (flying-squid) needs only its version.
 */
export async function installSoftware(root: string, download: CatalogueDownload, file: string | null, jarName: string, runInstaller: RunInstaller): Promise<Record<string, string>> {
  const variables: Record<string, string> = { SERVER_SOFTWARE: download.software, MINECRAFT_VERSION: download.version, SOFTWARE_BUILD: download.build ?? '' };
  if (download.kind === 'bundled') return variables;
  if (!file) throw new Error('Nothing was downloaded.');
  // Java software: only Forge and NeoForge start from an arguments file.
  variables.JAVA_ARGS_FILE = '';
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
    if (download.software === 'fabric') return { ...variables, SERVER_JARFILE: 'fabric-server-launch.jar' };
    if (download.software === 'forge' || download.software === 'neoforge') {
      return { ...variables, JAVA_ARGS_FILE: await forgeArgumentsFile(root, download.software === 'forge' ? 'Forge' : 'NeoForge') };
    }
    return variables;
  }
  throw new Error(`${download.fileName} is not server software.`);
}
