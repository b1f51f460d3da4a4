import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Docker from 'dockerode';
import { stageDebianRootfs } from './debianRootfs';
import { gameImages, type GameImage } from './gameImages';
import { stageHostIptablesRootfs, stageHostNodeRootfs, stageHostToolsRootfs } from './hostNodeRootfs';
import { stageFilesAgentRootfs } from '../files/filesImage';

export interface BuiltImage {
  name: string;
  id: string;
  seconds: number;
}

/**
 * Imports the folder `rootfs` as the image `name` (`docker import`: one layer, no registry). The
 * tar stream goes straight from GNU tar to the engine, never to disk; owners are kept numerically
 * (the game's folder belongs to the game's user).
 */
export async function importRootfs(docker: Docker, rootfs: string, name: string): Promise<string> {
  const [repo, tag = 'latest'] = splitName(name);
  // The folder is made of hard links to this machine's files: another build linking the same
  // files changes their link count (and so their ctime) while tar reads them, which GNU tar
  // reports as a change (exit 1) though no byte changed. Nothing else writes there.
  const tar = spawn('tar', ['-C', rootfs, '--numeric-owner', '--warning=no-file-changed', '-cf', '-', '.'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let tarError = '';
  tar.stderr.on('data', (chunk: Buffer) => (tarError = (tarError + chunk.toString()).slice(-2000)));
  const tarDone = new Promise<void>((resolve, reject) =>
    tar.on('close', (code) => (code === 0 || (code === 1 && tarError.trim() === '') ? resolve() : reject(new Error(`tar failed (exit ${code}): ${tarError.trim()}`)))),
  );
  const response = await docker.importImage(tar.stdout, { repo, tag });
  const messages = await new Promise<{ status?: string; error?: string }[]>((resolve, reject) =>
    docker.modem.followProgress(response, (error: Error | null, output: { status?: string; error?: string }[]) => (error ? reject(error) : resolve(output))),
  );
  await tarDone;
  const failed = messages.find((m) => m.error);
  if (failed) throw new Error(`The engine refused the image ${name}: ${failed.error}`);
  const image = await docker.getImage(name).inspect();
  return image.Id;
}

/** `panel/java:17` → [`panel/java`, `17`] (a registry's port is not a tag). */
function splitName(name: string): [string, string | undefined] {
  const colon = name.lastIndexOf(':');
  if (colon > name.lastIndexOf('/')) return [name.slice(0, colon), name.slice(colon + 1)];
  return [name, undefined];
}

/**
 * Makes every folder staged from this machine's files enterable and listable by all, as on the
 * machine itself: the panel runs with umask 077, so the folders it made for the copies are its
 * own only, and the game's unprivileged user could not reach its programs. The game's folder keeps
 * its own mode (its user's alone).
 */
async function openFolders(rootfs: string): Promise<void> {
  const game = join(rootfs, 'home/container');
  const visit = async (folder: string): Promise<void> => {
    if (folder !== game) await fs.chmod(folder, ((await fs.lstat(folder)).mode & 0o7777) | 0o755);
    for (const entry of await fs.readdir(folder, { withFileTypes: true })) if (entry.isDirectory()) await visit(join(folder, entry.name));
  };
  await visit(rootfs);
}

/** Builds one image on the engine from its recipe, in a temporary folder removed afterwards. */
export async function buildImage(docker: Docker, image: GameImage, log: (line: string) => void): Promise<BuiltImage> {
  const started = Date.now();
  const work = await fs.mkdtemp(join(tmpdir(), 'panel-image-'));
  try {
    const rootfs = join(work, 'rootfs');
    await fs.mkdir(rootfs, { mode: 0o755 });
    log(`Building ${image.name} (${image.description})`);
    if (image.recipe.kind === 'host-node') await stageHostNodeRootfs(rootfs);
    else if (image.recipe.kind === 'host-iptables') await stageHostIptablesRootfs(rootfs);
    else if (image.recipe.kind === 'host-tools') await stageHostToolsRootfs(rootfs, image.recipe.binaries);
    else if (image.recipe.kind === 'files-agent') await stageFilesAgentRootfs(rootfs);
    else await stageDebianRootfs(rootfs, image.recipe.suite, image.recipe.packages, log);
    if (image.recipe.kind !== 'debian') await openFolders(rootfs);
    const id = await importRootfs(docker, rootfs, image.name);
    const seconds = (Date.now() - started) / 1000;
    log(`Built ${image.name} in ${seconds.toFixed(1)} s`);
    return { name: image.name, id, seconds };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** Builds the images named (all the templates' images when none is). */
export async function buildImages(docker: Docker, names: string[], log: (line: string) => void): Promise<BuiltImage[]> {
  const unknown = names.filter((name) => !gameImages.some((image) => image.name === name));
  if (unknown.length > 0) throw new Error(`Unknown image ${unknown.join(', ')}; the panel builds ${gameImages.map((i) => i.name).join(', ')}.`);
  const chosen = names.length > 0 ? gameImages.filter((image) => names.includes(image.name)) : gameImages;
  const built: BuiltImage[] = [];
  for (const image of chosen) built.push(await buildImage(docker, image, log));
  return built;
}
