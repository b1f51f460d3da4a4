import type Docker from 'dockerode';
import { randomBytes } from 'node:crypto';
import { updateProperties } from '../../../lib/properties';
import type { ServerFiles } from '../../files/ServerFiles';
import { describeError, InstallError } from '../../install/InstallError';
import { findMinecraftServerJar } from '../../install/minecraftServerJar';
import type { InstallStep, ServerSpec } from '../../types';
import { INSTALLER_IMAGE } from '../images/gameImages';
import { downloadToPort } from './downloadToPort';
import { argumentPath, EXTRACT_SCRIPT } from './extractScript';
import { runOneOffContainer, type OneOffRun } from './oneOffContainer';
import { installSteamAppInContainer } from './steamCmd';

/** What the steps of one server's install work with on its node. */
export interface ContainerInstall {
  docker: Docker;
  spec: ServerSpec;
  /** The template's image (Java installers run in it). */
  image: string;
  /** The server's files on the node. */
  files: ServerFiles;
  /** The servers' network, for steps that download (the node's firewall rules apply to it). */
  network: string;
  pidsLimit: number;
  /** Where SteamCMD comes from, and the image it runs in, for SteamCMD games. */
  steamcmd: { url: string; image: string };
  /** Writes console lines (the caller prefixes them as panel notices). */
  notice: (...lines: string[]) => Promise<void>;
}

/** Where eggs' install scripts find the server's folder (Pterodactyl's path). */
const EGG_INSTALL_ROOT = '/mnt/server';

// Installers (Forge's, Fabric's) need more than a small plan's memory for a minute; the game
// itself is held to its plan once it runs.
const INSTALL_MIN_MEMORY_MB = 1024;

function pathArgument(path: string): string {
  const argument = argumentPath(path);
  if (!argument) throw new InstallError(`The path ${path} leads outside the server's folder.`);
  return argument;
}

/** Runs one step: files through the port, programs in one-off containers on the node. */
async function runStep(install: ContainerInstall, step: InstallStep, log: (line: string) => void): Promise<void> {
  const { files, spec } = install;
  const oneOffRun = (run: OneOffRun) => runOneOffContainer(install.docker, run);
  const oneOff = (what: string, image: string, cmd: string[], network: string) =>
    oneOffRun({ uuid: spec.uuid, image, cmd, network, what, memoryMb: Math.max(INSTALL_MIN_MEMORY_MB, spec.limits.memoryMb), pidsLimit: install.pidsLimit, log });
  switch (step.type) {
    case 'require-node-module':
    case 'require-binary':
      // The template's image carries its runtime (Node and flying-squid, Java …).
      return;
    case 'write-file': {
      if (!step.overwrite && (await files.lstat(step.path)) !== null) return;
      await files.writeFile(step.path, step.content, { mode: step.executable ? 0o755 : 0o644 });
      log(`Wrote ${step.path}`);
      return;
    }
    case 'properties-defaults': {
      const current = (await files.stat(step.path)) ? (await files.readFile(step.path)).toString('utf8') : '';
      await files.writeFile(step.path, updateProperties(current, step.values, true), { keepMode: true });
      log(`Prepared ${step.path}`);
      return;
    }
    case 'chmod':
      await files.chmod(step.path, step.mode);
      return;
    case 'download':
      await downloadToPort(files, step.url, step.to, { sha1: step.sha1, mode: step.executable ? 0o755 : 0o644, log });
      return;
    case 'minecraft-server-jar': {
      const jar = await findMinecraftServerJar(step.version);
      log(`Downloading the Minecraft ${jar.id} server`);
      await downloadToPort(files, jar.url, step.to, { sha1: jar.sha1, log });
      return;
    }
    case 'extract-zip': {
      const staging = `./.extract-${randomBytes(6).toString('hex')}`;
      const subdir = step.subdir ? pathArgument(step.subdir).slice(2) : '';
      // Unpacking reads what may come from anywhere: no network, the server's volume only.
      await oneOff(
        `Unpacking ${step.archive}`,
        INSTALLER_IMAGE,
        ['/bin/sh', '-c', EXTRACT_SCRIPT, 'extract', pathArgument(step.archive), subdir, step.removeArchive === false ? '0' : '1', staging],
        'none',
      );
      log(`Unpacked ${step.archive}`);
      return;
    }
    case 'java-installer':
      // An installer downloads libraries: it gets the servers' network, and runs as the game would.
      await oneOff('The installer', install.image, ['java', '-jar', pathArgument(step.jar), ...step.args], install.network);
      return;
    case 'egg-script':
      // As Wings does: the egg's install image with the server's folder at /mnt/server, the
      // script run by its entrypoint, the variables and SERVER_MEMORY/IP/PORT in its environment;
      // unlike Wings it runs as the game's unprivileged user (no package installs as root).
      await oneOffRun({
        uuid: spec.uuid,
        image: step.container,
        cmd: [step.entrypoint, '-c', step.script],
        mountAt: EGG_INSTALL_ROOT,
        // The engine would otherwise give a fresh volume the owner of the image's mount point
        // (root's, for a path the egg's image lacks): the game's user could not write its files.
        noCopy: true,
        env: { ...spec.env, HOME: EGG_INSTALL_ROOT },
        network: install.network,
        what: 'The install script',
        memoryMb: Math.max(INSTALL_MIN_MEMORY_MB, spec.limits.memoryMb),
        pidsLimit: install.pidsLimit,
        log,
      });
      return;
    case 'steamcmd':
      return installSteamAppInContainer(
        install.docker,
        spec.uuid,
        { appId: step.appId, beta: step.beta, url: install.steamcmd.url, image: install.steamcmd.image, network: install.network },
        (run) => oneOffRun({ ...run, memoryMb: Math.max(INSTALL_MIN_MEMORY_MB, spec.limits.memoryMb), pidsLimit: install.pidsLimit, log }),
        log,
      );
  }
}

/**
 * Runs a server's install steps on its node, as the local driver runs them on the panel's machine:
 * each step's output goes to the console as it comes, and a failing step ends the install with its
 * reason said (the steps before it stay done, as on the local driver).
 */
export async function installInContainer(install: ContainerInstall): Promise<void> {
  const pending: string[] = [];
  const log = (line: string) => void pending.push(`[Installer] ${line}`);
  const flush = () => (pending.length > 0 ? install.notice(...pending.splice(0)) : Promise.resolve());
  // Long steps (an installer's output) show while they run, not only at their end.
  const flusher = setInterval(() => void flush(), 500);
  try {
    await install.notice('Installing the server.');
    for (const step of install.spec.install) {
      await runStep(install, step, log);
      await flush();
    }
    await install.notice('Installation finished.');
  } catch (error) {
    await flush();
    const reason = error instanceof InstallError ? error.message : describeError(error);
    await install.notice(`Installation failed: ${reason}`);
    throw new InstallError(reason);
  } finally {
    clearInterval(flusher);
  }
}
