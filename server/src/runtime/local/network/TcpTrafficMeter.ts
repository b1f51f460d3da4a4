import type { TcpConnection, TcpCounters } from './parseSs';

/** Bytes a server received and sent since it started. */
export interface TrafficTotals {
  rxBytes: number;
  txBytes: number;
}

/**
 * A connection's identity: both ends and the socket's cookie, so a reused address pair is a new
 * connection. Not the inode: it drops to 0 when the game closes a socket that still sends.
 */
function connectionKey(connection: TcpConnection): string {
  return `${connection.localAddress}|${connection.localPort}|${connection.peerAddress}|${connection.peerPort}|${connection.cookie ?? ''}`;
}

/** A connection's counters at the last snapshot, and whose it is. */
interface TrackedConnection {
  counters: TcpCounters;
  /** The owner of its local port when it was first seen: the run it belongs to, for good. */
  owner: string;
}

/**
 * Cumulative TCP traffic per owner (one run of a server), from successive snapshots of the
 * machine's connections. A connection belongs to the owner of its local port when it is first
 * seen, and stays that owner's while it lasts: one left over from a server's earlier run (its
 * forwarder's socket still closing, even across a snapshot taken between the two runs) never
 * counts for the next run. For a connection seen before, the growth of its counters since then
 * is added; a new one counts from zero (all of its bytes); a closed one keeps what was counted.
 * Traffic of a connection that opens and closes between two snapshots is not seen.
 */
export class TcpTrafficMeter {
  /** Each tracked connection at the last snapshot. */
  private seen = new Map<string, TrackedConnection>();
  private totals = new Map<string, TrafficTotals>();

  /**
   * Accounts one snapshot. `owners` maps local ports to owner keys (a new key starts from zero;
   * keys left out are forgotten). Answers the totals of every owner.
   */
  update(connections: readonly TcpConnection[], owners: ReadonlyMap<number, string>): Map<string, TrafficTotals> {
    const totals = new Map<string, TrafficTotals>();
    for (const owner of owners.values()) {
      const previous = this.totals.get(owner);
      totals.set(owner, { rxBytes: previous?.rxBytes ?? 0, txBytes: previous?.txBytes ?? 0 });
    }
    const seen = new Map<string, TrackedConnection>();
    for (const connection of connections) {
      if (connection.counters === null) continue;
      const key = connectionKey(connection);
      const now = connection.counters;
      const tracked = this.seen.get(key);
      // The counters of a live socket only grow: smaller figures on the same address pair are another socket.
      const before = tracked && tracked.counters.received <= now.received && tracked.counters.sent <= now.sent ? tracked : undefined;
      const owner = before?.owner ?? owners.get(connection.localPort);
      if (owner === undefined) continue;
      seen.set(key, { counters: now, owner });
      // An earlier run's connection is followed (so that it is never taken for a new one), counted for nobody.
      const total = totals.get(owner);
      if (!total) continue;
      total.rxBytes += now.received - (before?.counters.received ?? 0);
      total.txBytes += now.sent - (before?.counters.sent ?? 0);
    }
    this.seen = seen;
    this.totals = totals;
    return new Map([...totals].map(([owner, total]) => [owner, { ...total }]));
  }
}
