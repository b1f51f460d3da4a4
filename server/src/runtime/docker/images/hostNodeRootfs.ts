import { execFile } from 'node:child_process';
import { existsSync, promises as fs, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { launchersDir } from '../../install/runInstallStep';
import { CONTAINER_LAUNCHERS, CONTAINER_NODE } from './gameImages';

const run = promisify(execFile);

/** Libraries a binary links (ldd's absolute paths, the loader included). */
export async function linkedLibraries(binary: string): Promise<string[]> {
  const { stdout } = await run('ldd', [binary]);
  return [...stdout.matchAll(/(\/\S+)\s+\(0x/g)].map((m) => m[1]);
}

/** Copies a file as hard link where it can (same file system: instant), else byte for byte. */
export async function place(source: string, target: string): Promise<void> {
  await fs.mkdir(dirname(target), { recursive: true });
  await fs.link(source, target).catch(() => fs.copyFile(source, target));
}

/** A folder copied as hard links (cp -al), links and modes kept. */
async function placeTree(source: string, target: string): Promise<void> {
  await fs.mkdir(dirname(target), { recursive: true });
  await run('cp', ['-al', source, target]).catch(() => run('cp', ['-a', source, target]));
}

/**
 * Every package folder our launchers load (flying-squid and what it depends on), outermost only:
 * a package nested inside another's node_modules comes with it.
 */
export function launcherPackages(): { nodeModules: string; folders: string[] } {
  const seen = new Set<string>();
  const visit = (folder: string): void => {
    if (seen.has(folder)) return;
    seen.add(folder);
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    const resolve = createRequire(join(folder, 'package.json'));
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
      let found: string | null;
      try {
        found = dirname(resolve.resolve(`${name}/package.json`));
      } catch {
        found = packageFolderOf(resolve, name);
      }
      if (found) visit(found);
    }
  };
  const squid = dirname(createRequire(join(launchersDir, 'package.json')).resolve('flying-squid/package.json'));
  visit(squid);
  const nodeModules = dirname(squid);
  const folders = [...seen].filter((folder) => ![...seen].some((other) => other !== folder && folder.startsWith(`${other}/`)));
  return { nodeModules, folders };
}

/** A package whose `exports` hide its package.json: found from its main file upwards. */
function packageFolderOf(resolve: NodeRequire, name: string): string | null {
  let folder: string;
  try {
    folder = dirname(resolve.resolve(name));
  } catch {
    return null; // an optional dependency not installed here
  }
  for (;;) {
    const manifest = join(folder, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === name) return folder;
    const up = dirname(folder);
    if (up === folder) return null;
    folder = up;
  }
}

/**
 * Lays out the `host-node` image's root file system in `rootfs`: this machine's Node with its
 * libraries, /bin/sh (start commands are shell lines), our launchers and the packages they load,
 * and the game's folder owned by the unprivileged user. Minecraft's Bedrock versions (three quarters
 * of minecraft-data, never read by a Java server) are left out.
 */
export async function stageHostNodeRootfs(rootfs: string): Promise<void> {
  const node = realpathSync(process.execPath);
  const shell = realpathSync('/bin/sh');
  await place(node, join(rootfs, CONTAINER_NODE));
  await place(shell, join(rootfs, 'bin/sh'));
  const libraries = new Set([...(await linkedLibraries(node)), ...(await linkedLibraries(shell))]);
  for (const library of libraries) await place(realpathSync(library), join(rootfs, library));
  for (const file of await fs.readdir(launchersDir)) await place(join(launchersDir, file), join(rootfs, CONTAINER_LAUNCHERS, file));
  const { nodeModules, folders } = launcherPackages();
  const modulesInImage = join(rootfs, dirname(CONTAINER_LAUNCHERS), 'node_modules');
  for (const folder of folders) await placeTree(folder, join(modulesInImage, relative(nodeModules, folder)));
  const bedrock = join(modulesInImage, 'minecraft-data/minecraft-data/data/bedrock');
  // Its `common` folder is read by every edition's feature table; the versions' data is not.
  for (const entry of await fs.readdir(bedrock).catch(() => [])) if (entry !== 'common') await fs.rm(join(bedrock, entry), { recursive: true, force: true });
  await writeBaseFiles(rootfs);
}

/**
 * The `host-iptables` image: this machine's iptables (nftables backend, the backend Docker Engine
 * uses here), the extensions it loads and /bin/sh. Debian's iptables is installed when missing.
 */
export async function stageHostIptablesRootfs(rootfs: string): Promise<void> {
  await run('bash', [join(__dirname, '../../../../../scripts/ensure-package.sh'), '/usr/sbin/xtables-nft-multi', 'iptables'], { timeout: 300_000 });
  const binary = '/usr/sbin/xtables-nft-multi';
  const shell = realpathSync('/bin/sh');
  await place(binary, join(rootfs, binary));
  await fs.symlink('xtables-nft-multi', join(rootfs, 'usr/sbin/iptables'));
  await place(shell, join(rootfs, 'bin/sh'));
  const extensions = (await run('sh', ['-c', 'ls -d /usr/lib/*/xtables | head -n 1'])).stdout.trim();
  if (extensions) await placeTree(extensions, join(rootfs, extensions));
  const libraries = new Set([...(await linkedLibraries(binary)), ...(await linkedLibraries(shell))]);
  for (const library of libraries) await place(realpathSync(library), join(rootfs, library));
  await writeBaseFiles(rootfs);
}

/**
 * The `host-tools` image: /bin/sh and the programs named, each with the libraries it links, at
 * the same paths as on this machine. A program missing here is installed from Debian first.
 */
export async function stageHostToolsRootfs(rootfs: string, binaries: { path: string; debianPackage: string }[]): Promise<void> {
  const ensure = join(__dirname, '../../../../../scripts/ensure-package.sh');
  for (const binary of binaries) await run('bash', [ensure, binary.path, binary.debianPackage], { timeout: 300_000 });
  const programs = [realpathSync('/bin/sh'), ...binaries.map((binary) => realpathSync(binary.path))];
  await place(programs[0], join(rootfs, 'bin/sh'));
  for (const [index, binary] of binaries.entries()) await place(programs[index + 1], join(rootfs, binary.path));
  const libraries = new Set<string>();
  for (const program of programs) for (const library of await linkedLibraries(program)) libraries.add(library);
  for (const library of libraries) await place(realpathSync(library), join(rootfs, library));
  await writeBaseFiles(rootfs);
}

/**
 * The game's user in /etc/passwd and /etc/group (added to a distribution's own files, written
 * where there are none), /tmp, and the game's folder owned by that user.
 */
export async function writeBaseFiles(rootfs: string): Promise<void> {
  await fs.mkdir(join(rootfs, 'etc'), { recursive: true });
  const user = 'container:x:1000:1000:game server:/home/container:/bin/sh\n';
  const group = 'container:x:1000:\n';
  if (existsSync(join(rootfs, 'etc/passwd'))) {
    await fs.appendFile(join(rootfs, 'etc/passwd'), user);
    await fs.appendFile(join(rootfs, 'etc/group'), group);
  } else {
    await fs.writeFile(join(rootfs, 'etc/passwd'), `root:x:0:0:root:/root:/bin/sh\n${user}`);
    await fs.writeFile(join(rootfs, 'etc/group'), `root:x:0:\n${group}`);
  }
  // Readable by every user whatever the panel's umask (the game's user looks itself up there).
  await fs.chmod(join(rootfs, 'etc/passwd'), 0o644);
  await fs.chmod(join(rootfs, 'etc/group'), 0o644);
  await fs.mkdir(join(rootfs, 'tmp'), { recursive: true });
  await fs.chmod(join(rootfs, 'tmp'), 0o1777);
  await fs.mkdir(join(rootfs, 'home/container'), { recursive: true });
  await fs.chown(join(rootfs, 'home/container'), 1000, 1000);
  await fs.chmod(join(rootfs, 'home/container'), 0o750);
}
