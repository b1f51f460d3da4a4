import { PassThrough, Readable } from 'node:stream';
import { AbortMultipartUploadCommand, DeleteObjectCommand, GetObjectCommand, ListMultipartUploadsCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3StorageConfig } from '../../config/PanelConfig';
import type { ArchiveSink, BackupStorage } from './BackupStorage';

export type { S3StorageConfig };

/** Parts of 8 MiB, two at a time: at most about 16 MiB in memory per upload. */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * Archives in an S3 bucket under <prefix><server uuid>/<backup uuid>.tar.gz, written with a
 * multipart upload (the object appears only when the upload completes) and read back as a stream.
 */
export class S3BackupStorage implements BackupStorage {
  readonly kind = 's3' as const;
  readonly client: S3Client;

  constructor(private readonly config: S3StorageConfig) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
    });
  }

  keyOf(serverUuid: string, backupUuid: string): string {
    return `${this.config.prefix}${serverUuid}/${backupUuid}.tar.gz`;
  }

  async create(serverUuid: string, backupUuid: string): Promise<ArchiveSink> {
    const body = new PassThrough({ highWaterMark: 1024 * 1024 });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.config.bucket, Key: this.keyOf(serverUuid, backupUuid), Body: body, ContentType: 'application/gzip' },
      partSize: PART_BYTES,
      queueSize: 2,
      leavePartsOnError: false,
    });
    const done = upload.done();
    // The failure is reported by finish(); until then it must not count as unhandled.
    done.catch(() => undefined);
    return {
      stream: body,
      keepsChunks: true,
      finish: async () => {
        await done;
      },
      abort: async () => {
        body.destroy();
        await upload.abort().catch(() => undefined);
        await this.remove(serverUuid, backupUuid);
      },
    };
  }

  readChunks(serverUuid: string, backupUuid: string): Promise<AsyncIterable<Buffer>> {
    return this.read(serverUuid, backupUuid);
  }

  async read(serverUuid: string, backupUuid: string): Promise<Readable> {
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(serverUuid, backupUuid) }));
    if (!(answer.Body instanceof Readable)) throw new Error('The storage answered without a body.');
    return answer.Body;
  }

  async remove(serverUuid: string, backupUuid: string): Promise<void> {
    const Key = this.keyOf(serverUuid, backupUuid);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key }));
    // Parts of an upload a crash interrupted are not an object yet: abort them too.
    const listed = await this.client.send(new ListMultipartUploadsCommand({ Bucket: this.config.bucket, Prefix: Key })).catch(() => null);
    for (const upload of listed?.Uploads ?? []) {
      if (upload.Key === Key && upload.UploadId) {
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.config.bucket, Key, UploadId: upload.UploadId })).catch(() => undefined);
      }
    }
  }
}
