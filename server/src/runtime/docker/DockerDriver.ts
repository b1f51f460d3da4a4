import { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import type Docker from 'dockerode';
import type { FilesArchive, FilesImportOptions, RecoveryResult, RuntimeDriver, RuntimeDriverEvents } from '../RuntimeDriver';
import type { ServerFiles } from '../files/ServerFiles';
import { RuntimeConflictError, type LimitUpdate, type PowerState, type ResourceLimits, type ServerIsolation, type ServerSpec, type ServerStats } from '../types';
import { prepareConfigFiles } from '../config/prepareConfigFiles';
import { ContainerServer } from './ContainerServer';
import { SERVER_LABEL, containerName, type ContainerPlacement } from './containerConfig';
import { ServerVolumes } from './disk/ServerVolumes';
import { CONTAINER_LAUNCHERS, CONTAINER_NODE, CONTAINER_ROOT } from './images/gameImages';
import { ensureServerNetwork } from './serverNetwork';
import { installInContainer } from './install/installInContainer';
import { STEAMCMD_URL } from '../install/steamcmd';
import { applyNodeFirewall, defaultBlockedDestinations } from './nodeFirewall';
import { closeServerFiles, containerFiles, removeServerFiles } from './files/containerFiles';
import { ensureFilesImage } from './files/helperContainer';
import { removeTransferContainer } from './transfer/transferContainer';
import { exportVolume, importVolume } from './transfer/volumeArchive';

export interface DockerDriverOptions {
  docker: Docker;
  /** The node's address players connect to (the servers' ports are published on it). */
  publicHost: string;
  /** The network every server joins (made with inter-container traffic off when missing). */
  network?: string;
  /** The image of a spec whose template names none. */
  defaultImage?: string;
  ringSize?: number;
  pidsLimit?: number;
  tmpfsMb?: number;
  /** How old a disk figure may be (one helper run, or the engine's walk, measures every server at once). */
  diskMaxAgeMs?: number;
  /**
   * Give each server with a disk limit a file system of its own on the node, so the node's kernel
   * holds its quota (default true; needs e2fsprogs and loop devices on the node, see disk/).
   */
  diskImages?: boolean;
  /**
   * Destinations the servers may not reach (CIDRs; default: private, carrier-grade NAT and
   * link-local networks). The node itself is always out of their reach.
   */
  blockedDestinations?: string[];
  /** Where SteamCMD comes from (Valve's bundle, or a host's mirror) and the image it runs in. */
  steamcmd?: { url: string; image: string };
  /** The file port of a server on this node (default: the panel's file helper on the node, containerFiles). */
  files?: (uuid: string) => ServerFiles;
}

export const dockerDriverDefaults = {
  blockedDestinations: defaultBlockedDestinations,
  network: 'panel-servers',
  defaultImage: 'panel/flying-squid:1',
  ringSize: 1000,
  pidsLimit: 512,
  tmpfsMb: 64,
  diskMaxAgeMs: 10_000,
  steamcmd: { url: STEAMCMD_URL, image: 'panel/debian-games:12' },
  diskImages: true,
};

/**
 * Runs every game server as one container on a Docker Engine (a node), through the engine's API.
 * The panel keeps no folder of the server: its files live in a volume on the node. Power state,
 * console and crashes follow the engine's events and log streams, so a panel restart adopts the
 * containers still running.
 */
export class DockerDriver implements RuntimeDriver {
  readonly name = 'docker';
  private readonly emitter = new EventEmitter();
  private readonly servers = new Map<string, ContainerServer>();
  private readonly options: Required<DockerDriverOptions>;
  private readonly placement: ContainerPlacement;
  private events: Readable | null = null;
  private closed = false;
  private readonly volumes: ServerVolumes;

  constructor(options: DockerDriverOptions) {
    this.emitter.setMaxListeners(0);
    this.options = { ...dockerDriverDefaults, ...options, files: options.files ?? containerFiles(options.docker, { beforeStart: (uuid) => this.mountStorage(uuid) }) };
    this.placement = { network: this.options.network, publicHost: options.publicHost, pidsLimit: this.options.pidsLimit, tmpfsMb: this.options.tmpfsMb };
    this.volumes = new ServerVolumes(this.options.docker, { diskImages: this.options.diskImages, maxAgeMs: this.options.diskMaxAgeMs });
  }

  get docker(): Docker {
    return this.options.docker;
  }

  /**
   * Checks the engine answers, finds where its data is (the servers' disk images go beside it),
   * makes the servers' network, writes the node's firewall rules for it (refusing to run servers
   * without them) and follows the engine's container events.
   */
  async open(): Promise<void> {
    this.closed = false;
    await this.docker.ping();
    await this.volumes.open();
    const bridge = await ensureServerNetwork(this.docker, this.options.network);
    await applyNodeFirewall(this.docker, bridge, this.options.blockedDestinations);
    await this.followEvents();
  }

  private async followEvents(): Promise<void> {
    const stream = (await this.docker.getEvents({ filters: { type: ['container'], event: ['die', 'oom'], label: [SERVER_LABEL] } })) as unknown as Readable;
    this.events = stream;
    let pending = '';
    stream.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      let newline: number;
      while ((newline = pending.indexOf('\n')) >= 0) {
        const text = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        if (!text.trim()) continue;
        const event = JSON.parse(text) as { Action?: string; id?: string; Actor?: { Attributes?: Record<string, string> } };
        const uuid = event.Actor?.Attributes?.[SERVER_LABEL];
        if (!uuid || !event.id) continue;
        if (event.Action === 'oom') this.servers.get(uuid)?.onOutOfMemory(event.id);
        if (event.Action === 'die') this.servers.get(uuid)?.onDie(event.id);
      }
    });
    stream.on('error', () => undefined);
    // An engine restart or a dropped connection: follow again (each server also polls its container).
    stream.on('close', () => {
      if (this.closed || this.events !== stream) return;
      // The engine may have restarted with its node: the servers' disk images are checked again before use.
      this.volumes.forgetMounts();
      setTimeout(() => void this.followEvents().catch(() => undefined), 1000).unref();
    });
  }

  serverRoot(): string {
    throw new RuntimeConflictError("A container's files are on its node, not on the panel's machine.");
  }

  gamePaths(): { root: string; node: string; launchers: string } {
    return { root: CONTAINER_ROOT, node: CONTAINER_NODE, launchers: CONTAINER_LAUNCHERS };
  }

  /**
   * The server's volume mounted and sized for a start. A resize that has to wait for the disk image
   * to be free is tried again once the server's file helper (which holds the volume between file
   * calls) has let go: the next file call starts a new one.
   */
  private async ensureVolume(spec: ServerSpec, fresh?: boolean): ReturnType<ServerVolumes['ensure']> {
    const result = await this.volumes.ensure(spec.uuid, spec.limits.diskMb, fresh);
    if (result.fit !== 'deferred') return result;
    await removeServerFiles(this.docker, spec.uuid);
    return this.volumes.ensure(spec.uuid, spec.limits.diskMb, true);
  }

  private server(uuid: string): ContainerServer {
    let server = this.servers.get(uuid);
    if (!server) {
      server = new ContainerServer(uuid, {
        docker: this.docker,
        placement: this.placement,
        ringSize: this.options.ringSize,
        imageOf: (spec) => spec.image ?? this.options.defaultImage,
        ensureVolume: (spec, fresh) => this.ensureVolume(spec, fresh),
        lostMount: (error) => this.volumes.lostMount(uuid, error),
        fitDisk: (diskMb) => this.volumes.fit(uuid, diskMb),
        diskFigures: () => this.volumes.cached(uuid),
        prepareConfig: (spec) => prepareConfigFiles(this.files(uuid), spec),
        events: {
          output: (line) => this.emitter.emit('output', uuid, line),
          state: (state) => this.emitter.emit('state', uuid, state),
          crashed: (info) => this.emitter.emit('crashed', uuid, info),
          stats: (stats) => this.emitter.emit('stats', uuid, stats),
        },
      });
      this.servers.set(uuid, server);
    }
    return server;
  }

  /**
   * Makes sure the server's file system is mounted on the node (after a reboot) before anything
   * but its own container mounts its volume: the file port's helpers call it first.
   */
  async mountStorage(uuid: string): Promise<void> {
    await this.volumes.ensure(uuid, null);
  }

  async create(spec: ServerSpec): Promise<void> {
    // A node new to the panel builds its files image meanwhile: the server's files (its install,
    // the copy of a move to this node) go through it right after.
    await Promise.all([this.volumes.ensure(spec.uuid, spec.limits.diskMb), ensureFilesImage(this.docker)]);
  }

  async install(spec: ServerSpec): Promise<void> {
    const server = this.server(spec.uuid);
    if (server.state !== 'offline') throw new RuntimeConflictError('Stop the server before installing it.');
    if (server.installing) throw new RuntimeConflictError('The server is already being installed.');
    server.installing = true;
    try {
      await this.volumes.ensure(spec.uuid, spec.limits.diskMb);
      await installInContainer({
        docker: this.docker,
        spec,
        image: spec.image ?? this.options.defaultImage,
        files: this.files(spec.uuid),
        network: this.options.network,
        pidsLimit: this.options.pidsLimit,
        steamcmd: this.options.steamcmd,
        notice: (...lines) => server.notice(...lines),
      });
    } finally {
      server.installing = false;
    }
  }

  async start(spec: ServerSpec): Promise<void> {
    await this.server(spec.uuid).start(spec);
  }

  async stop(uuid: string): Promise<void> {
    await this.servers.get(uuid)?.stop();
  }

  async restart(spec: ServerSpec): Promise<void> {
    const server = this.server(spec.uuid);
    await server.stop();
    await server.start(spec);
  }

  async kill(uuid: string): Promise<void> {
    await this.servers.get(uuid)?.kill();
  }

  async sendCommand(uuid: string, command: string): Promise<void> {
    const server = this.servers.get(uuid);
    if (!server) throw new RuntimeConflictError('The server is offline.');
    await server.sendCommand(command);
  }

  async destroy(uuid: string): Promise<void> {
    const server = this.servers.get(uuid);
    if (server) {
      await server.kill();
      server.detach();
      this.servers.delete(uuid);
    }
    await this.docker
      .getContainer(containerName(uuid))
      .remove({ force: true })
      .catch(() => undefined);
    // The file helper and a move's container hold the volume too: they go first.
    await removeServerFiles(this.docker, uuid);
    await removeTransferContainer(this.docker, uuid);
    await this.volumes.remove(uuid);
  }

  async recover(spec: ServerSpec): Promise<RecoveryResult> {
    const server = this.server(spec.uuid);
    await server.attach();
    return server.recover(spec);
  }

  async detachAll(): Promise<void> {
    this.closed = true;
    this.events?.destroy();
    this.events = null;
    for (const server of this.servers.values()) server.detach();
    this.servers.clear();
    await closeServerFiles(this.docker);
  }

  async updateLimits(uuid: string, limits: ResourceLimits): Promise<LimitUpdate> {
    const server = this.servers.get(uuid);
    if (!server) return { running: false, appliedLive: [], restartNeeded: false };
    return server.updateLimits(limits);
  }

  async notice(uuid: string, message: string): Promise<void> {
    await this.server(uuid).notice(message);
  }

  state(uuid: string): PowerState {
    return this.servers.get(uuid)?.state ?? 'offline';
  }

  isInstalling(uuid: string): boolean {
    return this.servers.get(uuid)?.installing ?? false;
  }

  recentOutput(uuid: string, limit?: number): string[] {
    return this.servers.get(uuid)?.console.ring.toArray(limit) ?? [];
  }

  stats(uuid: string): ServerStats | null {
    const server = this.servers.get(uuid);
    return server && server.state !== 'offline' ? server.lastStats : null;
  }

  isolation(uuid: string): ServerIsolation {
    // Namespaces, a cgroup of the engine, a network of its own (no host network), and a file
    // system of its own on the node (unless its volume is from before disk images).
    return { sandboxed: true, kernelLimits: true, hostNetworkBlocked: true, kernelDiskQuota: this.volumes.kernelQuota(uuid) };
  }

  files(uuid: string): ServerFiles {
    return this.options.files(uuid);
  }

  /** The stopped server's volume as the engine archives it (see volumeArchive). */
  async exportFiles(uuid: string, signal?: AbortSignal): Promise<FilesArchive> {
    await this.mountStorage(uuid);
    return exportVolume(this.docker, uuid, signal);
  }

  /** Another node's archive of the server written into its volume here, then flushed to the disk (see volumeArchive). */
  async importFiles(uuid: string, archive: FilesArchive, options?: FilesImportOptions): Promise<void> {
    await this.mountStorage(uuid);
    await importVolume(this.docker, uuid, archive, options);
  }

  async diskBytes(uuid: string): Promise<number> {
    await this.volumes.measure();
    return this.volumes.cached(uuid)?.usedBytes ?? 0;
  }

  on<E extends keyof RuntimeDriverEvents>(event: E, listener: RuntimeDriverEvents[E]): void {
    this.emitter.on(event, listener);
  }

  off<E extends keyof RuntimeDriverEvents>(event: E, listener: RuntimeDriverEvents[E]): void {
    this.emitter.off(event, listener);
  }
}
