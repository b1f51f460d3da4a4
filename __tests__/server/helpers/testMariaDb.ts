import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import mysql from 'mysql2/promise';

const rootDir = resolve(__dirname, '..', '..', '..');
/** A freshly installed, never started data folder, copied for each MariaDB (install takes ~5 s). */
const templateDir = join(rootDir, '.tmp', 'mariadb-template');

/** A real MariaDB on the loopback, in its own temporary data folder, with an admin account for the panel. */
export interface TestMariaDb {
  host: string;
  port: number;
  /** An account with every privilege and GRANT OPTION (what a host's admin registers in the panel). */
  adminUser: string;
  adminPassword: string;
  /** A connection as root (tests look behind the panel's back). */
  root(): Promise<mysql.Connection>;
  /** A connection as any user (e.g. the one the panel created). */
  connectAs(user: string, password: string, database?: string): Promise<mysql.Connection>;
  stop(): Promise<void>;
}

const asRoot = process.getuid?.() === 0;

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

/** Installs Debian's mariadb-server when missing (fresh CI machines) and makes the template once. */
function prepareTemplate(): void {
  execFileSync('bash', [join(rootDir, 'scripts', 'ensure-package.sh'), '/usr/sbin/mariadbd', 'mariadb-server'], { stdio: 'inherit', timeout: 600_000 });
  if (existsSync(join(templateDir, 'mysql'))) return;
  mkdirSync(join(templateDir, '..'), { recursive: true });
  const staging = mkdtempSync(join(rootDir, '.tmp', 'mariadb-template-'));
  execFileSync(
    'mariadb-install-db',
    ['--no-defaults', `--datadir=${staging}`, '--auth-root-authentication-method=normal', '--skip-test-db', '--skip-name-resolve', ...(asRoot ? ['--user=root'] : [])],
    { stdio: 'pipe', timeout: 120_000 },
  );
  try {
    renameSync(staging, templateDir); // atomic: a parallel test file may have won the race
  } catch {
    rmSync(staging, { recursive: true, force: true });
  }
}

async function waitUntilReady(port: number, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`mariadbd exited with ${child.exitCode}:\n${existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : ''}`);
    try {
      const connection = await mysql.createConnection({ host: '127.0.0.1', port, user: 'root', password: '' });
      await connection.end();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/**
 * Starts a real MariaDB (Debian's mariadb-server, installed by scripts/ensure-package.sh when
 * missing) on 127.0.0.1 and a free port, in its own temporary data folder, with grants on, and
 * creates an admin account `panel_admin` that may create databases and users and grant on them.
 */
export async function startTestMariaDb(): Promise<TestMariaDb> {
  prepareTemplate();
  const dir = mkdtempSync(join(tmpdir(), 'panel-mariadb-'));
  const dataDir = join(dir, 'data');
  cpSync(templateDir, dataDir, { recursive: true });
  const logFile = join(dir, 'error.log');
  let child: ChildProcess | null = null;
  let port = 0;
  for (let attempt = 0; attempt < 3 && !child; attempt++) {
    port = await freePort();
    const started = spawn(
      '/usr/sbin/mariadbd',
      [
        '--no-defaults',
        `--datadir=${dataDir}`,
        `--socket=${join(dir, 'mysqld.sock')}`,
        `--pid-file=${join(dir, 'mysqld.pid')}`,
        `--log-error=${logFile}`,
        `--port=${port}`,
        '--bind-address=127.0.0.1',
        '--skip-name-resolve',
        '--skip-log-bin',
        '--performance-schema=OFF',
        '--innodb-buffer-pool-size=16M',
        '--max-connections=200',
        ...(asRoot ? ['--user=root'] : []),
      ],
      { stdio: 'ignore' },
    );
    try {
      await waitUntilReady(port, started, logFile);
      child = started;
    } catch (error) {
      started.kill('SIGKILL');
      if (attempt === 2) throw error;
    }
  }
  const adminUser = 'panel_admin';
  const adminPassword = randomBytes(12).toString('base64url');
  const rootConnection = () => mysql.createConnection({ host: '127.0.0.1', port, user: 'root', password: '' });
  const setup = await rootConnection();
  await setup.query('CREATE USER ?@? IDENTIFIED BY ?', [adminUser, '%', adminPassword]);
  await setup.query('GRANT ALL PRIVILEGES ON *.* TO ?@? WITH GRANT OPTION', [adminUser, '%']);
  await setup.end();
  const running = child!;
  const onExit = () => running.kill('SIGKILL');
  process.once('exit', onExit);
  return {
    host: '127.0.0.1',
    port,
    adminUser,
    adminPassword,
    root: rootConnection,
    connectAs: (user, password, database) => mysql.createConnection({ host: '127.0.0.1', port, user, password, database }),
    async stop() {
      process.removeListener('exit', onExit);
      if (running.exitCode === null) {
        const exited = new Promise((r) => running.once('exit', r));
        running.kill('SIGTERM');
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 15_000)))]);
        clearTimeout(timer);
        if (running.exitCode === null) running.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
