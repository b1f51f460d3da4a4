import type { Duplex } from 'node:stream';
import type Docker from 'dockerode';
import { MANAGED_LABEL, SERVER_LABEL, volumeName } from '../containerConfig';
import { sendAtOnce } from '../dockerClient';
import { buildImage } from '../images/buildImages';
import { CONTAINER_NODE, CONTAINER_ROOT, CONTAINER_USER, FILES_IMAGE, findGameImage } from '../images/gameImages';
import { FILES_AGENT } from './filesImage';
import { removeContainerNamed } from '../removeContainer';

/** The name of a server's file helper container on its node. */
export const filesHelperName = (uuid: string): string => `panel-files-${uuid}`;
/** The label that names the server a file helper serves (not SERVER_LABEL: it is not the game). */
export const FILES_LABEL = `${SERVER_LABEL}.files`;

const MiB = 1024 * 1024;
const statusOf = (error: unknown) => (error as { statusCode?: number } | null)?.statusCode;

// One build of the image per engine at a time, whoever asks first.
const building = new WeakMap<Docker, Promise<void>>();

/**
 * Builds the helper image on the node when it lacks it, or always with `rebuild` (a node keeping
 * the image of an older panel whose agent speaks another version): once, however many servers ask at once.
 */
export function ensureFilesImage(docker: Docker, rebuild = false): Promise<void> {
  let pending = rebuild ? undefined : building.get(docker);
  if (!pending) {
    pending = (async () => {
      const present = await docker
        .getImage(FILES_IMAGE)
        .inspect()
        .then(
          () => true,
          () => false,
        );
      if (!present || rebuild) await buildImage(docker, findGameImage(FILES_IMAGE)!, () => undefined);
    })();
    building.set(docker, pending);
    pending.catch(() => building.delete(docker));
  }
  return pending;
}

/** The helper container's settings: only the server's volume, the game's user, no network, no capabilities. */
export function filesHelperConfig(uuid: string): Docker.ContainerCreateOptions {
  return {
    name: filesHelperName(uuid),
    Image: FILES_IMAGE,
    Cmd: [CONTAINER_NODE, FILES_AGENT, CONTAINER_ROOT],
    User: CONTAINER_USER,
    WorkingDir: CONTAINER_ROOT,
    Labels: { [MANAGED_LABEL]: 'true', [FILES_LABEL]: uuid },
    // Standard input is the panel's channel; it closes when the panel detaches, and the agent leaves.
    OpenStdin: true,
    StdinOnce: true,
    AttachStdin: true,
    AttachStdout: true,
    AttachStderr: true,
    Tty: false,
    NetworkDisabled: true,
    HostConfig: {
      ...volumeOnlyHostConfig(uuid, { memoryMib: 256, pids: 64 }),
      AutoRemove: true,
      LogConfig: { Type: 'none', Config: {} },
    },
  };
}

/**
 * The sandbox of a container that works on a server's files for the panel (the file helper, a
 * move's flush): the server's volume and nothing else, no network, no capability (`capAdd` names
 * the few one needs), a read-only root, no privileges gained, bounded memory (no swap) and
 * processes, never restarted.
 */
export function volumeOnlyHostConfig(uuid: string, limits: { memoryMib: number; pids: number; capAdd?: string[] }): Docker.HostConfig {
  return {
    Binds: [`${volumeName(uuid)}:${CONTAINER_ROOT}`],
    NetworkMode: 'none',
    ReadonlyRootfs: true,
    CapDrop: ['ALL'],
    ...(limits.capAdd ? { CapAdd: limits.capAdd } : {}),
    SecurityOpt: ['no-new-privileges'],
    Memory: limits.memoryMib * MiB,
    MemorySwap: limits.memoryMib * MiB,
    PidsLimit: limits.pids,
    RestartPolicy: { Name: 'no' },
  };
}

/** Removes the server's file helper container if there is one (a stopped one is removed by the engine). */
export async function removeFilesHelper(docker: Docker, uuid: string): Promise<void> {
  await removeContainerNamed(docker, filesHelperName(uuid));
}

/**
 * A new helper for the server, attached before it starts (nothing it says is missed): a helper
 * left from before (another panel process, a dropped connection) is removed first, since a
 * half-sent frame of its last client would confuse the new one.
 */
export async function startFilesHelper(docker: Docker, uuid: string): Promise<{ container: Docker.Container; stream: Duplex }> {
  await ensureFilesImage(docker);
  await removeFilesHelper(docker, uuid);
  let container: Docker.Container | null = null;
  for (let attempt = 0; !container; attempt += 1) {
    try {
      container = await docker.createContainer(filesHelperConfig(uuid));
    } catch (error) {
      // The image went away since it was checked (removed by hand, an engine wiped): built again.
      if (statusOf(error) === 404 && attempt === 0) {
        building.delete(docker);
        await ensureFilesImage(docker);
        continue;
      }
      // The engine may still be removing the old one (its name is taken until then).
      if (statusOf(error) !== 409 || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  const stream = sendAtOnce((await container.attach({ stream: true, stdin: true, stdout: true, stderr: true, hijack: true })) as unknown as Duplex);
  try {
    await container.start();
  } catch (error) {
    stream.destroy();
    await container.remove({ force: true }).catch(() => undefined);
    throw error;
  }
  return { container, stream };
}
