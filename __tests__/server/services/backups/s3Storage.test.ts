import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { S3BackupStorage } from '../../../../server/src/services/backups/S3BackupStorage';
import { createFilesKit, type FilesKit } from '../files/filesTestKit';
import { createBackup, treeOf, writeTree } from './backupsTestKit';

let s3: S3rver;
let s3Dir: string;
let kit: FilesKit;

beforeAll(async () => {
  s3Dir = mkdtempSync(join(tmpdir(), 's3rver-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: 'panel-backups', configs: [] }] });
  const address = await s3.run();
  kit = await createFilesKit(
    {
      backupS3: {
        endpoint: `http://127.0.0.1:${address.port}`,
        bucket: 'panel-backups',
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        prefix: 'test/',
        forcePathStyle: true,
      },
    },
    { plan: 'minecraft-premium' },
  );
}, 60_000);

afterAll(async () => {
  await kit?.t.close();
  await s3?.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

describe('backups in S3-compatible storage', () => {
  it('uploads the archive in parts, restores and downloads it, and deletes the object', async () => {
    // Incompressible: the archive is larger than one 8 MiB part, so the upload is multipart.
    writeTree(kit.root, { 'world/region/r.0.0.mca': randomBytes(20 * 1024 * 1024), 'server.properties': 'motd=s3\n' });
    const backup = await createBackup(kit);
    expect(backup.state).toBe('completed');
    expect(backup.bytes).toBeGreaterThan(16 * 1024 * 1024);
    const storage = kit.t.app.backups.storage as S3BackupStorage;
    expect(storage.kind).toBe('s3');
    const key = storage.keyOf(kit.server.uuid, backup.uuid);
    expect(key).toBe(`test/${kit.server.uuid}/${backup.uuid}.tar.gz`);
    const object = await storage.client.send(new GetObjectCommand({ Bucket: 'panel-backups', Key: key }));
    const body = Buffer.from(await object.Body!.transformToByteArray());
    expect(createHash('sha256').update(body).digest('hex')).toBe(backup.checksum);

    const before = treeOf(kit.root);
    writeTree(kit.root, { 'server.properties': 'motd=changed\n' });
    expect((await kit.api('POST', `backups/${backup.uuid}/restore`, { payload: {} })).statusCode).toBe(200);
    expect(treeOf(kit.root)).toEqual(before);
    expect(readFileSync(join(kit.root, 'server.properties'), 'utf8')).toBe('motd=s3\n');

    const { download_url: url } = (await kit.api('POST', `backups/${backup.uuid}/download`)).json().data;
    const download = await kit.t.app.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(backup.checksum);

    expect((await kit.api('DELETE', `backups/${backup.uuid}`)).statusCode).toBe(204);
    await expect(storage.client.send(new HeadObjectCommand({ Bucket: 'panel-backups', Key: key }))).rejects.toThrow();
  }, 120_000);
});
