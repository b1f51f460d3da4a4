import type { Readable, Transform } from 'node:stream';
import { pipelineOf } from '../../../lib/pipelineOf';
import type { ServerFiles, TreeWriter } from '../../../runtime/files/ServerFiles';

/**
 * Where an extraction writes its entries: a staging folder of our own, empty at the start. Each
 * entry is named by its checked segments (see ArchiveChecker).
 */
export interface StagingSink {
  /** Makes the folder `segments` (and those above it). */
  folder(segments: string[]): Promise<void>;
  /**
   * Writes the file `segments` from the content `open` answers, through `checks`; the content is
   * opened only once the file is ready and goes into one pipeline at once, so an error of any of
   * its streams reaches the pipeline. A later entry of the same name replaces the earlier one.
   */
  file(segments: string[], mode: number, open: () => Readable | Promise<Readable>, checks: Transform[]): Promise<void>;
}

/**
 * A staging folder of a server's files, through a tree writer of its file port opened on it: each
 * folder opened once, every file written through its folder's descriptor, no link followed.
 */
export function portSink(tree: TreeWriter): StagingSink {
  // The staging folder starts empty and only this sink writes in it: these are its folders.
  const folders = new Set<string>(['']);
  const makeFolder = async (path: string) => {
    if (folders.has(path)) return;
    await tree.mkdir(path);
    for (let at = path; at !== '' && !folders.has(at); at = at.slice(0, Math.max(0, at.lastIndexOf('/')))) folders.add(at);
  };
  return {
    folder: (segments) => makeFolder(segments.join('/')),
    file: async (segments, mode, open, checks) => {
      const path = segments.join('/');
      await makeFolder(segments.slice(0, -1).join('/'));
      if (folders.has(path)) {
        // A folder of that name came earlier in the archive: the later entry replaces it.
        await tree.remove(path);
        for (const folder of [...folders]) if (folder === path || folder.startsWith(`${path}/`)) folders.delete(folder);
      }
      await pipelineOf(await open(), ...checks, (source: AsyncIterable<Buffer>) => tree.writeStream(path, source, { mode }));
    },
  };
}

/** Whether moving the staged entries of `source` into `destination` would replace any file there (folders merge). */
export async function replacesAny(files: ServerFiles, source: string, destination: string): Promise<boolean> {
  let replaces = false;
  // Folders that exist in both are entered; what is below a folder the destination lacks replaces nothing.
  const walk = files.walk(source, {
    skip: () => replaces,
  });
  for await (const entry of walk) {
    const existing = await files.lstat(`${destination}/${entry.path}`);
    if (!existing) continue;
    if (entry.kind !== 'directory' || existing.kind !== 'directory') replaces = true;
  }
  return replaces;
}

/**
 * Moves the extracted entries of `source` into `destination`: folders merge into existing folders,
 * anything else replaces what has the same name (a link there is replaced, never followed).
 */
export async function moveStagedInto(files: ServerFiles, source: string, destination: string): Promise<void> {
  for (const entry of await files.list(source)) {
    const [from, to] = [`${source}/${entry.name}`, `${destination}/${entry.name}`];
    const existing = await files.lstat(to);
    if (entry.kind === 'directory' && existing?.kind === 'directory') {
      await moveStagedInto(files, from, to);
      continue;
    }
    if (existing) await files.remove(to);
    await files.rename(from, to);
  }
}
