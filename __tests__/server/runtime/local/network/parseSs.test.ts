import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSs } from '../../../../../server/src/runtime/local/network/parseSs';

// Output of `ss -H -t -n -i -e state connected` captured on a Debian machine (iproute2 6.1):
// servers on 127.0.0.1:33329 and [::]:46653 with a few clients, one closed (TIME-WAIT).
const fixture = (name: string) => readFileSync(join(__dirname, '..', '..', 'fixtures', name), 'utf8');

describe('parseSs', () => {
  it('reads both ends, the socket and the byte counters of every connection', () => {
    const connections = parseSs(fixture('ssTcpInfo.txt'));
    expect(connections).toHaveLength(7);
    expect(connections[0]).toEqual({
      state: 'ESTAB',
      localAddress: '127.0.0.1',
      localPort: 33329,
      peerAddress: '127.0.0.1',
      peerPort: 35542,
      inode: 621391,
      cookie: '7',
      counters: { received: 12345, sent: 5000 },
    });
    // The client's end of the same connection: the mirror image.
    expect(connections[1]).toMatchObject({ localPort: 35542, peerPort: 33329, counters: { received: 5000, sent: 12345 } });
  });

  it('gives no counters to a TIME-WAIT socket (its info line is blank)', () => {
    const timeWait = parseSs(fixture('ssTcpInfo.txt')).find((c) => c.state === 'TIME-WAIT');
    expect(timeWait).toEqual(expect.objectContaining({ localPort: 35548, peerPort: 33329, inode: 0, counters: null }));
  });

  it('reads IPv6 and IPv4-mapped addresses, and counters ss leaves out as zero', () => {
    const connections = parseSs(fixture('ssTcpInfo.txt'));
    expect(connections.find((c) => c.localAddress === '::1' && c.localPort === 46653)).toMatchObject({ peerAddress: '::1', peerPort: 49212, counters: { received: 777, sent: 0 } });
    // An idle accepted connection: tcp_info without any bytes_ field.
    expect(connections.find((c) => c.localAddress === '::ffff:127.0.0.1')).toMatchObject({ localPort: 46653, counters: { received: 0, sent: 0 } });
    // A client that sent nothing: no bytes_sent, and bytes_acked:1 is only its SYN.
    expect(connections.find((c) => c.localPort === 56348)).toMatchObject({ counters: { received: 0, sent: 0 } });
  });

  it('keeps the cookie of a socket the program closed while it still sends (its inode drops to 0)', () => {
    const [before] = parseSs(fixture('ssOrphanBefore.txt'));
    const [after] = parseSs(fixture('ssOrphanAfter.txt'));
    expect(before).toMatchObject({ state: 'ESTAB', localPort: 37933, inode: 623140, cookie: '1001' });
    expect(after).toMatchObject({ state: 'FIN-WAIT-1', localPort: 37933, inode: 0, cookie: '1001' });
    // bytes_sent counts retransmissions too (bytes_acked: 128000).
    expect(after.counters).toEqual({ received: 0, sent: 142848 });
  });

  it('reads the output of a single-state filter, which has no State column', () => {
    const text = '0      0      10.0.0.5:25565 10.0.0.9:51000 ino:42 sk:2a <->\n\t ts sack cubic bytes_sent:10 bytes_acked:11 bytes_received:20\n';
    expect(parseSs(text)).toEqual([{ state: '', localAddress: '10.0.0.5', localPort: 25565, peerAddress: '10.0.0.9', peerPort: 51000, inode: 42, cookie: '2a', counters: { received: 20, sent: 10 } }]);
  });

  it('falls back to bytes_acked, less the SYN, on kernels without bytes_sent', () => {
    const text = 'ESTAB 0 0 10.0.0.5:25565 10.0.0.9:51000 ino:42 sk:2a <->\n\t ts sack cubic bytes_acked:1001 bytes_received:20\n';
    expect(parseSs(text)[0].counters).toEqual({ received: 20, sent: 1000 });
  });

  it("leaves out the sequence number of the peer's FIN, which the kernel counts as a received byte", () => {
    const line = (state: string) => `${state} 0 0 10.0.0.5:25565 10.0.0.9:51000 ino:42 sk:2a <->\n\t bytes_sent:10 bytes_received:100001\n`;
    expect(parseSs(line('CLOSE-WAIT'))[0].counters).toEqual({ received: 100_000, sent: 10 });
    expect(parseSs(line('LAST-ACK'))[0].counters).toEqual({ received: 100_000, sent: 10 });
    expect(parseSs(line('ESTAB'))[0].counters).toEqual({ received: 100_001, sent: 10 });
  });

  it('skips what it cannot read and answers nothing for empty output', () => {
    expect(parseSs('')).toEqual([]);
    expect(parseSs('garbage\nESTAB 0 0 nonsense\n\tbytes_received:5\n')).toEqual([]);
  });
});
