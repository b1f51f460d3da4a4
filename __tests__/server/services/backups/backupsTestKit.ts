import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { ServerFiles } from '../../../../server/src/runtime/files/ServerFiles';
import type { FilesKit } from '../files/filesTestKit';
import { waitFor } from '../../helpers/waitFor';

/** Writes files (path → content) under `root`, creating folders. */
export function writeTree(root: string, files: Record<string, string | Buffer>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

/** Every regular file under `root` with the SHA-256 of its content (panel folders and symlinks left out). */
export function treeOf(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(root, { recursive: true }) as string[]) {
    if (name.startsWith('.panel-restore')) continue;
    const path = join(root, name);
    if (lstatSync(path).isFile()) out[name] = createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 12);
  }
  return out;
}

/** Writes files (path → content) into a server's files through its file port, whichever driver keeps them. */
export async function writeServerFiles(files: ServerFiles, tree: Record<string, string | Buffer>): Promise<void> {
  for (const [path, content] of Object.entries(tree)) await files.writeFile(path, content);
}

/** Every regular file of a server's files with the SHA-256 of its content, read through its file port (panel folders and links left out). */
export async function serverTreeOf(files: ServerFiles): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const entry of files.walk('', { skip: (path) => path.startsWith('.panel-restore') })) {
    if (entry.kind === 'file')
      out[entry.path] = createHash('sha256')
        .update(await files.readFile(entry.path))
        .digest('hex')
        .slice(0, 12);
  }
  return out;
}

/** Creates a backup through the API and waits until it is no longer running. */
export async function createBackup(kit: FilesKit, body: Record<string, unknown> = {}): Promise<{ uuid: string; state: string; checksum: string | null; bytes: number; files: number }> {
  const res = await kit.api('POST', 'backups', { payload: body });
  if (res.statusCode !== 202) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
  const uuid = res.json().data.uuid as string;
  await kit.t.app.backups.waitFor(uuid);
  return (await kit.api('GET', `backups/${uuid}`)).json().data;
}

/** Starts the server and waits until it runs. */
export async function startServer(kit: FilesKit): Promise<void> {
  const res: LightMyRequestResponse = await kit.api('POST', 'power', { payload: { signal: 'start' } });
  if (res.statusCode !== 204) throw new Error(`start answered ${res.statusCode}: ${res.body}`);
  await waitFor(() => kit.t.app.runtime.state(kit.server.uuid) === 'running', { what: 'the server to run' });
}

/** Stops the server and waits until it is offline. */
export async function stopServer(kit: FilesKit): Promise<void> {
  await kit.api('POST', 'power', { payload: { signal: 'stop' } });
  await waitFor(() => kit.t.app.runtime.state(kit.server.uuid) === 'offline', { what: 'the server to stop' });
}
