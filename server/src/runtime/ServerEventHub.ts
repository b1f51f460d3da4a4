import type { PlayerCount } from './query/minecraftPing';
import type { PortProtocol, PowerState, ServerIsolation, ServerStats } from './types';

/** Install states as stored on the server row. */
export type InstallStatus = 'installing' | 'installed' | 'install_failed';

/**
 * A resource snapshot with the plan's limits, as the API and the socket send it: a driver's
 * sample (ServerStats, whose kernel flag travels in `isolation`) plus what the panel adds.
 */
export interface ServerResources extends Omit<ServerStats, 'kernelLimits'> {
  cpuLimitPercent: number;
  /** Protocol of the game port; the traffic of UDP games is not measured (null figures). */
  networkProtocol: PortProtocol;
  /** Players online, for games the panel can ask (null otherwise or while offline). */
  players: PlayerCount | null;
  /** Whether it runs sandboxed, with kernel limits and kept off the host's own services. */
  isolation: ServerIsolation;
}

/** Progress of a backup being made or restored, as the socket's `backup progress` event sends it. */
export interface BackupProgress {
  backup: string;
  operation: 'backup' | 'restore';
  state: 'running' | 'completed' | 'failed';
  bytesDone: number;
  bytesTotal: number;
  error: string | null;
}

/** Progress of a version switch or a setup being applied, as the socket's `version switch` event sends it. */
export interface SwitchProgress {
  job: string;
  kind: 'switch' | 'setup' | 'modpack';
  software: string;
  version: string;
  step: 'queued' | 'stop' | 'backup' | 'download' | 'install' | 'start' | 'rollback' | 'done';
  state: 'running' | 'completed' | 'failed';
  /** 0–100 over the whole job. */
  percent: number;
  error: string | null;
}

/** What happens on a server, as its live console subscribers receive it. */
export type ServerEvent =
  | { type: 'output'; line: string }
  | { type: 'state'; state: PowerState }
  | { type: 'stats'; resources: ServerResources }
  | { type: 'install'; status: InstallStatus; error: string | null }
  | { type: 'daemon-error'; message: string }
  | { type: 'backup'; progress: BackupProgress }
  | { type: 'version-switch'; progress: SwitchProgress }
  /** The server was suspended or deleted: subscribers should let go. */
  | { type: 'gone'; reason: 'suspended' | 'deleted' };

export type ServerEventListener = (event: ServerEvent) => void;

/** Fan-out of server events to subscribers (console sockets), by server uuid. */
export class ServerEventHub {
  private readonly listeners = new Map<string, Set<ServerEventListener>>();

  subscribe(uuid: string, listener: ServerEventListener): () => void {
    let set = this.listeners.get(uuid);
    if (!set) this.listeners.set(uuid, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(uuid) === set) this.listeners.delete(uuid);
    };
  }

  publish(uuid: string, event: ServerEvent): void {
    const set = this.listeners.get(uuid);
    if (!set) return;
    for (const listener of set) {
      try {
        listener(event);
      } catch {
        // one broken subscriber must not stop the others
      }
    }
  }

  subscriberCount(uuid: string): number {
    return this.listeners.get(uuid)?.size ?? 0;
  }
}
