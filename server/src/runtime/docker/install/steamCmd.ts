import type Docker from 'dockerode';
import { describeError, InstallError } from '../../install/InstallError';
import { MANAGED_LABEL } from '../containerConfig';
import { INSTALLER_IMAGE, CONTAINER_ROOT } from '../images/gameImages';
import { singleFileTar } from '../singleFileTar';
import type { OneOffRun } from './oneOffContainer';

/** The node's own SteamCMD: a volume shared by every SteamCMD install on that node, never by a game. */
export const STEAMCMD_VOLUME = 'panel-steamcmd';
/** Where SteamCMD's volume is in the container that runs it. */
export const STEAMCMD_DIR = '/opt/steamcmd';

type RunOneOff = (run: Omit<OneOffRun, 'memoryMb' | 'pidsLimit' | 'log'>) => Promise<void>;

/** One SteamCMD at a time per node: it updates itself in its folder, which two runs would share. */
const queues = new WeakMap<Docker, Promise<unknown>>();

/** Runs `work` after every earlier SteamCMD job of the node. */
export function oneAtATime<T>(docker: Docker, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(docker) ?? Promise.resolve();
  const next = previous.then(work, work);
  queues.set(
    docker,
    next.catch(() => undefined),
  );
  return next;
}

/** A container that never runs, holding the SteamCMD volume where the installer image has the game's folder. */
function holdSteamCmdVolume(docker: Docker): Promise<Docker.Container> {
  // Mounted first there, a new volume gets that folder's owner: the game's user, who unpacks and updates SteamCMD.
  return docker.createContainer({
    Image: INSTALLER_IMAGE,
    Cmd: ['/bin/sh'],
    Labels: { [MANAGED_LABEL]: 'true' },
    NetworkDisabled: true,
    HostConfig: { Binds: [`${STEAMCMD_VOLUME}:${CONTAINER_ROOT}`], NetworkMode: 'none' },
  });
}

async function hasSteamCmd(docker: Docker): Promise<boolean> {
  const exists = await docker
    .getVolume(STEAMCMD_VOLUME)
    .inspect()
    .then(
      () => true,
      () => false,
    );
  if (!exists) return false;
  const holder = await holdSteamCmdVolume(docker);
  try {
    await holder.getArchive({ path: `${CONTAINER_ROOT}/steamcmd.sh` });
    return true;
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return false;
    throw error;
  } finally {
    await holder.remove({ force: true }).catch(() => undefined);
  }
}

/**
 * Puts SteamCMD into the node's SteamCMD volume on first use: the panel fetches Valve's bundle and
 * hands it to the node through the engine's archive API; an installer container unpacks it as the
 * game's user (SteamCMD updates itself there later).
 */
async function ensureSteamCmd(docker: Docker, uuid: string, url: string, oneOff: RunOneOff, log: (line: string) => void): Promise<void> {
  if (await hasSteamCmd(docker)) return;
  log(`SteamCMD is not on this node yet; fetching it from ${url}`);
  let bundle: Buffer;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5 * 60_000) });
    if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`);
    bundle = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    throw new InstallError(`Download of ${url} failed: ${describeError(error)}`);
  }
  await docker.createVolume({ Name: STEAMCMD_VOLUME, Labels: { [MANAGED_LABEL]: 'true' } });
  const holder = await holdSteamCmdVolume(docker);
  try {
    await holder.putArchive(singleFileTar('steamcmd_linux.tar.gz', bundle, { mode: 0o644, uid: 1000, gid: 1000 }), { path: CONTAINER_ROOT });
  } finally {
    await holder.remove({ force: true }).catch(() => undefined);
  }
  await oneOff({
    uuid,
    volume: STEAMCMD_VOLUME,
    image: INSTALLER_IMAGE,
    cmd: ['/bin/sh', '-c', 'set -e; tar -xzf steamcmd_linux.tar.gz; rm -f steamcmd_linux.tar.gz; test -x steamcmd.sh'],
    network: 'none',
    what: 'Unpacking SteamCMD',
  });
}

export interface SteamInstall {
  appId: number;
  beta?: string;
  /** Valve's bundle (or a host's mirror of it). */
  url: string;
  /** An image with the 32-bit C libraries SteamCMD needs. */
  image: string;
  network: string;
}

/**
 * Installs or updates a Steam dedicated server (anonymous login) into the server's volume, in a
 * one-off container of the game's image with the node's SteamCMD volume beside it.
 */
export async function installSteamAppInContainer(docker: Docker, uuid: string, steam: SteamInstall, oneOff: RunOneOff, log: (line: string) => void): Promise<void> {
  await oneAtATime(docker, async () => {
    await ensureSteamCmd(docker, uuid, steam.url, oneOff, log);
    const args = ['+force_install_dir', CONTAINER_ROOT, '+login', 'anonymous', '+app_update', String(steam.appId)];
    if (steam.beta) args.push('-beta', steam.beta);
    args.push('validate', '+quit');
    log(`Running SteamCMD for app ${steam.appId}`);
    await oneOff({
      uuid,
      image: steam.image,
      cmd: [`${STEAMCMD_DIR}/steamcmd.sh`, ...args],
      network: steam.network,
      extraBinds: [`${STEAMCMD_VOLUME}:${STEAMCMD_DIR}`],
      env: { HOME: STEAMCMD_DIR },
      what: 'SteamCMD',
    });
  });
}
