import { mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { FileInfo, ServerFiles } from '../../../server/src/runtime/files/ServerFiles';
import { MemoryServerFiles } from './memoryRuntime/MemoryServerFiles';

/**
 * How tests seed and inspect a server's files: through its file port, whichever driver keeps
 * them (a folder on this machine or memory), so one test runs against both. Only links are
 * planted beside the port (the port makes none; a game does).
 */
export interface ServerFilesFixture {
  port: ServerFiles;
  write(path: string, content: string | Buffer, mode?: number): Promise<void>;
  mkdir(path: string): Promise<void>;
  read(path: string): Promise<Buffer>;
  text(path: string): Promise<string>;
  /** Whether there is an entry at `path` (a link itself counts). */
  exists(path: string): Promise<boolean>;
  /** The entry at `path` itself (links described, not followed), or null. */
  lstat(path: string): Promise<FileInfo | null>;
  /** The names in the folder `path`, sorted. */
  names(path: string): Promise<string[]>;
  /** Every path below the folder `path` (relative to it, `/`-separated), sorted. */
  tree(path: string): Promise<string[]>;
  /** Whether the files are in a folder on this machine (the local driver). */
  onDisk: boolean;
  /** Plants a link at `path` pointing to `target` (relative, or absolute on the local disk). */
  link(target: string, path: string): Promise<void>;
}

/** The fixture of `uuid`'s files in `app`. */
export function serverFilesFixture(app: FastifyInstance, uuid: string): ServerFilesFixture {
  const port = app.runtime.files(uuid);
  return {
    port,
    write: (path, content, mode) => port.writeFile(path, content, mode === undefined ? {} : { mode }),
    mkdir: async (path) => {
      await port.mkdir(path);
    },
    read: (path) => port.readFile(path),
    text: async (path) => (await port.readFile(path)).toString('utf8'),
    exists: async (path) => (await port.lstat(path)) !== null,
    lstat: (path) => port.lstat(path),
    names: async (path) => (await port.list(path)).map((entry) => entry.name).sort(),
    tree: async (path) => {
      const paths: string[] = [];
      for await (const entry of port.walk(path)) paths.push(entry.path);
      return paths.sort();
    },
    onDisk: !(port instanceof MemoryServerFiles),
    link: async (target, path) => {
      if (port instanceof MemoryServerFiles) return port.link(target, path);
      const at = join(app.runtime.driver.serverRoot(uuid), path);
      mkdirSync(dirname(at), { recursive: true });
      symlinkSync(target, at);
    },
  };
}
