import type Docker from 'dockerode';
import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import { updateProperties } from '../../lib/properties';
import { describeError, InstallError } from '../install/InstallError';
import type { InstallStep, ServerSpec } from '../types';
import { MANAGED_LABEL, SERVER_LABEL, volumeName } from './containerConfig';
import { CONTAINER_ROOT } from './images/gameImages';
import { firstFileOfTar, singleFileTar } from './singleFileTar';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** One file of the server's volume through the engine's archive API (a container that never runs holds the volume). */
class VolumeFile {
  constructor(private readonly holder: Docker.Container) {}

  async read(path: string): Promise<Buffer | null> {
    try {
      return firstFileOfTar(await readAll((await this.holder.getArchive({ path: posix.join(CONTAINER_ROOT, path) })) as unknown as Readable));
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return null;
      throw error;
    }
  }

  async write(path: string, content: Buffer, mode: number): Promise<void> {
    const target = posix.join(CONTAINER_ROOT, path);
    if (!target.startsWith(`${CONTAINER_ROOT}/`)) throw new InstallError(`The path ${path} leads outside the server's folder.`);
    const archive = singleFileTar(posix.basename(target), content, { mode, uid: 1000, gid: 1000 });
    await this.holder.putArchive(archive, { path: posix.dirname(target) });
  }
}

/** Runs one step against the server's volume; steps that need the node's tools are refused with the reason. */
async function runStep(file: VolumeFile, step: InstallStep, log: (line: string) => Promise<void>): Promise<void> {
  switch (step.type) {
    case 'require-node-module':
    case 'require-binary':
      // The template's image carries its runtime (Node and flying-squid, Java …).
      return;
    case 'write-file': {
      if (!step.overwrite && (await file.read(step.path)) !== null) return;
      await file.write(step.path, Buffer.from(step.content), step.executable ? 0o755 : 0o644);
      await log(`[Installer] Wrote ${step.path}`);
      return;
    }
    case 'properties-defaults': {
      const current = (await file.read(step.path))?.toString('utf8') ?? '';
      await file.write(step.path, Buffer.from(updateProperties(current, step.values, true)), 0o644);
      await log(`[Installer] Prepared ${step.path}`);
      return;
    }
    default:
      throw new InstallError(`The install step "${step.type}" does not run on a Docker node yet.`);
  }
}

/**
 * Runs a server's install steps against its volume on the node, through a container of the
 * template's image that is made for it and never started (the engine's archive API writes through
 * it). Output goes to the console as on the local driver.
 */
export async function installInContainer(docker: Docker, spec: ServerSpec, image: string, notice: (...lines: string[]) => Promise<void>): Promise<void> {
  const holder = await docker.createContainer({
    Image: image,
    Cmd: ['/bin/sh', '-c', 'exit 0'],
    Labels: { [MANAGED_LABEL]: 'true', [`${SERVER_LABEL}.install`]: spec.uuid },
    NetworkDisabled: true,
    HostConfig: { Binds: [`${volumeName(spec.uuid)}:${CONTAINER_ROOT}`], NetworkMode: 'none' },
  });
  const file = new VolumeFile(holder);
  try {
    await notice('Installing the server.');
    for (const step of spec.install) await runStep(file, step, (line) => notice(line));
    await notice('Installation finished.');
  } catch (error) {
    const reason = error instanceof InstallError ? error.message : describeError(error);
    await notice(`Installation failed: ${reason}`);
    throw new InstallError(reason);
  } finally {
    await holder.remove({ force: true }).catch(() => undefined);
  }
}
