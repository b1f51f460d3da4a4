import type Docker from 'dockerode';
import { buildImage } from './buildImages';
import { findGameImage } from './gameImages';

/** Builds in progress per engine, so two installs needing one image build it once. */
const building = new WeakMap<Docker, Map<string, Promise<void>>>();

/**
 * Makes sure the engine has the image `name`: one of the panel's own images is built offline when
 * the node lacks it; any other image must already be there (a host's own registry image is pulled
 * by the host, as no registry is reached from here), else the reason is said.
 */
export async function ensureImage(docker: Docker, name: string, log: (line: string) => void = () => undefined): Promise<void> {
  const present = await docker
    .getImage(name)
    .inspect()
    .then(
      () => true,
      () => false,
    );
  if (present) return;
  const recipe = findGameImage(name);
  if (!recipe) throw new Error(`The image ${name} is not on this node: load or pull it there, or point the template at an image the node has.`);
  let builds = building.get(docker);
  if (!builds) building.set(docker, (builds = new Map()));
  let build = builds.get(name);
  if (!build) {
    build = buildImage(docker, recipe, log)
      .then(() => undefined)
      .finally(() => builds.delete(name));
    builds.set(name, build);
  }
  await build;
}
