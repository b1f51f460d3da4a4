import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EngineLogSplitter, parseEngineTime, type EngineLine } from '../../../../server/src/runtime/docker/engineLogStream';
import { firstFileOfTar, singleFileTar } from '../../../../server/src/runtime/docker/singleFileTar';
import { firewallScript } from '../../../../server/src/runtime/docker/nodeFirewall';
import { createDockerClient } from '../../../../server/src/runtime/docker/dockerClient';

/** One frame of the engine's multiplexed log: stream 1 (stdout) or 2 (stderr). */
function frame(stream: 1 | 2, text: string): Buffer {
  const payload = Buffer.from(text);
  const header = Buffer.alloc(8);
  header[0] = stream;
  header.writeUInt32BE(payload.length, 4);
  return Buffer.concat([header, payload]);
}

describe("the engine's log stream", () => {
  it('splits frames into timestamped lines, even when frames and lines are cut anywhere', () => {
    const lines: EngineLine[] = [];
    const splitter = new EngineLogSplitter((batch) => lines.push(...batch));
    const bytes = Buffer.concat([frame(1, '2024-05-01T10:00:00.000000001Z Ready!\n2024-05-01T10:00:01.5Z hal'), frame(2, '2024-05-01T10:00:02Z oops\r\n'), frame(1, 'f line\n')]);
    for (let i = 0; i < bytes.length; i += 3) splitter.push(bytes.subarray(i, i + 3));
    expect(lines.map((l) => l.text)).toEqual(['Ready!', 'oops', 'half line']);
    expect(lines[0].at).toBe(parseEngineTime('2024-05-01T10:00:00.000000001Z'));
    expect(lines[2].at - lines[0].at).toBe(1_499_999_999n);
  });

  it('reads nanosecond times and refuses what is not one', () => {
    expect(parseEngineTime('1970-01-01T00:00:01.25Z')).toBe(1_250_000_000n);
    expect(parseEngineTime('yesterday')).toBeNull();
  });
});

describe('the one-file archive the engine takes', () => {
  it('is a tar GNU tar reads back, with the content, mode and owner given', () => {
    const dir = mkdtempSync(join(tmpdir(), 'panel-tar-'));
    try {
      const content = Buffer.from('motd=Hello\n'.repeat(100));
      writeFileSync(join(dir, 'a.tar'), singleFileTar('server.properties', content, { mode: 0o640, uid: 1000, gid: 1000 }));
      const listing = execFileSync('tar', ['-tvf', join(dir, 'a.tar'), '--numeric-owner'], { encoding: 'utf8' });
      expect(listing).toMatch(/^-rw-r----- 1000\/1000 +1100 .* server\.properties$/m);
      execFileSync('tar', ['-xf', join(dir, 'a.tar'), '-C', dir]);
      expect(readFileSync(join(dir, 'server.properties'))).toEqual(content);
      expect(statSync(join(dir, 'server.properties')).size).toBe(1100);
      expect(firstFileOfTar(readFileSync(join(dir, 'a.tar')))).toEqual(content);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the node's firewall rules", () => {
  it('drop what the servers send to the node and to blocked networks, and keep replies', () => {
    const script = firewallScript('panel-servers', ['10.0.0.0/8', '192.0.2.7']);
    expect(script).toContain('-A PANEL-SERVERS-IN -m conntrack --ctstate ESTABLISHED,RELATED -j RETURN\n$ipt -A PANEL-SERVERS-IN -j DROP');
    expect(script).toContain('-A PANEL-SERVERS-FWD -d 10.0.0.0/8 -j DROP');
    expect(script).toContain('-A PANEL-SERVERS-FWD -d 192.0.2.7 -j DROP');
    expect(script).toContain('-I INPUT -i panel-servers -j PANEL-SERVERS-IN');
  });

  it('refuse anything that is not an address or an interface name (no shell text gets through)', () => {
    expect(() => firewallScript('panel-servers', ['10.0.0.0/8; reboot'])).toThrow('not an IPv4 address');
    expect(() => firewallScript('br0 $(reboot)', [])).toThrow('not a network interface name');
  });
});

describe('engine addresses', () => {
  it('refuse a TCP engine without TLS certificates, and an address of another kind', () => {
    expect(() => createDockerClient({ dockerHost: 'tcp://node1.example:2376' })).toThrow('needs TLS certificates');
    expect(() => createDockerClient({ dockerHost: 'ssh://node1.example' })).toThrow('neither unix');
    expect((createDockerClient({ dockerHost: 'unix:///var/run/docker.sock' }).modem as { socketPath?: string }).socketPath).toBe('/var/run/docker.sock');
  });
});
