import { basename } from 'node:path';
import type Docker from 'dockerode';
import type { FilesArchive, FilesImportOptions } from '../../RuntimeDriver';
import { MANAGED_LABEL, SERVER_LABEL, volumeName } from '../containerConfig';
import { EngineLogSplitter } from '../engineLogStream';
import { ensureFilesImage } from '../files/helperContainer';
import { removeContainerNamed } from '../removeContainer';
import { CONTAINER_NODE, CONTAINER_ROOT, CONTAINER_USER, FILES_IMAGE } from '../images/gameImages';
import { readEngineArchive, writeEngineArchive, type ArchiveReading, type ArchiveUpload } from './engineArchive';
import { GameFilesTar } from './gameFilesTar';

/** The container a move reads or writes a server's volume through, on either node. */
export const transferContainerName = (uuid: string): string => `panel-transfer-${uuid}`;
const TRANSFER_LABEL = `${SERVER_LABEL}.transfer`;

const MiB = 1024 * 1024;
const [GAME_UID, GAME_GID] = CONTAINER_USER.split(':').map(Number);

/**
 * Flushes every file and folder below the folder it is given to the disk (fsync each: the files
 * image has Node and nothing else, and Node has no syncfs). A folder's entries are flushed before
 * the folder, so its names are on the disk once the files they name are.
 */
const FLUSH_SCRIPT = `const fs = require('fs');
const { O_RDONLY, O_NOFOLLOW } = fs.constants;
const flush = (path) => { const fd = fs.openSync(path, O_RDONLY | O_NOFOLLOW); try { fs.fsyncSync(fd); } finally { fs.closeSync(fd); } };
const visit = (folder) => {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const path = folder + '/' + entry.name;
    if (entry.isDirectory()) visit(path);
    else if (entry.isFile()) flush(path);
  }
  flush(folder);
};
visit(process.argv[1]);`;

/**
 * The move's container of a server on one node: created, never started on the source (the engine
 * reads the volume through it), started once on the target to flush what was written. It holds
 * only the server's volume and has no network; the flush runs as root with no capability but
 * reading any file (the game may have left files its own user cannot read), on a read-only root.
 */
function transferContainerConfig(uuid: string): Docker.ContainerCreateOptions {
  return {
    name: transferContainerName(uuid),
    Image: FILES_IMAGE,
    Cmd: [CONTAINER_NODE, '-e', FLUSH_SCRIPT, CONTAINER_ROOT],
    User: '0:0',
    WorkingDir: '/',
    Labels: { [MANAGED_LABEL]: 'true', [TRANSFER_LABEL]: uuid },
    NetworkDisabled: true,
    HostConfig: {
      Binds: [`${volumeName(uuid)}:${CONTAINER_ROOT}`],
      NetworkMode: 'none',
      ReadonlyRootfs: true,
      CapDrop: ['ALL'],
      CapAdd: ['DAC_READ_SEARCH'],
      SecurityOpt: ['no-new-privileges'],
      Memory: 128 * MiB,
      MemorySwap: 128 * MiB,
      PidsLimit: 16,
      RestartPolicy: { Name: 'no' },
    },
  };
}

/** Removes the server's move container on the node, if there is one (it holds the server's volume). */
export async function removeTransferContainer(docker: Docker, uuid: string): Promise<void> {
  await removeContainerNamed(docker, transferContainerName(uuid));
}

/** A new move container for the server (one left by a panel stopped in a move is replaced). */
async function createTransferContainer(docker: Docker, uuid: string): Promise<Docker.Container> {
  await ensureFilesImage(docker);
  await removeTransferContainer(docker, uuid);
  return docker.createContainer(transferContainerConfig(uuid));
}

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
 * (GameFilesTar), extracted by the engine; then flushed to the node's disk, so what the move
 * switches to survives the node's power loss. The source is read into one buffer and each byte
 * copied once, into the request to this engine, which runs a window ahead of the engine's reading
 * at most: the panel's memory stays flat and it has no garbage to collect per byte. The first
 * failure on either side (the source's stream, the archive's checks, this engine) stops both and
 * is the one answered.
 */
export async function importVolume(docker: Docker, uuid: string, archive: FilesArchive, options: FilesImportOptions = {}): Promise<void> {
  const container = await createTransferContainer(docker, uuid);
  let upload: ArchiveUpload | null = null;
  try {
    upload = await writeEngineArchive(docker, container.id, CONTAINER_ROOT, () => archive.resume(), options.signal);
    const body = upload;
    const filter = new GameFilesTar({ folder: basename(CONTAINER_ROOT), uid: GAME_UID, gid: GAME_GID, onBytes: options.onBytes, out: (piece) => body.write(piece) });
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
    await flush(container);
  } finally {
    upload?.stop();
    await removeTransferContainer(docker, uuid).catch(() => undefined);
  }
}

/** Runs the move container's flush and waits for it; a flush that fails says why. */
async function flush(container: Docker.Container): Promise<void> {
  await container.start();
  const { StatusCode } = (await container.wait()) as { StatusCode: number };
  if (StatusCode === 0) return;
  const raw = (await container.logs({ stdout: true, stderr: true, follow: false }).catch(() => Buffer.alloc(0))) as unknown as Buffer;
  const lines: string[] = [];
  new EngineLogSplitter((batch) => lines.push(...batch.map((line) => line.text))).push(Buffer.isBuffer(raw) ? raw : Buffer.from(raw));
  const said = lines.find((line) => /Error/.test(line)) ?? lines.at(-1) ?? '';
  throw new Error(`The copied files could not be flushed to the node’s disk (exit code ${StatusCode})${said ? `: ${said.slice(0, 300)}` : ''}.`);
}
