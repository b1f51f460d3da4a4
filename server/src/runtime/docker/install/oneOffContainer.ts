import type Docker from 'dockerode';
import type { Readable } from 'node:stream';
import { InstallError } from '../../install/InstallError';
import { MANAGED_LABEL, SERVER_LABEL, volumeName } from '../containerConfig';
import { EngineLogSplitter } from '../engineLogStream';
import { ensureImage } from '../images/ensureImage';
import { CONTAINER_ROOT, CONTAINER_USER } from '../images/gameImages';

const MiB = 1024 * 1024;

/** One program run once against a server's volume, as an install step. */
export interface OneOffRun {
  /** The server whose volume is mounted at CONTAINER_ROOT (its only writable place besides /tmp). */
  uuid: string;
  /** Another volume at CONTAINER_ROOT instead of the server's (the node's SteamCMD, while it is unpacked). */
  volume?: string;
  image: string;
  cmd: string[];
  /** Where the volume is mounted and the program starts (default CONTAINER_ROOT). */
  mountAt?: string;
  /** Mount the volume without the engine's copy of the image's folder (and its owner) into a fresh volume. */
  noCopy?: boolean;
  /** Other volumes of the node the program may use (`name:/path`), such as SteamCMD's own. */
  extraBinds?: string[];
  /** Variables added to the program's environment. */
  env?: Record<string, string>;
  /** `none` for steps that need no network; else the servers' network (the node's firewall applies). */
  network: string;
  memoryMb: number;
  pidsLimit: number;
  /** Each line the program prints (stdout and stderr). */
  log(line: string): void;
  /** Killed after this long (an installer that hangs must not hold the server for ever). */
  timeoutMs?: number;
  /** What the step is, for the error when the program fails. */
  what: string;
}

/**
 * Runs a program in a container made for it, as Pterodactyl's install containers do: the server's
 * volume and nothing else of the node, the game's unprivileged user, no capabilities, no new
 * privileges, a read-only root with a small /tmp, the server's memory and process limits. Its
 * output goes to the console line by line; a non-zero exit rejects with the last lines said.
 * The container is removed afterwards, whatever happened.
 */
export async function runOneOffContainer(docker: Docker, run: OneOffRun): Promise<void> {
  await ensureImage(docker, run.image, run.log);
  const memory = Math.max(64, run.memoryMb) * MiB;
  const container = await docker.createContainer({
    Image: run.image,
    Cmd: run.cmd,
    User: CONTAINER_USER,
    WorkingDir: run.mountAt ?? CONTAINER_ROOT,
    Env: Object.entries({ HOME: run.mountAt ?? CONTAINER_ROOT, TMPDIR: '/tmp', LANG: 'C.UTF-8', PATH: '/usr/local/bin:/usr/bin:/bin', ...run.env }).map(([key, value]) => `${key}=${value}`),
    Labels: { [MANAGED_LABEL]: 'true', [`${SERVER_LABEL}.install`]: run.uuid },
    NetworkDisabled: run.network === 'none',
    HostConfig: {
      Binds: [`${run.volume ?? volumeName(run.uuid)}:${run.mountAt ?? CONTAINER_ROOT}${run.noCopy ? ':nocopy' : ''}`, ...(run.extraBinds ?? [])],
      NetworkMode: run.network,
      Memory: memory,
      MemorySwap: memory,
      PidsLimit: run.pidsLimit,
      ReadonlyRootfs: true,
      Tmpfs: { '/tmp': 'rw,nosuid,nodev,size=256m,mode=1777' },
      CapDrop: ['ALL'],
      SecurityOpt: ['no-new-privileges'],
      Init: true,
      LogConfig: { Type: 'json-file', Config: { 'max-size': '8m', 'max-file': '1' } },
    },
  });
  const lastLines: string[] = [];
  const timeoutMs = run.timeoutMs ?? 30 * 60_000;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void container.kill().catch(() => undefined);
  }, timeoutMs);
  try {
    await container.start();
    // The engine's log holds everything from the start: following it after the start misses nothing.
    const output = (await container.logs({ follow: true, stdout: true, stderr: true })) as unknown as Readable;
    const splitter = new EngineLogSplitter((lines) => {
      for (const { text } of lines) {
        run.log(text);
        lastLines.push(text);
        if (lastLines.length > 5) lastLines.shift();
      }
    });
    const drained = new Promise<void>((resolve) => {
      output.on('data', (chunk: Buffer) => splitter.push(chunk));
      output.on('end', resolve);
      output.on('close', resolve);
      output.on('error', resolve);
    });
    const { StatusCode } = (await container.wait()) as { StatusCode: number };
    await drained;
    if (timedOut) throw new InstallError(`${run.what} did not finish within ${Math.round(timeoutMs / 60_000)} minutes and was stopped.`);
    const state = (await container.inspect()).State;
    if (state.OOMKilled) throw new InstallError(`${run.what} ran out of memory (the plan allows ${run.memoryMb} MiB).`);
    if (StatusCode !== 0) throw new InstallError(`${run.what} failed (exit code ${StatusCode})${lastLines.length ? `: ${lastLines.join(' | ')}` : '.'}`);
  } finally {
    clearTimeout(timer);
    await container.remove({ force: true }).catch(() => undefined);
  }
}
