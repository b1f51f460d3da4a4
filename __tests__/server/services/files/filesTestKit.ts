import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ServerRow } from '../../../../server/src/db/schema';
import type { PanelConfig } from '../../../../server/src/plugins/config/loadConfig';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import type { TestApp } from '../../helpers/testApp';
import { serverFilesFixture, type ServerFilesFixture } from '../../helpers/serverFilesFixture';

/** A panel with one server owned by `owner`, its root folder, and canary files outside that root. */
export interface FilesKit {
  t: TestApp;
  owner: TestUser;
  server: ServerRow;
  /** The server's files, through its file port (whichever driver keeps them). */
  files: ServerFilesFixture;
  /** Absolute path of the server's root folder (local driver only: suites about the disk itself). */
  root: string;
  /** A folder outside the root (beside the servers) holding canary files. */
  outside: string;
  /** Calls the API as the owner: `api('GET', 'files/list?directory=/')`. */
  api(method: InjectOptions['method'], path: string, options?: Omit<InjectOptions, 'method' | 'url'>): Promise<LightMyRequestResponse>;
  /** Fails when any canary changed or a new file appeared outside the root. */
  expectCanariesUntouched(): void;
}

interface Snapshot {
  files: Map<string, { content: string; mtimeMs: number; mode: number }>;
  listing: string[];
}

function snapshot(dirs: string[]): Snapshot {
  const files = new Map<string, { content: string; mtimeMs: number; mode: number }>();
  const listing: string[] = [];
  for (const dir of dirs) {
    for (const name of readdirSync(dir, { recursive: true }) as string[]) {
      const path = join(dir, name);
      listing.push(path);
      const stats = statSync(path);
      if (stats.isFile()) files.set(path, { content: readFileSync(path, 'utf8'), mtimeMs: stats.mtimeMs, mode: stats.mode });
    }
  }
  return { files, listing: listing.sort() };
}

/** Builds the kit on a fresh runtime test app (its own database and data folder). */
export async function createFilesKit(overrides: Partial<PanelConfig> = {}, serverOptions: { plan?: string } = {}): Promise<FilesKit> {
  const t = await createRuntimeTestApp(overrides);
  const owner = await createTestUser(t.app);
  const server = await createTestServer(t.app, owner.user, { name: 'Files', ...serverOptions });
  const outside = join(t.config.dataDir, 'outside');
  mkdirSync(join(outside, 'nested'), { recursive: true });
  writeFileSync(join(outside, 'canary.txt'), 'canary: must never change\n');
  writeFileSync(join(outside, 'nested', 'secret.properties'), 'secret=1\n', { mode: 0o600 });
  // A neighbour server's folder: as much "outside" as the panel's own data.
  const neighbour = join(t.config.dataDir, 'servers', 'neighbour');
  mkdirSync(neighbour, { recursive: true });
  writeFileSync(join(neighbour, 'world.dat'), 'neighbour world\n');
  const watched = [outside, neighbour];
  const before = snapshot(watched);
  return {
    t,
    owner,
    server,
    files: serverFilesFixture(t.app, server.uuid),
    get root() {
      return t.app.runtime.driver.serverRoot(server.uuid);
    },
    outside,
    api: (method, path, options = {}) => t.app.inject({ method, url: `/api/v2/servers/${server.shortId}/${path}`, ...options, headers: { ...owner.headers, ...(options.headers ?? {}) } }),
    expectCanariesUntouched() {
      const after = snapshot(watched);
      expect(after.listing).toEqual(before.listing);
      for (const [path, file] of before.files) expect({ path, ...after.files.get(path) }).toEqual({ path, ...file });
    },
  };
}

/** A multipart/form-data body with one part per file (field "files"). */
export function multipartBody(files: Array<{ name: string; content: Buffer | string }>): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----panel-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
    chunks.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
