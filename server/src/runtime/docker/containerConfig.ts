import type Docker from 'dockerode';
import type { ResourceLimits, ServerSpec } from '../types';
import { CONTAINER_ROOT, CONTAINER_USER } from './images/gameImages';

/** Label every container, volume and network of the panel carries (the server's uuid on a server's). */
export const SERVER_LABEL = 'panel.server';
export const MANAGED_LABEL = 'panel.managed';

/** The names of a server's container and volume on its node. */
export const containerName = (uuid: string): string => `panel-${uuid}`;
export const volumeName = (uuid: string): string => `panel-${uuid}-data`;

export interface ContainerPlacement {
  /** The network every game server joins (inter-container traffic off). */
  network: string;
  /** The node's address players connect to: the server's ports are published on it. */
  publicHost: string;
  /** Processes a server may run at once (a fork bomb stops there). */
  pidsLimit: number;
  /** Size of the writable /tmp (the root file system is read-only). */
  tmpfsMb: number;
}

const MiB = 1024 * 1024;

/**
 * How a server's container logs its output. The engine hands each chunk of output to its log and
 * to the panel's attached stream in turn, and writes its log a line at a time (one JSON record, one
 * write each): blocking, that log set the pace of the live console (a third of the local driver's
 * lines per second). Non-blocking, the log takes lines from a buffer of its own (4 MiB, some 40,000
 * game lines) and the live console never waits for it. The log is read back only after a panel
 * restart; a flood that outruns it by more than the buffer thins the log, never the live console.
 */
export const consoleLogConfig = (): Docker.HostConfig['LogConfig'] => ({
  Type: 'json-file',
  Config: { mode: 'non-blocking', 'max-buffer-size': '4m', 'max-size': '8m', 'max-file': '3' },
});

/** The engine's resource fields for a plan: memory without swap, CPU in billionths of a core, processes. */
export function engineLimits(limits: ResourceLimits, pidsLimit: number): { Memory: number; MemorySwap: number; NanoCpus: number; PidsLimit: number } {
  const memory = Math.max(6, limits.memoryMb) * MiB;
  return { Memory: memory, MemorySwap: memory, NanoCpus: Math.round((Math.max(1, limits.cpuPercent) / 100) * 1e9), PidsLimit: pidsLimit };
}

/** Every port of the server, each with the protocols it is published for. */
export function publishedPorts(spec: ServerSpec): string[] {
  const ports = [`${spec.allocation.port}/${spec.allocation.protocol}`];
  // Extra ports serve queries (UDP) and RCON (TCP) alike: both are published.
  for (const port of Object.values(spec.extraPorts)) ports.push(`${port}/tcp`, `${port}/udp`);
  return [...new Set(ports)];
}

/**
 * The container of one server: the template's image and start command (a shell line, as on the
 * local driver), the plan's limits, a read-only root with a small /tmp, no capabilities, no new
 * privileges, the game's unprivileged user, its ports published on the node's public address only,
 * and standard input held open for the console. The game listens on all of the container's
 * addresses; which host address players reach is the publishing's business.
 */
export function containerConfig(spec: ServerSpec, image: string, placement: ContainerPlacement): Docker.ContainerCreateOptions {
  const ports = publishedPorts(spec);
  // tini (the container's init) passes stop signals to the game's whole process group, not only to
  // the shell that runs the start command.
  const env = { ...spec.env, TINI_KILL_PROCESS_GROUP: '1', SERVER_IP: '0.0.0.0', HOME: CONTAINER_ROOT, PATH: '/usr/local/bin:/usr/local/sbin:/usr/bin:/usr/sbin:/bin:/sbin', TMPDIR: '/tmp' };
  return {
    name: containerName(spec.uuid),
    Image: image,
    Cmd: ['/bin/sh', '-c', spec.startCommand],
    Env: Object.entries(env).map(([key, value]) => `${key}=${value}`),
    User: CONTAINER_USER,
    WorkingDir: CONTAINER_ROOT,
    Labels: { [MANAGED_LABEL]: 'true', [SERVER_LABEL]: spec.uuid },
    OpenStdin: true,
    StdinOnce: false,
    AttachStdin: true,
    Tty: false,
    ExposedPorts: Object.fromEntries(ports.map((port) => [port, {}])),
    StopTimeout: Math.ceil(spec.stopTimeoutMs / 1000),
    HostConfig: {
      ...engineLimits(spec.limits, placement.pidsLimit),
      Binds: [`${volumeName(spec.uuid)}:${CONTAINER_ROOT}`],
      ReadonlyRootfs: true,
      Tmpfs: { '/tmp': `rw,nosuid,nodev,size=${placement.tmpfsMb}m,mode=1777` },
      CapDrop: ['ALL'],
      SecurityOpt: ['no-new-privileges'],
      NetworkMode: placement.network,
      PortBindings: Object.fromEntries(ports.map((port) => [port, [{ HostIp: placement.publicHost, HostPort: port.split('/')[0] }]])),
      // The panel decides about restarts after a crash (its crash policy), not the engine.
      RestartPolicy: { Name: 'no' },
      Init: true,
      LogConfig: consoleLogConfig(),
    },
  };
}
