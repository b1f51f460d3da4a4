import { randomBytes } from 'node:crypto';
import type { Readable, Transform } from 'node:stream';
import { pipelineOf } from '../../../lib/pipelineOf';
import type { ConfinedDir } from '../../confined/ConfinedDir';
import { removeTree } from '../../confined/removeTree';

const errno = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;

/** The folder `segments` below `staging`, made where missing, each opened by descriptor without following links. */
export async function stagedFolder(staging: ConfinedDir, segments: string[]): Promise<ConfinedDir> {
  let dir = staging;
  for (const name of segments) {
    try {
      await dir.mkdir(name, 0o755);
    } catch (error) {
      if (errno(error) !== 'EEXIST') throw error;
    }
    const next = await dir.openDir(name).finally(() => (dir !== staging ? dir.close() : undefined));
    dir = next;
  }
  return dir;
}

/**
 * Writes one extracted file at `segments` below `staging` from the content `open` answers
 * (through `checks`), created exclusively with O_NOFOLLOW relative to its folder's descriptor.
 * The content is opened only once the file is ready and goes into one pipeline at once, so an
 * error of any of its streams (a damaged entry, one larger than it says) reaches the pipeline,
 * never an 'error' event without a listener. A later entry of the same name replaces the
 * earlier one, as unzip and tar do.
 */
export async function writeStagedFile(staging: ConfinedDir, segments: string[], mode: number, open: () => Readable | Promise<Readable>, checks: Transform[]): Promise<void> {
  const dir = await stagedFolder(staging, segments.slice(0, -1));
  try {
    const name = segments[segments.length - 1];
    await removeTree(dir, name);
    const handle = await dir.createFile(name, mode);
    try {
      // Written by the descriptor itself (a stream of it would not end the pipeline without closing it).
      const writer = async (source: AsyncIterable<Buffer>) => {
        for await (const chunk of source) {
          for (let at = 0; at < chunk.length;) at += (await handle.write(chunk, at)).bytesWritten;
        }
      };
      await pipelineOf(await open(), ...checks, writer);
    } finally {
      await handle.close();
    }
  } finally {
    if (dir !== staging) await dir.close();
  }
}

/**
 * Moves the extracted entries of `source` into `destination`, both held by descriptor: folders
 * merge into existing folders (opened without following links), anything else replaces what
 * has the same name (a link there is replaced, never followed).
 */
export async function moveInto(source: ConfinedDir, destination: ConfinedDir): Promise<void> {
  for (const name of await source.readdir()) {
    const [fromStats, toStats] = await Promise.all([source.lstat(name), destination.lstatOrNull(name)]);
    if (fromStats.isDirectory() && toStats?.isDirectory()) {
      const [from, to] = [await source.openDir(name), await destination.openDir(name)];
      try {
        await moveInto(from, to);
      } finally {
        await Promise.all([from.close(), to.close()]);
      }
      continue;
    }
    if (toStats) await removeTree(destination, name);
    try {
      await source.rename(name, destination, name);
    } catch (error) {
      // A server with a file system of its own (its plan's disk image) is another device than a
      // staging folder of the panel's: the entry is copied over, then removed from the staging.
      if (errno(error) !== 'EXDEV') throw error;
      await copyAcross(source, destination, name);
      await removeTree(source, name);
    }
  }
}

/**
 * Copies the entry `name` of `source` into `destination` on another file system, held by
 * descriptor and never through a link: a folder is made and filled, a link is made anew, a file
 * is written under a hidden name and renamed into place (no half-written file is ever seen).
 */
async function copyAcross(source: ConfinedDir, destination: ConfinedDir, name: string): Promise<void> {
  const stats = await source.lstat(name);
  if (stats.isSymbolicLink()) {
    await destination.symlink(await source.readlink(name), name);
    return;
  }
  if (stats.isDirectory()) {
    await destination.mkdir(name, stats.mode & 0o7777);
    const [from, to] = [await source.openDir(name), await destination.openDir(name)];
    try {
      for (const entry of await from.readdir()) await copyAcross(from, to, entry);
    } finally {
      await Promise.all([from.close(), to.close()]);
    }
    return;
  }
  if (!stats.isFile()) return; // Devices, FIFOs and sockets are never placed in a server.
  const temp = `.panel-copy-${randomBytes(6).toString('hex')}`;
  const { handle: reader } = await source.openRead(name);
  try {
    const writer = await destination.createFile(temp, stats.mode & 0o7777);
    try {
      // Chunk by chunk through the two descriptors (their streams would close them on the way).
      const buffer = Buffer.allocUnsafe(1024 * 1024);
      for (;;) {
        const { bytesRead } = await reader.read(buffer, 0, buffer.length, null);
        if (bytesRead === 0) break;
        for (let at = 0; at < bytesRead;) at += (await writer.write(buffer, at, bytesRead - at)).bytesWritten;
      }
      await writer.sync();
    } finally {
      await writer.close();
    }
    await destination.rename(temp, destination, name);
  } catch (error) {
    await destination.unlink(temp).catch(() => undefined);
    throw error;
  } finally {
    await reader.close();
  }
}
