import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { parseSs } from '../../../../../server/src/runtime/local/network/parseSs';
import { runSs, TcpTrafficSampler } from '../../../../../server/src/runtime/local/network/TcpTrafficSampler';
import { waitFor } from '../../../helpers/waitFor';

function recordingLog() {
  const entries: { level: string; message: string }[] = [];
  return {
    entries,
    log: {
      warn: (_obj: unknown, message?: string) => entries.push({ level: 'warn', message: message ?? '' }),
      info: (message: unknown) => entries.push({ level: 'info', message: String(message) }),
    } as never,
  };
}

describe('TcpTrafficSampler', () => {
  it('answers null, and logs once, while ss cannot be run; counts again once it can', async () => {
    const { entries, log } = recordingLog();
    let broken = true;
    const output = readFileSync(join(__dirname, '..', '..', 'fixtures', 'ssTcpInfo.txt'), 'utf8');
    const sampler = new TcpTrafficSampler({
      log,
      run: async () => {
        if (broken) throw Object.assign(new Error('spawn ss ENOENT'), { code: 'ENOENT' });
        return output;
      },
    });
    const ports = new Map([[33329, 'a']]);
    for (let i = 0; i < 5; i++) expect(await sampler.sample(ports)).toBeNull();
    expect(entries).toEqual([{ level: 'warn', message: expect.stringContaining('cannot run ss') }]);
    broken = false;
    expect((await sampler.sample(ports))?.get('a')).toEqual({ rxBytes: 12345, txBytes: 5000 });
    expect(entries.map((e) => e.level)).toEqual(['warn', 'info']);
  });

  it("reads this machine's connections with the real ss", async () => {
    const server = createServer((socket) => {
      socket.on('error', () => undefined);
      socket.resume();
      socket.write(Buffer.alloc(3000, 1));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const client = connect(port, '127.0.0.1');
    client.pause();
    try {
      await once(client, 'connect');
      client.write(Buffer.alloc(2000, 2));
      const accepted = await waitFor(async () => parseSs(await runSs()).find((c) => c.localPort === port && c.counters && c.counters.received >= 2000));
      expect(accepted.counters).toEqual({ received: 2000, sent: 3000 });
      expect(accepted.peerPort).toBe(client.localPort);
    } finally {
      client.destroy();
      server.close();
    }
  });
});
