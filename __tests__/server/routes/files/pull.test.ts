import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPublicAddress } from '../../../../server/src/services/files/pull/addressPolicy';
import { createFilesKit, type FilesKit } from '../../services/files/filesTestKit';

jest.setTimeout(120_000);

let kit: FilesKit;
let remote: Server;
let port: number;
/** Requests the remote server saw, so a test can prove no connection was made. */
const seen: string[] = [];

beforeAll(async () => {
  remote = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    seen.push(path);
    const base = `http://127.0.0.1:${port}`;
    switch (path) {
      case '/plugin.jar':
        return res.end('pulled content');
      case '/named':
        res.setHeader('content-disposition', 'attachment; filename="../../evil.sh"');
        return res.end('#!/bin/sh');
      case '/redirect-ok':
        return res.writeHead(302, { location: '/plugin.jar' }).end();
      case '/redirect-metadata':
        return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      case '/redirect-localhost':
        return res.writeHead(307, { location: `http://localhost:${port}/plugin.jar` }).end();
      case '/redirect-file':
        return res.writeHead(302, { location: 'file:///etc/passwd' }).end();
      case '/loop':
        return res.writeHead(302, { location: `${base}/loop` }).end();
      case '/big':
        res.setHeader('content-length', String(200 * 1024));
        return res.end(Buffer.alloc(200 * 1024));
      case '/big-chunked':
        for (let i = 0; i < 20; i += 1) res.write(Buffer.alloc(16 * 1024));
        return res.end();
      case '/slow':
        res.write('a');
        return setTimeout(() => res.end('b'), 10_000).unref();
      case '/missing':
        return res.writeHead(404).end();
      default:
        return res.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  port = (remote.address() as AddressInfo).port;
  kit = await createFilesKit({ pullAllowHosts: ['127.0.0.1'], fileLimits: { pullBytes: 64 * 1024, pullTimeoutMs: 2500, pullsPerWindow: 60, pullRedirects: 3 } });
  await kit.files.mkdir('plugins');
});
afterAll(async () => {
  await kit.t.close();
  remote.closeAllConnections();
  await new Promise((resolve) => remote.close(resolve));
});
afterEach(() => kit.expectCanariesUntouched());

const pull = (url: string, directory = '/plugins', filename?: string) => kit.api('POST', 'files/pull', { payload: { url, directory, ...(filename ? { filename } : {}) } });
const plugins = () => kit.files.names('plugins');

describe('the address check', () => {
  it('allows only global unicast addresses', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isPublicAddress(address)).toBe(true);
    const refused = [
      '127.0.0.1',
      '127.255.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.100.100.200',
      '0.0.0.0',
      '0.1.2.3',
      '255.255.255.255',
      '224.0.0.1',
      '192.0.2.1',
      '198.18.0.1',
      '240.0.0.1',
      '::1',
      '::',
      'fd00::1',
      'fd00:ec2::254',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a00:1',
      '2002:7f00:1::',
      '2001::1',
      'ff02::1',
      'not-an-ip',
    ];
    for (const address of refused) expect({ address, public: isPublicAddress(address) }).toEqual({ address, public: false });
  });
});

describe('pull from a URL', () => {
  it('saves the file atomically, named after the URL or as asked, and records the URL without its query', async () => {
    expect((await pull(`http://127.0.0.1:${port}/plugin.jar?token=abc`)).statusCode).toBe(204);
    expect(await kit.files.text('plugins/plugin.jar')).toBe('pulled content');
    expect((await pull(`http://127.0.0.1:${port}/redirect-ok`, '/plugins', 'renamed.jar')).statusCode).toBe(204);
    expect(await kit.files.text('plugins/renamed.jar')).toBe('pulled content');
    // A server-given name is reduced to a plain file name.
    expect((await pull(`http://127.0.0.1:${port}/named`)).statusCode).toBe(204);
    expect(await kit.files.text('plugins/evil.sh')).toBe('#!/bin/sh');
    const audit = await kit.t.app.db.query.auditLogs.findFirst({ where: (a, { eq }) => eq(a.event, 'server.file.pull') });
    expect(audit?.properties).toEqual({ url: `http://127.0.0.1:${port}/plugin.jar`, file: '/plugins/plugin.jar', size: 14 });
  });

  it('refuses private, loopback, link-local, CGNAT and unique-local addresses in every spelling, without connecting', async () => {
    const before = seen.length;
    // 127.0.0.1 itself is allowed for these tests (PANEL_PULL_ALLOW_HOSTS); other loopback spellings are not.
    const hosts = [
      'localhost',
      '127.2',
      '2130706434',
      '0x7f.0.0.2',
      '[::1]',
      '[::ffff:127.0.0.2]',
      '[::ffff:7f00:2]',
      '0.0.0.0',
      '10.0.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '[fd00::1]',
      '[fe80::1]',
    ];
    for (const host of hosts) {
      const res = await pull(`http://${host}:${port}/plugin.jar`);
      if (res.statusCode !== 422) throw new Error(`${host}: expected 422, got ${res.statusCode} ${res.body}`);
      expect(res.json().errors.url[0]).toMatch(/private, local or reserved address/);
    }
    expect(seen.length).toBe(before);
    expect(await plugins()).not.toContain('download');
  });

  it('checks every redirect the same way, and refuses other schemes', async () => {
    for (const path of ['/redirect-metadata', '/redirect-localhost']) {
      const res = await pull(`http://127.0.0.1:${port}${path}`, '/plugins', 'redirected.bin');
      expect(res.statusCode).toBe(422);
    }
    expect(seen.filter((url) => url === '/plugin.jar' || url.startsWith('/latest'))).toHaveLength(2); // only the first test's own pulls
    expect((await pull(`http://127.0.0.1:${port}/redirect-file`)).json().errors.url[0]).toMatch(/Only http and https/);
    for (const url of ['file:///etc/passwd', 'ftp://127.0.0.1/x', 'gopher://127.0.0.1:6379/_INFO', 'not a url']) {
      expect((await pull(url)).statusCode).toBe(422);
    }
    const loop = await pull(`http://127.0.0.1:${port}/loop`);
    expect(loop.statusCode).toBe(400);
    expect(loop.json().message).toMatch(/redirected more than 3 times/);
    expect(await kit.files.exists('plugins/redirected.bin')).toBe(false);
  });

  it('enforces the size and time limits, leaving nothing behind', async () => {
    const big = await pull(`http://127.0.0.1:${port}/big`);
    expect(big.statusCode).toBe(413);
    const chunked = await pull(`http://127.0.0.1:${port}/big-chunked`);
    expect(chunked.statusCode).toBe(413);
    const started = Date.now();
    const slow = await pull(`http://127.0.0.1:${port}/slow`);
    expect(slow.statusCode).toBe(400);
    expect(slow.json().message).toMatch(/took longer than 3 s/);
    expect(Date.now() - started).toBeLessThan(7000);
    expect((await pull(`http://127.0.0.1:${port}/missing`)).json().message).toMatch(/answered 404/);
    expect(await plugins()).toEqual(['evil.sh', 'plugin.jar', 'renamed.jar']);
  });

  it('refuses a folder outside the root', async () => {
    const res = await pull(`http://127.0.0.1:${port}/plugin.jar`, '../../outside');
    expect(res.statusCode).toBe(400);
  });

  it('is rate limited per user and server (429 with Retry-After)', async () => {
    let limited = null;
    for (let i = 0; i < 61 && !limited; i += 1) {
      const res = await pull('ftp://example.invalid/x');
      if (res.statusCode === 429) limited = res;
    }
    expect(limited?.headers['retry-after']).toBeDefined();
  });
});
