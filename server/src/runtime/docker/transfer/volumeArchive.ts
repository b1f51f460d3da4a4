import { basename } from 'node:path';
import type Docker from 'dockerode';
import type { FilesArchive, FilesImportOptions } from '../../RuntimeDriver';
import { CONTAINER_ROOT, CONTAINER_USER } from '../images/gameImages';
import { UPLOAD_WINDOW } from './chunkedUpload';
import { readEngineArchive, writeEngineArchive, type ArchiveReading, type ArchiveUpload } from './engineArchive';
import { GameFilesTar } from './gameFilesTar';
import { createTransferContainer, removeTransferContainer, startFlusher, type Flusher } from './transferContainer';

const [GAME_UID, GAME_GID] = CONTAINER_USER.split(':').map(Number);
/** Files smaller than this are flushed by the last pass only: each flush asks the disk to empty its cache. */
const EARLY_FLUSH_MIN_BYTES = 4 * 1024 * 1024;
/**
 * Archive bytes sent after a file's end before it is flushed early: by then the engine has most
 * likely written all of it (what it has not is left to the last pass).
 */
const EARLY_FLUSH_LAG = 2 * UPLOAD_WINDOW;

/**
 * The server's folder as the engine archives it, read through a container that is never started
 * (the server is stopped: the archive is what the game left). Close it when done, read or not.
 */
export async function exportVolume(docker: Docker, uuid: string, signal?: AbortSignal): Promise<FilesArchive> {
  const container = await createTransferContainer(docker, uuid);
  let reading: ArchiveReading | null = null;
  let closed = false;
  return {
    read: async (take) => {
      reading = await readEngineArchive(docker, container.id, CONTAINER_ROOT, take, signal);
      if (closed) reading.stop();
      await reading.done;
    },
    resume: () => reading?.resume(),
    close: async () => {
      closed = true;
      reading?.stop();
      await removeTransferContainer(docker, uuid);
    },
  };
}

/**
 * Writes an archive of a server's folder (another engine's, see exportVolume) into the server's
 * volume on this node as it arrives: only folders, files and hard links, owned by the game's user
 * (GameFilesTar), extracted by the engine, and flushed to the node's disk, so what the move
 * switches to survives the node's power loss: large files while the rest is copied, everything
 * once it is extracted (see startFlusher). The source is read into one buffer and each byte
 * copied once, into the request to this engine, which runs a window ahead of the engine's reading
 * at most: the panel's memory stays flat and it has no garbage to collect per byte. The first
 * failure on either side (the source's stream, the archive's checks, this engine) stops both and
 * is the one answered.
 */
export async function importVolume(docker: Docker, uuid: string, archive: FilesArchive, options: FilesImportOptions = {}): Promise<void> {
  const container = await createTransferContainer(docker, uuid);
  let upload: ArchiveUpload | null = null;
  let flusher: Flusher | null = null;
  try {
    flusher = await startFlusher(container);
    const flushing = flusher;
    upload = await writeEngineArchive(docker, container.id, CONTAINER_ROOT, () => archive.resume(), options.signal);
    const body = upload;
    // Large files are flushed while the rest is copied, once the archive has gone on a while past them.
    let sent = 0;
    const flushLater: Array<{ path: string; after: number }> = [];
    const filter = new GameFilesTar({
      folder: basename(CONTAINER_ROOT),
      uid: GAME_UID,
      gid: GAME_GID,
      onBytes: options.onBytes,
      onFile: (path, size) => {
        if (size >= EARLY_FLUSH_MIN_BYTES) flushLater.push({ path, after: sent + EARLY_FLUSH_LAG });
      },
      out: (piece) => {
        body.write(piece);
        sent += piece.length;
        while (flushLater.length && flushLater[0].after <= sent) flushing.early(flushLater.shift()!.path);
      },
    });
    const reading = archive
      .read((piece) => {
        filter.write(piece);
        return !body.full;
      })
      .then(() => {
        filter.end();
        body.end();
      });
    await Promise.all([reading, body.done]);
    await flusher.finish();
  } finally {
    upload?.stop();
    flusher?.stop();
    await removeTransferContainer(docker, uuid).catch(() => undefined);
  }
}
