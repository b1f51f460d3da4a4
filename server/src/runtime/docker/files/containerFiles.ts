import type Docker from 'dockerode';
import type { ServerFiles } from '../../files/ServerFiles';
import { ContainerServerFiles } from './ContainerServerFiles';
import { FilesConnection } from './FilesConnection';
import { ensureFilesImage, removeFilesHelper, startFilesHelper } from './helperContainer';

export interface ContainerFilesOptions {
  /** How long a helper with nothing to do is kept (default two minutes). */
  idleMs?: number;
  /** How long a new helper has to answer (default 60 s: the first one may build its image). */
  helloTimeoutMs?: number;
  /** Makes the server's storage mountable before a helper mounts it (its disk image after a node reboot). */
  beforeStart?: (uuid: string) => Promise<void>;
}

/**
 * The file helper of one server: started on first use, shared by every call meanwhile, closed
 * after `idleMs` without a call (the agent leaves and the engine removes its container), started
 * again by the next call. A helper that dies fails the calls it had, and the next call starts a new one.
 */
class FilesHelper {
  private connecting: Promise<FilesConnection> | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  /** The server's last disk usage figure, for every port of it. */
  readonly usage = { bytes: 0, at: 0 };

  constructor(
    private readonly docker: Docker,
    private readonly uuid: string,
    private readonly options: Required<ContainerFilesOptions>,
  ) {}

  async connection(): Promise<FilesConnection> {
    const pending = this.connecting;
    if (pending) {
      const conn = await pending.catch(() => null);
      if (conn?.alive) return conn;
      if (this.connecting === pending) this.connecting = null;
    }
    this.connecting ??= this.connect();
    const connecting = this.connecting;
    connecting.catch(() => {
      if (this.connecting === connecting) this.connecting = null;
    });
    return connecting;
  }

  private async connect(): Promise<FilesConnection> {
    try {
      return await this.startHelper();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EPROTO') throw error;
      // The node keeps the image of another panel version: this panel's agent replaces it.
      await ensureFilesImage(this.docker, true);
      return this.startHelper();
    }
  }

  private async startHelper(): Promise<FilesConnection> {
    await this.options.beforeStart(this.uuid);
    const { stream } = await startFilesHelper(this.docker, this.uuid);
    const conn = new FilesConnection(stream, `server ${this.uuid}`);
    conn.onBusy = () => this.stopIdleTimer();
    conn.onIdle = () => {
      this.stopIdleTimer();
      this.idleTimer = setTimeout(() => conn.close(), this.options.idleMs);
      this.idleTimer.unref();
    };
    try {
      await conn.hello(this.options.helloTimeoutMs);
    } catch (error) {
      conn.close();
      throw error;
    }
    return conn;
  }

  private stopIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  /** Closes the helper now (its calls fail); the next call would start another. */
  async close(): Promise<void> {
    this.stopIdleTimer();
    const pending = this.connecting;
    this.connecting = null;
    (await pending?.catch(() => null))?.close();
  }
}

// The helpers of each engine, by server: one per server however many ports are handed out.
const helpers = new WeakMap<Docker, Map<string, FilesHelper>>();

function helperOf(docker: Docker, uuid: string, options: Required<ContainerFilesOptions>): FilesHelper {
  let byServer = helpers.get(docker);
  if (!byServer) helpers.set(docker, (byServer = new Map()));
  let helper = byServer.get(uuid);
  if (!helper) byServer.set(uuid, (helper = new FilesHelper(docker, uuid, options)));
  return helper;
}

/**
 * The file port of the servers on one node: each server's files are served by a helper container
 * of the panel's own (`panel/files`, built on the node when it lacks it) that holds only that
 * server's volume, runs as the game's user without network or capabilities, and speaks to the
 * panel through the engine's API alone, so a node reached only over TCP and TLS serves files too.
 */
export function containerFiles(docker: Docker, options: ContainerFilesOptions = {}): (uuid: string) => ServerFiles {
  const settled = { idleMs: options.idleMs ?? 120_000, helloTimeoutMs: options.helloTimeoutMs ?? 60_000, beforeStart: options.beforeStart ?? (() => Promise.resolve()) };
  return (uuid) => {
    const helper = helperOf(docker, uuid, settled);
    return new ContainerServerFiles(() => helper.connection(), helper.usage);
  };
}

/** Closes every file helper of the engine (the panel lets go of the node); the next call starts one again. */
export async function closeServerFiles(docker: Docker): Promise<void> {
  const byServer = helpers.get(docker);
  helpers.delete(docker);
  await Promise.all([...(byServer?.values() ?? [])].map((helper) => helper.close()));
}

/** Closes and removes the server's file helper (the server is being destroyed). */
export async function removeServerFiles(docker: Docker, uuid: string): Promise<void> {
  const byServer = helpers.get(docker);
  const helper = byServer?.get(uuid);
  byServer?.delete(uuid);
  await helper?.close();
  await removeFilesHelper(docker, uuid);
}
