import type { InstallContext } from './InstallContext';
import { downloadFile, fetchJson } from './download';
import { InstallError } from './InstallError';

/** Mojang's list of every released Minecraft version. */
export const MOJANG_MANIFEST_URL = 'https://piston-meta.mojang.com/mc/game/version_manifest_v2.json';

interface Manifest {
  latest: { release: string; snapshot: string };
  versions: { id: string; url: string; sha1: string }[];
}
interface VersionDetails {
  downloads: { server?: { url: string; sha1: string; size: number } };
}

/** Where the official server jar of `version` ('latest' = latest release) is, with its SHA-1. */
export async function findMinecraftServerJar(version: string): Promise<{ id: string; url: string; sha1: string }> {
  const manifest = await fetchJson<Manifest>(MOJANG_MANIFEST_URL);
  const id = version === 'latest' ? manifest.latest.release : version;
  const entry = manifest.versions.find((v) => v.id === id);
  if (!entry) throw new InstallError(`Minecraft version "${id}" does not exist.`);
  const details = await fetchJson<VersionDetails>(entry.url);
  const server = details.downloads.server;
  if (!server) throw new InstallError(`Minecraft ${id} has no dedicated server download.`);
  return { id, url: server.url, sha1: server.sha1 };
}

/** Downloads the official server jar of `version` ('latest' = latest release), checking its SHA-1. */
export async function installMinecraftServerJar(context: InstallContext, version: string, to: string): Promise<void> {
  const jar = await findMinecraftServerJar(version);
  context.log(`Downloading the Minecraft ${jar.id} server`);
  await downloadFile(jar.url, await context.files.resolve(to), jar.sha1, context.log);
}
