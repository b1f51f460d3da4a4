import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE, securePanelDataDir } from '../../../../server/src/plugins/config/dataDir';

// Real panel processes open (and create) an embedded database each: seconds on a busy machine.
jest.setTimeout(420_000);

const root = join(__dirname, '..', '..', '..', '..');
const scratch: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'panel-datadir-'));
  scratch.push(dir);
  return dir;
};
afterAll(() => scratch.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const modeOf = (path: string) => lstatSync(path).mode & 0o777;

/** Every file and folder under `dir` whose group or other bits are set. */
/** Others may pass through (not read) the data dir and its servers folder: each sandboxed server's own user reaches its folder that way. */
const traversable = (dir: string, path: string) => path === dir || path === join(dir, 'servers');

function notPrivate(dir: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    const forbidden = stat.isDirectory() && traversable(dir, path) ? 0o076 : 0o077;
    if (!stat.isSymbolicLink() && (stat.mode & forbidden) !== 0) found.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) readdirSync(path).forEach((name) => walk(join(path, name)));
  };
  walk(dir);
  return found;
}

interface Panel {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  exited: Promise<number>;
}

/** Starts the panel (node --import tsx server/src/server.ts: the pid is the panel's own) on a free port with the given data dir. */
function startPanel(dataDir: string): Panel {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PANEL_DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: '0',
      PANEL_DEMO_DATA: 'false',
      PANEL_DISK_IMAGES: 'false',
      PANEL_CLIENT_DIR: join(dataDir, 'no-client'),
      LOG_LEVEL: 'info',
    },
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number>((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : -1))));
  return { child, output: () => output, exited };
}

async function listening(panel: Panel): Promise<string> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(panel.output());
    if (match) return match[1];
    if (panel.child.exitCode !== null) throw new Error(`the panel exited: ${panel.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the panel did not start: ${panel.output()}`);
}

// The panels started here always run on the embedded database (PGlite), whatever DATABASE_URL
// says, and nothing else here opens a database: the run of the suite on PostgreSQL would repeat
// these tests exactly, so it skips them.
const describeOnEmbeddedDatabase = process.env.DATABASE_URL ? describe.skip : describe;

describeOnEmbeddedDatabase('the data directory', () => {
  it('an existing one is made private: the folder 0700, the embedded database files 0600, links left alone', () => {
    const dataDir = join(tempDir(), 'data');
    mkdirSync(join(dataDir, 'db', 'base'), { recursive: true });
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'db'), 0o777);
    writeFileSync(join(dataDir, 'db', 'base', 'page'), 'x', { mode: 0o666 });
    chmodSync(join(dataDir, 'db', 'base', 'page'), 0o666);
    writeFileSync(join(dataDir, 'panel-secret'), 's');
    chmodSync(join(dataDir, 'panel-secret'), 0o644);
    mkdirSync(join(dataDir, 'servers'), { mode: 0o755 });
    chmodSync(join(dataDir, 'servers'), 0o755);
    securePanelDataDir(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, 'db'))).toBe(0o700);
    expect(modeOf(join(dataDir, 'db', 'base', 'page'))).toBe(0o600);
    expect(modeOf(join(dataDir, 'panel-secret'))).toBe(0o600);
    expect(modeOf(join(dataDir, 'servers'))).toBe(0o700);
  });

  it('a lock held by a live process refuses; a stale one (its process gone) is taken over', async () => {
    const dataDir = tempDir();
    const sleeper = spawn('sleep', ['60']);
    const startTicks = Number(readFileSync(`/proc/${sleeper.pid}/stat`, 'utf8').split(') ')[1].split(' ')[19]);
    writeFileSync(join(dataDir, LOCK_FILE), JSON.stringify({ pid: sleeper.pid, startTicks }));
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dataDir)).toThrow(new RegExp(`Another panel \\(pid ${sleeper.pid}\\) is already using the data directory`));
    // A recycled pid (same number, another start time) does not hold the lock either.
    writeFileSync(join(dataDir, LOCK_FILE), JSON.stringify({ pid: sleeper.pid, startTicks: startTicks + 1 }));
    const releaseRecycled = acquireDataDirLock(dataDir);
    releaseRecycled();
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    writeFileSync(join(dataDir, LOCK_FILE), JSON.stringify({ pid: sleeper.pid, startTicks }));
    sleeper.kill('SIGKILL');
    await new Promise((resolve) => sleeper.on('exit', resolve));
    const release = acquireDataDirLock(dataDir);
    expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    release();
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('two real panels: the second is refused with a clear message, the first keeps working; after a crash the next one starts', async () => {
    const dataDir = join(tempDir(), 'data');
    const first = startPanel(dataDir);
    let third: Panel | undefined;
    try {
      const url = await listening(first);
      // Created private, the embedded database's files included (PGlite writes 0666 without the umask).
      expect(modeOf(dataDir) & ~0o001).toBe(0o700);
      expect(readdirSync(join(dataDir, 'db')).length).toBeGreaterThan(0);
      expect(notPrivate(dataDir)).toEqual([]);
      expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')).pid).toBeGreaterThan(0);

      const second = startPanel(dataDir);
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/Another panel \(pid \d+\) is already using the data directory .*PANEL_DATA_DIR/);
      expect(second.output()).not.toMatch(/\n\s+at /); // one clear line, no stack trace
      // The first panel and its database are untouched.
      const answer = await fetch(`${url}/api/v2/auth/current`);
      expect(answer.status).toBe(401);

      // A crashed panel leaves its lock behind; the next start sees its pid is gone.
      first.child.kill('SIGKILL');
      await first.exited;
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true);
      third = startPanel(dataDir);
      const thirdUrl = await listening(third);
      expect((await fetch(`${thirdUrl}/api/v2/auth/current`)).status).toBe(401);
      third.child.kill('SIGTERM');
      expect(await third.exited).toBe(0);
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    } finally {
      if (first.child.exitCode === null) first.child.kill('SIGKILL');
      if (third && third.child.exitCode === null) third.child.kill('SIGKILL');
    }
  });
});
