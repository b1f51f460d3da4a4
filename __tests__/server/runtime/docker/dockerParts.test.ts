import { execFileSync } from 'node:child_process';
import { chmodSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EngineLogSplitter, parseEngineTime, type EngineLine } from '../../../../server/src/runtime/docker/engineLogStream';
import { firstFileOfTar, singleFileTar } from '../../../../server/src/runtime/docker/singleFileTar';
import { firewallScript } from '../../../../server/src/runtime/docker/nodeFirewall';
import { createDockerClient } from '../../../../server/src/runtime/docker/dockerClient';
import { GameFilesTar, UnsafeArchiveError } from '../../../../server/src/runtime/docker/transfer/gameFilesTar';
import { Header } from 'tar';

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

/** Feeds `archive` through a filter in pieces of a few hundred bytes (cut anywhere, their memory reused as a socket's is), answering what it passes on. */
async function filtered(archive: Buffer, onBytes?: (bytes: number) => void): Promise<Buffer> {
  const out: Buffer[] = [];
  const filter = new GameFilesTar({ folder: 'container', uid: 1000, gid: 1000, onBytes, out: (piece) => out.push(Buffer.from(piece)) });
  const reused = Buffer.alloc(333);
  for (let at = 0; at < archive.length; at += 333) {
    const length = archive.copy(reused, 0, at, at + 333);
    filter.write(reused.subarray(0, length));
    reused.fill(0xee);
  }
  filter.end();
  return Buffer.concat(out);
}

/** One tar entry as a hand-made archive would hold it (a name GNU tar would never write, for one). */
function tarEntry(path: string, body = Buffer.alloc(0), type: 'File' | 'Directory' = 'File'): Buffer {
  const block = Buffer.alloc(512);
  new Header({ path, type, size: body.length, mode: 0o644, mtime: new Date(0) }).encode(block);
  return Buffer.concat([block, body, Buffer.alloc((512 - (body.length % 512)) % 512)]);
}

describe("a moved server's archive, between two engines", () => {
  it('keeps folders, files and hard links, owned by the game, without set-id bits; leaves out links and pipes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'panel-move-tar-'));
    try {
      const folder = join(dir, 'container');
      const deep = join(folder, 'world', 'a'.repeat(90), 'b'.repeat(90));
      mkdirSync(deep, { recursive: true });
      const region = Buffer.alloc(300_000, 7);
      writeFileSync(join(folder, 'world', 'region.mca'), region);
      chmodSync(join(folder, 'world', 'region.mca'), 0o4750);
      writeFileSync(join(deep, 'level.dat'), 'level');
      linkSync(join(folder, 'world', 'region.mca'), join(folder, 'region-copy.mca'));
      symlinkSync('/etc/passwd', join(folder, 'passwd'));
      execFileSync('mkfifo', [join(folder, 'pipe')]);
      // GNU tar writes long names as GNU long-name entries; the engine (Go) as pax headers: both are read.
      const archive = execFileSync('tar', ['-C', dir, '-cf', '-', 'container'], { maxBuffer: 16 * 1024 * 1024 });
      const heard: number[] = [];
      const moved = await filtered(archive, (bytes) => heard.push(bytes));
      expect(heard.at(-1)).toBe(region.length + 5);
      writeFileSync(join(dir, 'moved.tar'), moved);

      const listing = execFileSync('tar', ['-tvf', join(dir, 'moved.tar'), '--numeric-owner'], { encoding: 'utf8' });
      expect(listing).not.toMatch(/passwd|pipe|^l|^p|container/m);
      // The two names of one file: the first archived carries the content, the other links to it.
      expect(listing).toMatch(/^-rwxr-x--- 1000\/1000 +300000 .* (world\/region|region-copy)\.mca$/m);
      expect(listing).toMatch(/^h.* (world\/region|region-copy)\.mca link to (world\/region|region-copy)\.mca$/m);
      expect(
        listing
          .split('\n')
          .filter(Boolean)
          .every((line) => line.includes(' 1000/1000 ')),
      ).toBe(true);
      const target = join(dir, 'target');
      mkdirSync(target);
      execFileSync('tar', ['-xf', join(dir, 'moved.tar'), '-C', target]);
      expect(readFileSync(join(target, 'world', 'region.mca'))).toEqual(region);
      expect(statSync(join(target, 'region-copy.mca')).ino).toBe(statSync(join(target, 'world', 'region.mca')).ino);
      expect(readFileSync(join(target, 'world', 'a'.repeat(90), 'b'.repeat(90), 'level.dat'), 'utf8')).toBe('level');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses names leading out of the server’s folder, entries of another folder and an archive cut short', async () => {
    const end = Buffer.alloc(1024);
    await expect(filtered(Buffer.concat([tarEntry('container/../../etc/cron.d/x', Buffer.from('x')), end]))).rejects.toThrow(UnsafeArchiveError);
    await expect(filtered(Buffer.concat([tarEntry('/etc/passwd', Buffer.from('x')), end]))).rejects.toThrow('points outside');
    await expect(filtered(Buffer.concat([tarEntry('other/x', Buffer.from('x')), end]))).rejects.toThrow('not in the server');
    await expect(filtered(tarEntry('container/world.mca', Buffer.alloc(2000, 1)).subarray(0, 1500))).rejects.toThrow('ended in the middle');
    const corrupt = tarEntry('container/x', Buffer.from('x'));
    corrupt[148] ^= 1;
    await expect(filtered(Buffer.concat([corrupt, end]))).rejects.toThrow('damaged');
  });
});
