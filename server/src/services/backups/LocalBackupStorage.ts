import { constants, promises as fs } from 'node:fs';
import { join } from 'node:path';
import { Writable, type Readable } from 'node:stream';
import type { ArchiveSink, BackupStorage } from './BackupStorage';

const UUID = /^[0-9a-f-]{36}$/;
/** Archives are read in pieces of this size. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * Archives on the panel's disk: <data dir>/backups/<server uuid>/<backup uuid>.tar.gz. An archive
 * is written as `.part`, fsynced, then renamed (and the folder fsynced), so a finished name always
 * holds a whole archive.
 */
export class LocalBackupStorage implements BackupStorage {
  readonly kind = 'local' as const;

  constructor(private readonly baseDir: string) {}

  /** The final path of an archive. */
  pathOf(serverUuid: string, backupUuid: string): string {
    if (!UUID.test(serverUuid) || !UUID.test(backupUuid)) throw new Error('Invalid backup identifiers.');
    return join(this.baseDir, serverUuid, `${backupUuid}.tar.gz`);
  }

  async create(serverUuid: string, backupUuid: string): Promise<ArchiveSink> {
    const path = this.pathOf(serverUuid, backupUuid);
    const part = `${path}.part`;
    await fs.mkdir(join(this.baseDir, serverUuid), { recursive: true, mode: 0o700 });
    const handle = await fs.open(part, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 0o600);
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await handle.close();
    };
    const stream = new Writable({
      highWaterMark: 1024 * 1024,
      writev(chunks, callback) {
        handle.writev(chunks.map((c) => c.chunk as Buffer)).then(() => callback(), callback);
      },
      write(chunk: Buffer, _encoding, callback) {
        handle.write(chunk).then(() => callback(), callback);
      },
    });
    return {
      stream,
      finish: async () => {
        await handle.sync();
        await close();
        await fs.rename(part, path);
        const dir = await fs.open(join(this.baseDir, serverUuid), constants.O_RDONLY | constants.O_DIRECTORY);
        await dir.sync().finally(() => dir.close());
      },
      abort: async () => {
        stream.destroy();
        await close().catch(() => undefined);
        await fs.rm(part, { force: true });
      },
    };
  }

  async read(serverUuid: string, backupUuid: string): Promise<Readable> {
    const handle = await fs.open(this.pathOf(serverUuid, backupUuid), constants.O_RDONLY | constants.O_NOFOLLOW);
    return handle.createReadStream({ highWaterMark: 1024 * 1024 });
  }

  /**
   * Reads the archive through two buffers taking turns: the next piece is read while the reader
   * handles the last one, and a large restore leaves no garbage behind.
   */
  async readChunks(serverUuid: string, backupUuid: string): Promise<AsyncIterable<Buffer>> {
    const handle = await fs.open(this.pathOf(serverUuid, backupUuid), constants.O_RDONLY | constants.O_NOFOLLOW);
    const buffers = [Buffer.allocUnsafe(CHUNK_BYTES), Buffer.allocUnsafe(CHUNK_BYTES)];
    const readInto = (buffer: Buffer) => handle.read(buffer, 0, buffer.length, null).then(({ bytesRead }) => buffer.subarray(0, bytesRead));
    return (async function* chunks() {
      let turn = 0;
      let next = readInto(buffers[0]!);
      try {
        for (;;) {
          const chunk = await next;
          if (chunk.length === 0) return;
          turn ^= 1;
          // The other buffer's chunk was handled: the reader asked for this one.
          next = readInto(buffers[turn]!);
          yield chunk;
        }
      } finally {
        // A reader that stopped early: the read under way ends before the file is closed.
        await next.catch(() => undefined);
        await handle.close();
      }
    })();
  }

  async remove(serverUuid: string, backupUuid: string): Promise<void> {
    const path = this.pathOf(serverUuid, backupUuid);
    await fs.rm(path, { force: true });
    await fs.rm(`${path}.part`, { force: true });
  }
}
