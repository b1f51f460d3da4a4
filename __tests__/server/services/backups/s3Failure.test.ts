import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFilesKit, type FilesKit } from '../files/filesTestKit';
import { createBackup, writeTree } from './backupsTestKit';

jest.setTimeout(120_000);

let storage: Server;
let kit: FilesKit;
/** Requests the storage saw, by method. */
const seen: string[] = [];

beforeAll(async () => {
  // Storage that takes the upload's first request, then drops every connection mid-way.
  storage = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    req.resume();
    // The multipart upload starts; its parts fail.
    if (req.method === 'POST' && req.url?.includes('uploads')) {
      res.writeHead(200, { 'content-type': 'application/xml' });
      return res.end('<?xml version="1.0" encoding="UTF-8"?><InitiateMultipartUploadResult><Bucket>panel-backups</Bucket><Key>k</Key><UploadId>up-1</UploadId></InitiateMultipartUploadResult>');
    }
    if (req.method === 'DELETE' || req.method === 'GET') return res.writeHead(204).end();
    req.socket.destroy();
  });
  await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve));
  const { port } = storage.address() as AddressInfo;
  kit = await createFilesKit(
    { backupS3: { endpoint: `http://127.0.0.1:${port}`, bucket: 'panel-backups', region: 'us-east-1', accessKeyId: 'KEY', secretAccessKey: 'SECRET', prefix: '', forcePathStyle: true } },
    { plan: 'minecraft-premium' },
  );
}, 60_000);

afterAll(async () => {
  await kit?.t.close();
  storage.closeAllConnections();
  await new Promise((resolve) => storage.close(resolve));
});

describe('a backup whose storage fails in the middle of the upload', () => {
  it('ends as failed, removes the upload, and the next request is served', async () => {
    // Incompressible and larger than a part: the upload is multipart and the archive outgrows every buffer.
    writeTree(kit.root, { 'world/region/r.0.0.mca': randomBytes(40 * 1024 * 1024) });
    const started = Date.now();
    const backup = await createBackup(kit);
    expect(seen.length).toBeGreaterThan(0);
    expect(backup.state).toBe('failed');
    expect(Date.now() - started).toBeLessThan(60_000);
    expect((await kit.api('GET', 'backups')).statusCode).toBe(200);
  });
});
