import { createDockerClient, type EngineAddress } from './docker/dockerClient';
import { buildImages } from './docker/images/buildImages';
import { gameImages } from './docker/images/gameImages';

export type { EngineAddress } from './docker/dockerClient';

/** Names of the images the game templates run in (and the helpers the docker driver needs). */
export const engineImageNames = (): string[] => gameImages.map((image) => image.name);

/**
 * Builds images on one Docker Engine, offline (`npm run panel -- images:build`): the engine must
 * answer first. Answers what was built; progress lines go to `log`.
 */
export async function buildEngineImages(address: EngineAddress, names: string[], log: (line: string) => void): Promise<Awaited<ReturnType<typeof buildImages>>> {
  const docker = createDockerClient(address);
  await docker.ping();
  return buildImages(docker, names, log);
}
