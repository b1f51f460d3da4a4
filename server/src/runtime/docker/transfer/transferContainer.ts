import type { Duplex } from 'node:stream';
import type Docker from 'dockerode';
import { MANAGED_LABEL, SERVER_LABEL } from '../containerConfig';
import { sendAtOnce } from '../dockerClient';
import { EngineLogSplitter } from '../engineLogStream';
import { ensureFilesImage, volumeOnlyHostConfig } from '../files/helperContainer';
import { CONTAINER_NODE, CONTAINER_ROOT, FILES_IMAGE } from '../images/gameImages';
import { removeContainerNamed } from '../removeContainer';

/** The container a move reads or writes a server's volume through, on either node. */
export const transferContainerName = (uuid: string): string => `panel-transfer-${uuid}`;
const TRANSFER_LABEL = `${SERVER_LABEL}.transfer`;

/**
 * Flushes what was written below the folder it is given to the disk (fsync each file: the files
 * image has Node and nothing else, and Node has no syncfs). While the archive is extracted, the
 * files named on its standard input (one JSON string a line, a name below the folder) are flushed
 * as they come, so the disk writes them while the rest is copied; a JSON null (the archive is
 * extracted) asks for the last pass: every file and folder, a folder's entries before the folder
 * (its names are on the disk once the files they name are). Only that pass answers for the copy
 * (a file flushed early may have been written further since), so an input that ends without
 * asking for it (the panel's connection broke) is a failure, never an early last pass.
 */
const FLUSH_SCRIPT = `const fs = require('fs');
const { O_RDONLY, O_NOFOLLOW } = fs.constants;
const root = process.argv[1];
const flush = (path) => { const fd = fs.openSync(path, O_RDONLY | O_NOFOLLOW); try { fs.fsyncSync(fd); } finally { fs.closeSync(fd); } };
const visit = (folder) => {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const path = folder + '/' + entry.name;
    if (entry.isDirectory()) visit(path);
    else if (entry.isFile()) flush(path);
  }
  flush(folder);
};
let rest = '';
process.stdin.on('data', (chunk) => {
  const lines = (rest + chunk).split('\\n');
  rest = lines.pop();
  for (const line of lines) {
    try {
      const name = JSON.parse(line);
      if (name === null) {
        visit(root);
        process.exit(0);
      }
      if (typeof name === 'string' && !name.split('/').includes('..')) flush(root + '/' + name);
    } catch (error) {
      if (error instanceof SyntaxError || error.code === 'ENOENT') continue;
      throw error;
    }
  }
});
process.stdin.on('end', () => {
  console.error('Error: the panel stopped before the copy ended.');
  process.exit(3);
});`;

/**
 * The move's container of a server on one node: created, never started on the source (the engine
 * reads the volume through it), started on the target to flush what is written. It holds only the
 * server's volume and has no network; the flush runs as root with no capability but reading any
 * file (the game may have left files its own user cannot read), on a read-only root.
 */
function transferContainerConfig(uuid: string): Docker.ContainerCreateOptions {
  return {
    name: transferContainerName(uuid),
    Image: FILES_IMAGE,
    Cmd: [CONTAINER_NODE, '-e', FLUSH_SCRIPT, CONTAINER_ROOT],
    User: '0:0',
    WorkingDir: '/',
    Labels: { [MANAGED_LABEL]: 'true', [TRANSFER_LABEL]: uuid },
    // Standard input names the files to flush early, then asks for the last pass.
    OpenStdin: true,
    StdinOnce: true,
    AttachStdin: true,
    NetworkDisabled: true,
    HostConfig: volumeOnlyHostConfig(uuid, { memoryMib: 128, pids: 16, capAdd: ['DAC_READ_SEARCH'] }),
  };
}

/** Removes the server's move container on the node, if there is one (it holds the server's volume). */
export async function removeTransferContainer(docker: Docker, uuid: string): Promise<void> {
  await removeContainerNamed(docker, transferContainerName(uuid));
}

/** A new move container for the server (one left by a panel stopped in a move is replaced). */
export async function createTransferContainer(docker: Docker, uuid: string): Promise<Docker.Container> {
  await ensureFilesImage(docker);
  await removeTransferContainer(docker, uuid);
  return docker.createContainer(transferContainerConfig(uuid));
}

/** The target's flush, started before the archive is extracted (see FLUSH_SCRIPT). */
export interface Flusher {
  /** Asks for the file (a name below the server's folder) to be flushed now, as far as it is written. */
  early(path: string): void;
  /** The archive is extracted: flushes everything and resolves once it is on the disk; a flush that failed says why. */
  finish(): Promise<void>;
  /** Lets go of the container's input (a move that failed removes the container). */
  stop(): void;
}

/** Starts the move container's flush, attached to its standard input first. */
export async function startFlusher(container: Docker.Container): Promise<Flusher> {
  const input = sendAtOnce((await container.attach({ stream: true, stdin: true, hijack: true })) as unknown as Duplex);
  // The flush's input only carries hints: a connection that breaks leaves the last pass to the container's end.
  input.on('error', () => undefined);
  try {
    await container.start();
  } catch (error) {
    input.destroy();
    throw error;
  }
  return {
    early: (path) => void input.write(`${JSON.stringify(path)}\n`),
    finish: async () => {
      input.end('null\n');
      const { StatusCode } = (await container.wait()) as { StatusCode: number };
      input.destroy();
      if (StatusCode === 0) return;
      const raw = (await container.logs({ stdout: true, stderr: true, follow: false }).catch(() => Buffer.alloc(0))) as unknown as Buffer;
      const lines: string[] = [];
      new EngineLogSplitter((batch) => lines.push(...batch.map((line) => line.text))).push(Buffer.isBuffer(raw) ? raw : Buffer.from(raw));
      const said = lines.find((line) => /Error/.test(line)) ?? lines.at(-1) ?? '';
      throw new Error(`The copied files could not be flushed to the node’s disk (exit code ${StatusCode})${said ? `: ${said.slice(0, 300)}` : ''}.`);
    },
    stop: () => input.destroy(),
  };
}
