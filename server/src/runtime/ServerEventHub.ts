import type { PlayerCount } from './query/minecraftPing';
import type { Static } from 'typebox';
import type { BackupProgressEventSchema, InstallStatusEventSchema, ServerEventsSchema, TransferProgressEventSchema, VersionSwitchEventSchema } from '../schemas/serverSocket';
import type { PortProtocol, ServerIsolation, ServerStats } from './types';

/** Install states as stored on the server row (the socket's `install` event). */
export type InstallStatus = InstallStatusEvent['status'];

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

/** Progress of a backup being made or restored: the socket's `backup progress` event. */
export type BackupProgress = Static<typeof BackupProgressEventSchema>;

/** Progress of a version switch, setup or modpack being applied: the socket's `version switch` event. */
export type SwitchProgress = Static<typeof VersionSwitchEventSchema>;

/** A move to another node and how far it got: the socket's `transfer progress` event. */
export type TransferProgress = Static<typeof TransferProgressEventSchema>;

/** The install state and why it failed: the socket's `install` event. */
type InstallStatusEvent = Static<typeof InstallStatusEventSchema>;

/** Each event's arguments as the socket sends them. */
type SocketEventArgs = Static<typeof ServerEventsSchema>;

/**
 * What happens on a server, as its live console subscribers receive it. The payloads are the
 * socket protocol's (schemas/serverSocket.ts), so what the hub carries is what the socket sends;
 * `stats` carries the driver's sample with the panel's additions, which the socket session turns
 * into the API's ServerResources.
 */
export type ServerEvent =
  | { type: 'output'; line: SocketEventArgs['console output'][number] }
  | { type: 'state'; state: SocketEventArgs['status'][0] }
  | { type: 'stats'; resources: ServerResources }
  | ({ type: 'install' } & InstallStatusEvent)
  | { type: 'daemon-error'; message: SocketEventArgs['daemon error'][0] }
  | { type: 'backup'; progress: BackupProgress }
  | { type: 'version-switch'; progress: SwitchProgress }
  | { type: 'transfer'; progress: TransferProgress }
  /** The server was suspended or deleted: subscribers should let go. */
  | { type: 'gone'; reason: 'suspended' | 'deleted' };

export type ServerEventListener = (event: ServerEvent) => void;

/** Hears the events of every server (the panel's event bus turns some into its own events). */
export type ServerEventTap = (uuid: string, event: ServerEvent) => void;

/** Fan-out of server events to subscribers (console sockets), by server uuid. */
export class ServerEventHub {
  private readonly listeners = new Map<string, Set<ServerEventListener>>();
  private readonly taps = new Set<ServerEventTap>();

  /** Hears every server's events, whether or not anyone follows that server. */
  tap(listener: ServerEventTap): () => void {
    this.taps.add(listener);
    return () => {
      this.taps.delete(listener);
    };
  }

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
    for (const tap of this.taps) {
      try {
        tap(uuid, event);
      } catch {
        // a broken tap must not stop the console subscribers
      }
    }
    this.deliver(uuid, event);
  }

  /**
   * Hands an event to the server's subscribers only, not to the taps: an event another panel
   * process published, whose taps (the panel's events, webhooks) already heard it there.
   */
  deliver(uuid: string, event: ServerEvent): void {
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
