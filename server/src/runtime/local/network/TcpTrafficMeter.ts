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

/**
 * Cumulative TCP traffic per owner (one run of a server), from successive snapshots of the
 * machine's connections. A connection belongs to the owner of its local port. For a connection
 * seen before, the growth of its counters since then is added; a new one counts from zero (all
 * of its bytes); a closed one keeps what was counted. Traffic of a connection that opens and
 * closes between two snapshots is not seen.
 */
export class TcpTrafficMeter {
  /** Counters of each owned connection at the last snapshot. */
  private seen = new Map<string, TcpCounters>();
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
    const seen = new Map<string, TcpCounters>();
    for (const connection of connections) {
      const owner = owners.get(connection.localPort);
      if (owner === undefined || connection.counters === null) continue;
      const key = connectionKey(connection);
      const now = connection.counters;
      const before = this.seen.get(key);
      const total = totals.get(owner)!;
      // The counters of a live socket only grow; a smaller figure is another socket.
      total.rxBytes += now.received - (before && before.received <= now.received ? before.received : 0);
      total.txBytes += now.sent - (before && before.sent <= now.sent ? before.sent : 0);
      seen.set(key, now);
    }
    this.seen = seen;
    this.totals = totals;
    return new Map([...totals].map(([owner, total]) => [owner, { ...total }]));
  }
}
