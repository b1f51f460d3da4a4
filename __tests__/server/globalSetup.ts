import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrationsFolder, openDatabase } from '../../server/src/db/client';
import { databaseUrl, onPostgres } from './helpers/postgresAdmin';
import { buildTypeboxBundle } from './typeboxBundle';
import { startTestDockerEngine } from './helpers/testDockerEngine';

const templateDir = join(__dirname, '../../.tmp');

/** Where the PGlite template of this run is: the test workers read the path from the environment. */
export const PGLITE_TEMPLATE_ENV = 'PANEL_TEST_PGLITE_TEMPLATE';

/**
 * With DATABASE_URL: the migrated database each test file's database is created from
 * (CREATE DATABASE … TEMPLATE), so a file no longer runs every migration itself. Its name
 * reaches the test workers through the environment, which they inherit from this process.
 */
export const POSTGRES_TEMPLATE_ENV = 'PANEL_TEST_PG_TEMPLATE';

/**
 * The global set-up's parts run side by side: the Docker Engine's start (a child process, mostly
 * waiting) and the typebox bundle (esbuild's process) beside the database template (CPU in this
 * process), 5–6 s sooner than one after the other.
 */
export default async function globalSetup(): Promise<void> {
  ensureSandboxTools();
  const typebox = buildTypeboxBundle();
  // The container driver's tests run on a Docker Engine of the run's own (stopped by the teardown).
  const engine = startTestDockerEngine();
  try {
    if (process.env.DATABASE_URL) process.env[POSTGRES_TEMPLATE_ENV] = await createPostgresTemplate(process.env.DATABASE_URL);
    else await ensurePgliteTemplate();
  } finally {
    await Promise.all([engine, typebox]);
  }
}

/**
 * Creates one migrated PGlite database and dumps it, so each test file opens a copy in
 * about a second instead of creating a fresh one (about 5 s and 300 MB each). The dump is
 * not compressed: PGlite's gunzip of it cost each test file 0.7 s of CPU for 4.9 MB saved.
 * With DATABASE_URL set the tests use PostgreSQL and no template is needed.
 *
 * A template made from the same migrations, PGlite and recipe (this file) is kept from the run
 * before: its initdb alone takes 5–15 s of each run's start on two busy cores.
 */
async function ensurePgliteTemplate(): Promise<void> {
  // Named by what it is made of: a template of other migrations (another branch's, an older
  // checkout's) is never taken for this one.
  const templateFile = join(templateDir, `pglite-template-${templateKey().slice(0, 16)}.tar`);
  process.env[PGLITE_TEMPLATE_ENV] = templateFile;
  if (existsSync(templateFile)) return;
  mkdirSync(templateDir, { recursive: true });
  for (const old of readdirSync(templateDir).filter((name) => /^pglite-template.*\.tar/.test(name))) rmSync(join(templateDir, old), { force: true });
  // WAL in 1 MB segments instead of 16 MB: the dump carries its segment whole, mostly empty,
  // and every test file copied it into its database (0.3–0.4 s of CPU per file for 9 MB).
  // At most 2 MB of WAL kept once checkpointed (PostgreSQL keeps 80 MB of old segments by default).
  const pglite = await PGlite.create({ initDbStartParams: ['--wal-segsize=1'], startParams: [...PGlite.defaultStartParams, '-c', 'min_wal_size=2MB', '-c', 'max_wal_size=4MB'] });
  const handle = await openDatabase({ pglite });
  // The tests use the "postgres" database only. template0 and template1 were 600 of the dump's
  // 1,300 files and 15 of its 34 MB, which every test file unpacked into its database's memory.
  await pglite.exec(`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`);
  await pglite.exec('DROP DATABASE template0');
  await pglite.exec('DROP DATABASE template1');
  // Everything written to the tables, so a copy starts without replaying the WAL.
  await pglite.exec('CHECKPOINT');
  const dump = await pglite.dumpDataDir('none');
  // Written whole, then renamed: a run stopped halfway leaves no template to be taken as made.
  writeFileSync(`${templateFile}.part`, Buffer.from(await dump.arrayBuffer()));
  renameSync(`${templateFile}.part`, templateFile);
  await handle.close();
}

/** What the template is made of: every migration file, PGlite's version and this recipe. */
function templateKey(): string {
  const hash = createHash('sha256');
  const pglitePackage = join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  hash.update(JSON.parse(readFileSync(pglitePackage, 'utf8')).version).update(readFileSync(__filename));
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(migrationsFolder, file);
    if (statSync(path).isFile()) hash.update(file).update(readFileSync(path));
  }
  return hash.digest('hex');
}

/** A freshly migrated database on the PostgreSQL server, left without connections so it can be copied. */
async function createPostgresTemplate(url: string): Promise<string> {
  const name = `panel_test_template_${process.pid}`;
  // Templates of earlier runs that ended without their teardown.
  const stale = await onPostgres<{ datname: string }>(url, "SELECT datname FROM pg_database WHERE datname LIKE 'panel\\_test\\_template\\_%'");
  await onPostgres(url, ...stale.map((row) => `DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`), `CREATE DATABASE ${name}`);
  const handle = await openDatabase({ databaseUrl: databaseUrl(url, name) });
  await handle.close();
  return name;
}

/**
 * The game sandbox's system tools (bubblewrap, pasta), installed once before any test panel opens
 * its driver: the driver installs what is missing too, but apt-get may take longer than a panel's
 * start-up may. Only as root (the sandbox's test host).
 */
function ensureSandboxTools(): void {
  if (process.getuid?.() !== 0) return;
  const script = join(__dirname, '..', '..', 'scripts', 'ensure-package.sh');
  for (const [file, pkg] of [
    ['/usr/bin/bwrap', 'bubblewrap'],
    ['/usr/bin/pasta', 'passt'],
  ]) {
    execFileSync('bash', [script, file, pkg], { stdio: 'inherit', timeout: 300_000 });
  }
}
