import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

/*
 * scripts/docker-engine.sh sweep: a test run killed before its teardown (Ctrl-C, a timeout) leaves
 * its Docker Engines behind, with their network namespaces, veth pairs and mounts on the host. The
 * next start sweeps them: every engine whose owner (the run's main process) has ended. Shown here
 * with what an engine leaves on the host (a namespace, a veth pair, a mount in its folder) but
 * without a dockerd, which the server tests' runtime suites start for real.
 */
const script = join(__dirname, '..', '..', 'scripts', 'docker-engine.sh');
const asRoot = process.getuid?.() === 0;

/** "PID START" as docker-engine.sh records an owner (see process_identity there). */
function identity(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return `${pid} ${stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[19]}`;
}

/** The identity of a process that has ended. */
async function endedProcess(): Promise<string> {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('spawn', resolve));
  const recorded = identity(child.pid!);
  const ended = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await ended;
  return recorded;
}

const ipOutput = (...args: string[]) => execFileSync('ip', args, { encoding: 'utf8' });
const mounted = (path: string) => readFileSync('/proc/self/mounts', 'utf8').includes(` ${path} `);
const made: Array<() => void> = [];

/** What an engine leaves on the host: its folder with an owner, a namespace, a veth pair, a mount. */
function leftEngine(owner: string): { dir: string; netns: string; veth: string; mount: string } {
  const tag = randomBytes(3).toString('hex');
  const dir = mkdtempSync('/tmp/panel-docker.');
  const netns = `panel-docker-sweep-${tag}`;
  const veth = `pdks${tag}h`;
  const mount = join(dir, 'data');
  writeFileSync(join(dir, 'owner'), `${owner}\n`);
  writeFileSync(join(dir, 'netns'), `${netns}\n`);
  writeFileSync(join(dir, 'veth'), `${veth}\n`);
  // Undone after the test whatever the sweep did (each step may find nothing left to undo).
  made.push(() => {
    if (mounted(mount)) execFileSync('umount', ['-l', mount]);
    if (ipOutput('netns', 'list').includes(netns)) ipOutput('netns', 'del', netns);
    if (ipOutput('link', 'show').includes(`${veth}@`)) ipOutput('link', 'del', veth);
    rmSync(dir, { recursive: true, force: true });
  });
  ipOutput('netns', 'add', netns);
  ipOutput('link', 'add', veth, 'type', 'veth', 'peer', 'name', `pdks${tag}n`);
  mkdirSync(mount);
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mount]);
  return { dir, netns, veth, mount };
}

const sweep = () => execFileSync('bash', [script, 'sweep'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const gone = (engine: ReturnType<typeof leftEngine>) => ({
  folder: !existsSync(engine.dir),
  namespace: !ipOutput('netns', 'list').includes(engine.netns),
  veth: !ipOutput('link', 'show').includes(`${engine.veth}@`),
  mount: !mounted(engine.mount),
});

(asRoot ? describe : describe.skip)('docker-engine.sh sweep (as root)', () => {
  afterEach(() => {
    for (const undo of made.splice(0)) undo();
  });

  it('removes the engine of a run that has ended: its folder, namespace, veth pair and mounts', async () => {
    const engine = leftEngine(await endedProcess());
    expect(gone(engine)).toEqual({ folder: false, namespace: false, veth: false, mount: false });
    sweep();
    expect(gone(engine)).toEqual({ folder: true, namespace: true, veth: true, mount: true });
  });

  it('keeps the engine of a run still going', () => {
    const engine = leftEngine(identity(process.pid));
    sweep();
    expect(gone(engine)).toEqual({ folder: false, namespace: false, veth: false, mount: false });
  });

  it('does not take a process that got the owner’s pid later for the owner', () => {
    // This process's pid with another start time: the owner's pid, given to a new process since.
    const [pid, start] = identity(process.pid).split(' ');
    const engine = leftEngine(`${pid} ${Number(start) - 1}`);
    sweep();
    expect(gone(engine)).toEqual({ folder: true, namespace: true, veth: true, mount: true });
  });
});
