import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSs, type TcpConnection } from '../../../../../server/src/runtime/local/network/parseSs';
import { TcpTrafficMeter } from '../../../../../server/src/runtime/local/network/TcpTrafficMeter';

/** A connection accepted on `localPort`, from a client's port. */
function conn(localPort: number, peerPort: number, received: number, sent: number, cookie = `${localPort}-${peerPort}`): TcpConnection {
  return { state: 'ESTAB', localAddress: '127.0.0.1', localPort, peerAddress: '127.0.0.1', peerPort, inode: 1, cookie, counters: { received, sent } };
}

const owners = (entries: [number, string][]) => new Map(entries);

describe('TcpTrafficMeter', () => {
  it('adds the growth of each connection since it was last seen; a new one counts from zero', () => {
    const meter = new TcpTrafficMeter();
    const ports = owners([[25565, 'a']]);
    expect(meter.update([conn(25565, 50000, 100, 1000)], ports).get('a')).toEqual({ rxBytes: 100, txBytes: 1000 });
    // Grew by 50/500, and a second client arrives with its whole history.
    expect(meter.update([conn(25565, 50000, 150, 1500), conn(25565, 50001, 7, 9)], ports).get('a')).toEqual({ rxBytes: 157, txBytes: 1509 });
    // Nothing new: nothing added.
    expect(meter.update([conn(25565, 50000, 150, 1500), conn(25565, 50001, 7, 9)], ports).get('a')).toEqual({ rxBytes: 157, txBytes: 1509 });
  });

  it('keeps what closed connections counted', () => {
    const meter = new TcpTrafficMeter();
    const ports = owners([[25565, 'a']]);
    meter.update([conn(25565, 50000, 100, 200)], ports);
    expect(meter.update([], ports).get('a')).toEqual({ rxBytes: 100, txBytes: 200 });
    // A TIME-WAIT leftover has no counters and changes nothing.
    expect(meter.update([{ ...conn(25565, 50000, 0, 0), state: 'TIME-WAIT', counters: null }], ports).get('a')).toEqual({ rxBytes: 100, txBytes: 200 });
  });

  it('attributes a connection by its local port only, to the owner of that port', () => {
    const meter = new TcpTrafficMeter();
    const ports = owners([
      [25565, 'a'],
      [25575, 'a'],
      [25566, 'b'],
    ]);
    const totals = meter.update(
      [
        conn(25565, 50000, 10, 20),
        conn(25575, 50001, 1, 2), // a's extra port (rcon)
        conn(25566, 50002, 300, 400),
        // The client's end of a connection to a: its local port is not a's.
        conn(50000, 25565, 20, 10),
        conn(8080, 50003, 9999, 9999),
      ],
      ports,
    );
    expect(Object.fromEntries(totals)).toEqual({ a: { rxBytes: 11, txBytes: 22 }, b: { rxBytes: 300, txBytes: 400 } });
  });

  it('starts a new owner key from zero and forgets keys left out', () => {
    const meter = new TcpTrafficMeter();
    meter.update([conn(25565, 50000, 100, 100)], owners([[25565, 'a@1']]));
    // The server started again: a new run key; the old run's connection is gone.
    expect(meter.update([conn(25565, 50010, 5, 6)], owners([[25565, 'a@2']])).get('a@2')).toEqual({ rxBytes: 5, txBytes: 6 });
    expect(meter.update([], owners([[25565, 'a@1']])).get('a@1')).toEqual({ rxBytes: 0, txBytes: 0 });
  });

  it("never counts an earlier run's connection for the next run, even across a snapshot taken between the runs", () => {
    const meter = new TcpTrafficMeter();
    meter.update([conn(25565, 50000, 100_000, 250_000)], owners([[25565, 'a@1']]));
    // The server is between runs (no owner), and its forwarder's socket is still closing.
    meter.update([conn(25565, 50000, 100_000, 250_001)], owners([]));
    // The new run owns the port; the old socket is still listed, and a player of the new run connects.
    expect(meter.update([conn(25565, 50000, 100_000, 250_002), conn(25565, 50011, 3, 4)], owners([[25565, 'a@2']])).get('a@2')).toEqual({ rxBytes: 3, txBytes: 4 });
    // Nor when the port went to another server meanwhile.
    expect(meter.update([conn(25565, 50000, 100_000, 250_003)], owners([[25565, 'b@1']])).get('b@1')).toEqual({ rxBytes: 0, txBytes: 0 });
  });

  it('treats smaller counters on the same address pair as another socket', () => {
    const meter = new TcpTrafficMeter();
    const ports = owners([[25565, 'a']]);
    meter.update([conn(25565, 50000, 100, 100, 'x')], ports);
    // Same ends, new cookie: a new connection.
    expect(meter.update([conn(25565, 50000, 30, 40, 'y')], ports).get('a')).toEqual({ rxBytes: 130, txBytes: 140 });
  });

  it('follows a socket the game closed while it still sends (real ss output: the inode drops to 0)', () => {
    const fixture = (name: string) => parseSs(readFileSync(join(__dirname, '..', '..', 'fixtures', name), 'utf8'));
    const meter = new TcpTrafficMeter();
    const ports = owners([[37933, 'a']]);
    const first = meter.update(fixture('ssOrphanBefore.txt'), ports).get('a')!;
    const second = meter.update(fixture('ssOrphanAfter.txt'), ports).get('a')!;
    // Counted once, not twice: the same socket by its cookie.
    expect(first.txBytes).toBe(142848);
    expect(second.txBytes).toBe(142848);
  });

  it('answers copies: callers cannot change the running totals', () => {
    const meter = new TcpTrafficMeter();
    const ports = owners([[25565, 'a']]);
    meter.update([conn(25565, 50000, 10, 10)], ports).get('a')!.rxBytes = 1e9;
    expect(meter.update([conn(25565, 50000, 10, 10)], ports).get('a')).toEqual({ rxBytes: 10, txBytes: 10 });
  });
});
