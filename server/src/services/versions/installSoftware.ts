import { createReadStream } from 'node:fs';
import type { CatalogueDownload } from '../../games/catalogue/types';
import type { ServerFiles } from '../../runtime/files/ServerFiles';

/** Runs an installer jar (in the server's folder) with its arguments, in the server's sandbox. */
export type RunInstaller = (jar: string, args: string[]) => Promise<void>;

/** The arguments file a Forge or NeoForge installer names in the run.sh it writes. */
const ARGS_FILE_IN_RUN_SCRIPT = /@(libraries\/[\w.+\-/]+\/unix_args\.txt)/;
/** run.sh is a few lines; anything larger is not the installer's. */
const RUN_SCRIPT_MAX_BYTES = 64 * 1024;

/**
 * Forge and NeoForge (1.17 and later) install no runnable server jar: run.sh starts Java with
 * `@libraries/…/unix_args.txt` (classpath, main class, module options). The panel starts Java with
 * that file itself, with the plan's memory. Answers its path inside the server's files.
 */
export async function forgeArgumentsFile(files: ServerFiles, software: string): Promise<string> {
  const script = await files.readFile('run.sh', RUN_SCRIPT_MAX_BYTES).then(
    (content) => content.toString('utf8'),
    () => '',
  );
  const path = ARGS_FILE_IN_RUN_SCRIPT.exec(script)?.[1];
  if (!path || path.split('/').includes('..')) {
    throw new Error(`The ${software} installer did not write run.sh naming its start arguments, so the server could not be set up.`);
  }
  const info = await files.lstat(path).catch(() => null);
  if (info?.kind !== 'file') throw new Error(`The ${software} installer named ${path}, which it did not write.`);
  return path;
}

/**
 * Puts verified software (`file`, a download of the panel's own) in place in the server's files
 * and answers the variables to set: a server jar becomes SERVER_JARFILE (written atomically over
 * the old one); an installer runs once through `runInstaller` (Fabric answers its launcher jar,
 * Forge and NeoForge their arguments file); bundled software (flying-squid) needs only its version.
 */
export async function installSoftware(files: ServerFiles, download: CatalogueDownload, file: string | null, jarName: string, runInstaller: RunInstaller): Promise<Record<string, string>> {
  const variables: Record<string, string> = { SERVER_SOFTWARE: download.software, MINECRAFT_VERSION: download.version, SOFTWARE_BUILD: download.build ?? '' };
  if (download.kind === 'bundled') return variables;
  if (!file) throw new Error('Nothing was downloaded.');
  // Java software: only Forge and NeoForge start from an arguments file.
  variables.JAVA_ARGS_FILE = '';
  if (download.kind === 'server-jar') {
    await files.writeStream(jarName, createReadStream(file), { mode: 0o644 });
    return { ...variables, SERVER_JARFILE: jarName };
  }
  if (download.kind === 'installer') {
    await files.writeStream(download.fileName, createReadStream(file), { mode: 0o644 });
    try {
      await runInstaller(download.fileName, download.installArgs ?? []);
    } finally {
      await files.remove(download.fileName);
    }
    if (download.software === 'fabric') return { ...variables, SERVER_JARFILE: 'fabric-server-launch.jar' };
    if (download.software === 'forge' || download.software === 'neoforge') {
      return { ...variables, JAVA_ARGS_FILE: await forgeArgumentsFile(files, download.software === 'forge' ? 'Forge' : 'NeoForge') };
    }
    return variables;
  }
  throw new Error(`${download.fileName} is not server software.`);
}
