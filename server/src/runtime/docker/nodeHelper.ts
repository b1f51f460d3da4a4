import type Docker from 'dockerode';
import { buildImage } from './images/buildImages';
import { findGameImage } from './images/gameImages';
import { MANAGED_LABEL } from './containerConfig';
import { EngineLogSplitter } from './engineLogStream';

/** What a helper container printed, and how it ended. */
export interface HelperRun {
  exitCode: number;
  lines: string[];
}

/** Builds one of the panel's own helper images on the node when it lacks it. */
export async function ensureHelperImage(docker: Docker, name: string): Promise<void> {
  const present = await docker
    .getImage(name)
    .inspect()
    .then(
      () => true,
      () => false,
    );
  if (present) return;
  const image = findGameImage(name);
  if (!image) throw new Error(`The panel has no recipe for its helper image ${name}.`);
  await buildImage(docker, image, () => undefined);
}

/**
 * Runs a short-lived container of a helper image on the node (built there first when missing),
 * waits for its end and answers its output lines; the container is removed whatever happens.
 */
export async function runNodeHelper(docker: Docker, options: { image: string; cmd: string[]; hostConfig: Docker.HostConfig }): Promise<HelperRun> {
  await ensureHelperImage(docker, options.image);
  const container = await docker.createContainer({
    Image: options.image,
    Cmd: options.cmd,
    Labels: { [MANAGED_LABEL]: 'true' },
    HostConfig: options.hostConfig,
  });
  try {
    await container.start();
    const { StatusCode } = (await container.wait()) as { StatusCode: number };
    const raw = (await container.logs({ stdout: true, stderr: true, follow: false })) as unknown as Buffer;
    const lines: string[] = [];
    new EngineLogSplitter((batch) => lines.push(...batch.map((line) => line.text))).push(Buffer.isBuffer(raw) ? raw : Buffer.from(raw));
    return { exitCode: StatusCode, lines };
  } finally {
    await container.remove({ force: true }).catch(() => undefined);
  }
}
