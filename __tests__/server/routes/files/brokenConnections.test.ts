import { readdirSync, readlinkSync } from 'node:fs';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { createServer, type Server } from 'node:http';
import { createFilesKit, multipartBody, type FilesKit } from '../../services/files/filesTestKit';

jest.setTimeout(120_000);

const MiB = 1024 * 1024;

let kit: FilesKit;
let panelPort: number;
let remote: Server;
let remotePort: number;

beforeAll(async () => {
  // A remote server that sends part of a body and then resets the connection.
  remote = createServer((req, res) => {
    res.writeHead(200, { 'content-length': String(4 * MiB) });
    res.write(Buffer.alloc(256 * 1024, 1));
    setTimeout(() => (req.url === '/reset' ? req.socket.resetAndDestroy() : req.socket.destroy()), 100);
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  remotePort = (remote.address() as AddressInfo).port;
  kit = await createFilesKit({ pullAllowHosts: ['127.0.0.1'], fileLimits: { pullsPerWindow: 60 } });
  await kit.t.app.listen({ port: 0, host: '127.0.0.1' });
  panelPort = (kit.t.app.server.address() as AddressInfo).port;
  await kit.files.mkdir('in');
});
afterAll(async () => {
  await kit.t.close();
  remote.closeAllConnections();
  await new Promise((resolve) => remote.close(resolve));
});
afterEach(() => kit.expectCanariesUntouched());

async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!(await check()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  return check();
}

/** Opens a raw connection to the panel. */
async function rawConnection(): Promise<Socket> {
  const socket = connect(panelPort, '127.0.0.1');
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  return socket;
}

/** Files the panel holds open below the server's folder (its descriptors, from /proc; none when memory keeps the files). */
function openBelowRoot(): string[] {
  if (!kit.files.onDisk) return [];
  const fds = readdirSync('/proc/self/fd');
  return fds.flatMap((fd) => {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      return target.startsWith(kit.root) ? [target] : [];
    } catch {
      return [];
    }
  });
}

async function expectStillServing(): Promise<void> {
  const res = await kit.api('GET', 'files/list?directory=/in');
  expect(res.statusCode).toBe(200);
}

describe('connections that break in the middle of a transfer', () => {
  it('an upload whose client goes away mid-body keeps nothing, holds no file open and the panel keeps serving', async () => {
    const body = multipartBody([
      { name: 'first.bin', content: Buffer.alloc(64 * 1024, 2) },
      { name: 'half.bin', content: Buffer.alloc(8 * MiB, 3) },
    ]);
    const socket = await rawConnection();
    socket.write(
      `POST /api/v2/servers/${kit.server.shortId}/files/upload?directory=%2Fin HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${kit.owner.headers.authorization}\r\n` +
        `Content-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`,
    );
    socket.write(body.payload.subarray(0, 3 * MiB));
    // The part being received is staged: wait until it is, then cut the connection.
    expect(await until(async () => (await kit.files.names('in')).some((name) => name.startsWith('.upload-')), 20_000)).toBe(true);
    socket.destroy();
    expect(await until(async () => (await kit.files.names('in')).length === 0, 20_000)).toBe(true);
    expect(await until(() => openBelowRoot().length === 0, 10_000)).toBe(true);
    await expectStillServing();
  });

  it('a pull whose remote server resets or drops the connection mid-body answers 400 and keeps nothing', async () => {
    for (const path of ['/reset', '/drop']) {
      const res = await kit.api('POST', 'files/pull', { payload: { url: `http://127.0.0.1:${remotePort}${path}`, directory: '/in', filename: 'pulled.jar' } });
      expect({ path, status: res.statusCode }).toEqual({ path, status: 400 });
      expect(res.json().message).toMatch(/closed the connection before the end|could not be reached \(ECONNRESET\)/);
      expect(await kit.files.names('in')).toEqual([]);
    }
    await expectStillServing();
  });

  it('a download whose client goes away mid-file closes the file and the panel keeps serving', async () => {
    await kit.files.write('in/big.bin', Buffer.alloc(32 * MiB, 5));
    const link = await kit.api('GET', 'files/download?file=%2Fin%2Fbig.bin');
    const socket = await rawConnection();
    let received = 0;
    socket.on('data', (chunk: Buffer) => (received += chunk.length));
    socket.write(`GET ${link.json().data.url} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    expect(await until(() => received > 64 * 1024, 20_000)).toBe(true);
    socket.destroy();
    expect(await until(() => openBelowRoot().length === 0, 10_000)).toBe(true);
    await expectStillServing();
  });
});
