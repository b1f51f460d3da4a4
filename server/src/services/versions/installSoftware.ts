import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { CatalogueDownload } from '../../games/catalogue/types';

const INSTALLER_TIMEOUT_MS = 10 * 60_000;

/** Runs `java -jar <installer> <args>` in the server's folder; fails with the installer's last lines. */
function runInstaller(root: string, jar: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    let child;
    try {
      child = spawn('java', ['-jar', jar, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], timeout: INSTALLER_TIMEOUT_MS });
    } catch (error) {
      return reject(error as Error);
    }
    const tail: string[] = [];
    const keep = (data: Buffer) => tail.push(...data.toString().split('\n').filter(Boolean)) && tail.splice(0, Math.max(0, tail.length - 5));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (error: NodeJS.ErrnoException) => reject(new Error(error.code === 'ENOENT' ? 'Java is not installed on this node, so the installer cannot run.' : error.message)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`The installer failed (exit ${code}): ${tail.join(' / ')}`))));
  });
}

/**
 * Puts verified software in place in the server's folder and answers the variables to set:
 * a server jar becomes SERVER_JARFILE; an installer runs once (Fabric answers its launcher jar);
 * bundled software (flying-squid) needs only its version.
 */
export async function installSoftware(root: string, download: CatalogueDownload, file: string | null, jarName: string): Promise<Record<string, string>> {
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
      await runInstaller(root, download.fileName, download.installArgs ?? []);
    } finally {
      await fs.rm(installer, { force: true });
    }
    return download.software === 'fabric' ? { ...variables, SERVER_JARFILE: 'fabric-server-launch.jar' } : variables;
  }
  throw new Error(`${download.fileName} is not server software.`);
}
