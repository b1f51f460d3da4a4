import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, type DatabaseHandle } from '../../../server/src/db/client';
import { PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV } from '../globalSetup';
import { databaseUrl, onPostgres } from './postgresAdmin';
import { workerCached } from './workerCache';

/**
 * The PGlite template as loadDataDir reads it (it only asks for the bytes and the type). A real
 * Blob of the 42 MB dump cost each test file over a second of CPU: Node copies it in and reads it
 * back out in small pieces.
 */
function templateDump(): Blob {
  // Read once per worker: PGlite copies each file out of it, nothing writes into these bytes.
  const templateFile = process.env[PGLITE_TEMPLATE_ENV];
  if (!templateFile) throw new Error('No PGlite template: the server project’s global set-up did not make one.');
  const buffer = workerCached(templateFile, () => wholeArrayBuffer(readFileSync(templateFile)));
  return { type: 'application/x-tar', arrayBuffer: async () => buffer } as unknown as Blob;
}

function wholeArrayBuffer(bytes: Buffer): ArrayBuffer {
  return (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)) as ArrayBuffer;
}

const pgliteDist = dirname(require.resolve('@electric-sql/pglite'));

/**
 * PGlite's WebAssembly, compiled once per Jest worker instead of once per test file (PGlite keeps
 * its own compiled copy in a module variable, which each file's fresh module registry loses).
 * The later files also get the code V8 has optimised meanwhile. Started without waiting, so the
 * first file reads its template while it compiles.
 */
async function pgliteWasm(): Promise<WebAssembly.Module> {
  const module = await workerCached('pglite wasm', () => WebAssembly.compile(readFileSync(join(pgliteDist, 'pglite.wasm'))));
  // Made in an earlier file's global object, whose WebAssembly.Module is not this file's: PGlite's
  // loader tells a compiled module from bytes by `instanceof`. V8 itself takes a module of any of them.
  return Object.setPrototypeOf(module, WebAssembly.Module.prototype) as WebAssembly.Module;
}

/**
 * PGlite's bundled files (share/, lib/) as its start-up asks for them. A fresh copy each time:
 * Emscripten may keep views on the bytes it is given as the files' contents.
 */
function pgliteFileBundle(): Blob {
  const bytes = workerCached('pglite data', () => wholeArrayBuffer(readFileSync(join(pgliteDist, 'pglite.data'))));
  return { arrayBuffer: async () => bytes.slice(0) } as unknown as Blob;
}

/**
 * PGlite's start-up sets up its whole shared buffer pool, 128 MB by the template's
 * postgresql.conf: about a third of the CPU (0.6–0.9 s) each test file spent opening its copy.
 * A test database holds a few MB, so 16 MB of buffers still keeps all of it in memory.
 */
const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * A fresh, migrated database for one test file: a copy of the PGlite template, or, when
 * DATABASE_URL is set, a new database on that PostgreSQL server, dropped on close.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const pglite = await PGlite.create({ loadDataDir: templateDump(), startParams, pgliteWasmModule: await pgliteWasm(), fsBundle: pgliteFileBundle() });
    return openDatabase({ pglite });
  }
  const name = `panel_test_${randomBytes(6).toString('hex')}`;
  // A copy of the migrated template when the global set-up made one (the migrations then find
  // nothing to do); otherwise an empty database that openDatabase migrates.
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  await onPostgres(url, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const testUrl = databaseUrl(url, name);
  const handle = await openDatabase({ databaseUrl: testUrl });
  return {
    ...handle,
    // Another process (a real panel started by a test) can open the same database.
    url: testUrl,
    async close() {
      await handle.close();
      await onPostgres(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
