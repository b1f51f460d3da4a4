import type Docker from 'dockerode';
import { MANAGED_LABEL, SERVER_LABEL, volumeName } from '../../../../server/src/runtime/docker/containerConfig';
import { CONTAINER_NODE, CONTAINER_ROOT, CONTAINER_USER } from '../../../../server/src/runtime/docker/images/gameImages';
import { FLYING_SQUID_IMAGE } from './dockerTestDriver';

/** A server's volume as the driver makes it. */
export async function makeVolume(docker: Docker, uuid: string): Promise<void> {
  await docker.createVolume({ Name: volumeName(uuid), Labels: { [MANAGED_LABEL]: 'true', [SERVER_LABEL]: uuid } });
}

export async function removeVolume(docker: Docker, uuid: string): Promise<void> {
  await docker
    .getVolume(volumeName(uuid))
    .remove({ force: true })
    .catch(() => undefined);
}

/**
 * Runs a Node script as the game would: in the game's image, as the game's user, in the server's
 * folder (its volume), `args` being `process.argv.slice(1)`. Answers what it printed; rejects
 * when it fails.
 */
export async function asGame(docker: Docker, uuid: string, script: string, args: string[] = []): Promise<string> {
  const container = await docker.createContainer({
    Image: FLYING_SQUID_IMAGE,
    Cmd: [CONTAINER_NODE, '-e', script, '--', ...args],
    User: CONTAINER_USER,
    WorkingDir: CONTAINER_ROOT,
    HostConfig: { Binds: [`${volumeName(uuid)}:${CONTAINER_ROOT}`], NetworkMode: 'none' },
  });
  try {
    await container.start();
    const { StatusCode } = (await container.wait()) as { StatusCode: number };
    const raw = (await container.logs({ stdout: true, stderr: true, follow: false })) as unknown as Buffer;
    // Without a TTY each piece has an 8-byte header (stream, size): only the text is kept.
    let text = '';
    for (let at = 0; at + 8 <= raw.length; at += 8 + raw.readUInt32BE(at + 4)) text += raw.subarray(at + 8, at + 8 + raw.readUInt32BE(at + 4)).toString();
    if (StatusCode !== 0) throw new Error(`The game's script failed (exit ${StatusCode}): ${text}`);
    return text;
  } finally {
    await container.remove({ force: true }).catch(() => undefined);
  }
}

/** The game's script that makes the link `argv[2]` pointing at `argv[1]`. */
export const PLANT_LINK = "require('fs').symlinkSync(process.argv[1], process.argv[2])";
