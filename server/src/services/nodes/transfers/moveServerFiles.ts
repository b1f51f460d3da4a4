import type { RuntimeDriver } from '../../../runtime/RuntimeDriver';
import { copyServerFiles } from './copyServerFiles';

/**
 * Moves a stopped server's files from its node to another. Between two nodes of a driver that
 * archives its servers' files (Docker: the engine's archive API) the source node's archive
 * streams straight into the target node as it is read, read and write going on together with the
 * sockets' backpressure between them; otherwise the files are copied one by one through the file
 * ports. Either way the source's files are only read, and `progress` hears the bytes copied so far.
 */
export async function moveServerFiles(source: RuntimeDriver, target: RuntimeDriver, uuid: string, progress: (bytes: number) => void, signal?: AbortSignal): Promise<void> {
  // An archive is only handed to a driver of the kind that made it (the same layout of a server's folder).
  if (source.name === target.name && source.exportFiles && target.importFiles) {
    const archive = await source.exportFiles(uuid, signal);
    try {
      await target.importFiles(uuid, archive, { onBytes: progress, signal });
    } finally {
      await archive.close();
    }
    return;
  }
  await copyServerFiles(source.files(uuid), target.files(uuid), progress, signal);
}
