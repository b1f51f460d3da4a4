import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { InstallStep } from '../types';
import { updateProperties } from '../../lib/properties';
import type { InstallContext } from './InstallContext';
import { InstallError, describeError } from './InstallError';
import { downloadFile } from './download';
import { extractZip } from './extractZip';
import { findBinary } from './findBinary';
import { installMinecraftServerJar } from './minecraftServerJar';
import { runCommand } from './runCommand';
import { installSteamApp } from './steamcmd';

/** Where our launchers live; node modules they need resolve from here. */
export const launchersDir = join(__dirname, '..', 'launchers');

/** Runs one install step in the server's root. Rejects with an InstallError carrying the reason. */
export async function runInstallStep(context: InstallContext, step: InstallStep): Promise<void> {
  switch (step.type) {
    case 'require-binary': {
      const found = await findBinary(step.binary);
      if (!found) throw new InstallError(`${step.binary} was not found on this node. ${step.hint}`);
      context.log(`Found ${step.binary} at ${found}`);
      return;
    }
    case 'require-node-module': {
      try {
        const resolved = createRequire(join(launchersDir, 'package.json')).resolve(step.module);
        context.log(`Using ${step.module} from ${resolved}`);
      } catch (error) {
        throw new InstallError(`The ${step.module} package is not installed on this node: ${describeError(error)}`);
      }
      return;
    }
    case 'download':
      await downloadFile(step.url, await context.files.resolve(step.to), step.sha1, context.log);
      if (step.executable) await context.files.chmod(step.to, 0o755);
      return;
    case 'minecraft-server-jar':
      return installMinecraftServerJar(context, step.version, step.to);
    case 'steamcmd':
      return installSteamApp(context, step.appId, step.beta);
    case 'extract-zip':
      return extractZip(context, step.archive, step.subdir, step.removeArchive ?? true);
    case 'chmod':
      await context.files.chmod(step.path, step.mode);
      return;
    case 'write-file': {
      if (!step.overwrite && (await context.files.exists(step.path))) return;
      await context.files.writeFile(step.path, step.content, step.executable ? 0o755 : 0o644);
      context.log(`Wrote ${step.path}`);
      return;
    }
    case 'java-installer': {
      const java = await findBinary('java');
      if (!java) throw new InstallError('Java is not installed on this node, so the installer cannot run.');
      // An installer (Forge, NeoForge, Fabric) downloads and runs more code: it works in the
      // server's sandbox as the server's own user, like every install step that runs a program.
      await runCommand(java, ['-jar', step.jar, ...step.args], { cwd: context.root, log: context.log, sandbox: context.sandbox?.([]) });
      return;
    }
    case 'properties-defaults': {
      const current = (await context.files.exists(step.path)) ? (await context.files.readFile(step.path)).toString('utf8') : '';
      await context.files.writeFile(step.path, updateProperties(current, step.values, true));
      context.log(`Prepared ${step.path}`);
      return;
    }
    case 'egg-script':
      // Egg scripts expect a container of their image with the folder at /mnt/server.
      throw new InstallError('This template installs with an egg script, which runs only on a Docker node: create the server on a node.');
  }
}
