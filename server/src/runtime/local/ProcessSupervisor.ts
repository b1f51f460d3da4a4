import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RingBuffer } from '../RingBuffer';
import { RootedFileSystem } from '../RootedFileSystem';
import { RuntimeConflictError, type CrashInfo, type LimitUpdate, type ResourceLimits, type PowerState, type ServerSpec, type ServerStats } from '../types';
import type { ConsoleCaptureOptions } from './ConsoleCapture';
import { GameConsole } from './GameConsole';
import { DiskUsage } from './DiskUsage';
import { isOurProcess, readPidFile, removePidFile, writePidFile } from './pidFile';
import { readProcess, type ProcessInfo } from './procfs';
import { prepareConfigFiles } from '../config/prepareConfigFiles';
import { killSession } from './killSession';
import type { TrafficTotals } from './network/TcpTrafficMeter';
import type { Sandbox } from './sandbox/Sandbox';
import { claimFiles } from './sandbox/claimFiles';
import { ProcessLimits } from './ProcessLimits';
import { gameMarker, launchGame, signalGame } from './gameProcess';
import { diskStartRefusal, diskStopNotice } from '../diskLimit';
import { stopKillTimer } from '../stopKillTimer';
import { crashInfoOf, wrapperExit, type StopReason } from './exitReport';

export interface SupervisorOptions {
  /** The server's files (the game's working directory). */
  root: string;
  /** The panel's own files for this server: console log, input pipe, pid file. */
  runtimeDir: string;
  ringSize: number;
  log: ConsoleCaptureOptions;
  /** How old a disk-usage figure may be before the folder is walked again. */
  diskMaxAgeMs: number;
  /** The sandbox the game runs in (bubblewrap, cgroups). */
  sandbox: Sandbox;
  /** The server's own unprivileged uid (and gid), stable for its life. */
  uid: () => Promise<number>;
}

export interface SupervisorEvents {
  output(line: string): void;
  state(state: PowerState): void;
  crashed(info: CrashInfo): void;
}

const MiB = 1024 * 1024;

/**
 * One game server run as a child process of this machine: its state machine
 * (offline → starting → running → stopping → offline), console input and output (GameConsole), limits
 * (ProcessLimits) and crash detection (exitReport). The process runs in its own session
 * (detached, see gameProcess), so the panel can kill it with everything it started, and it
 * survives a panel restart to be adopted again.
 */
export class ProcessSupervisor {
  state: PowerState = 'offline';
  installing = false;
  readonly files: RootedFileSystem;
  private readonly console: GameConsole;
  private readonly disk: DiskUsage;
  private readonly pidPath: string;
  private pid: number | null = null;
  private child: ChildProcess | null = null;
  private startedAt = 0;
  private doneRegex: RegExp[] = [];
  private spec: ServerSpec | null = null;
  /** Why the current process is being stopped: by request, or by the panel for a limit. */
  private stopReason: StopReason = null;
  private killTimer: NodeJS.Timeout | null = null;
  private exitPoll: NodeJS.Timeout | null = null;
  private exitWaiters: (() => void)[] = [];
  /** The start in progress (disk check, config, spawn), so a stop can wait for it. */
  private starting: Promise<void> | null = null;
  /** The run's cgroup or CPU pauses, and its CPU and memory figures. */
  private readonly limits: ProcessLimits;

  constructor(
    readonly uuid: string,
    private readonly options: SupervisorOptions,
    private readonly events: SupervisorEvents,
  ) {
    mkdirSync(options.root, { recursive: true, mode: 0o750 });
    mkdirSync(options.runtimeDir, { recursive: true, mode: 0o700 });
    this.files = new RootedFileSystem(options.root);
    this.console = new GameConsole(options, (line) => this.onLine(line));
    this.disk = new DiskUsage(options.root, options.diskMaxAgeMs);
    this.pidPath = join(options.runtimeDir, 'pid.json');
    this.limits = new ProcessLimits(options.sandbox.cgroups, (notice) => this.tell(notice));
  }

  /** The last console lines, host paths masked. */
  get ring(): RingBuffer<string> {
    return this.console.ring;
  }

  /** Starts following the console (the last lines of the log fill the ring buffer). */
  async attach(): Promise<void> {
    await this.console.attach();
  }

  /** Writes panel notices into the console, in order with the game's output; resolves once they were read back. */
  async notice(...messages: string[]): Promise<void> {
    await this.console.notice(...messages);
  }

  async start(spec: ServerSpec): Promise<void> {
    if (this.installing) throw new RuntimeConflictError('The server is being installed.');
    if (this.state !== 'offline') throw new RuntimeConflictError('The server is already running.');
    // Claimed synchronously, so two concurrent starts can never both pass the check above.
    this.setState('starting');
    this.starting = this.prepareAndSpawn(spec);
    try {
      await this.starting;
    } finally {
      this.starting = null;
    }
  }

  private async prepareAndSpawn(spec: ServerSpec): Promise<void> {
    try {
      this.options.sandbox.assertCanRun();
      const used = await this.disk.measure(true);
      const refusal = diskStartRefusal(this.disk.verdict(spec.limits.diskMb * MiB), used, spec.limits.diskMb);
      if (refusal) {
        await this.notice(refusal.notice);
        throw new RuntimeConflictError(refusal.error);
      }
      const problems = await prepareConfigFiles(this.files, spec);
      if (problems.length > 0) await this.notice(...problems);
      await this.notice(`Starting the server (memory limit ${spec.limits.memoryMb} MiB, CPU limit ${spec.limits.cpuPercent} %, disk limit ${spec.limits.diskMb} MiB).`);
      await this.spawn(spec);
    } catch (error) {
      if (this.pid === null) this.setState('offline');
      throw error;
    }
  }

  private async spawn(spec: ServerSpec): Promise<void> {
    this.spec = spec;
    this.doneRegex = spec.doneRegex.map((source) => new RegExp(source));
    this.stopReason = null;
    const sandbox = this.options.sandbox;
    const uid = await this.options.uid();
    // The server's user owns its files, whatever the panel wrote into them meanwhile.
    if (sandbox.isolated && sandbox.isRoot) await claimFiles(this.options.root, uid, uid);
    const cgroup = await this.limits.open(this.uuid, spec.limits);
    const child = await launchGame({
      uuid: this.uuid,
      root: this.options.root,
      spec,
      sandbox,
      uid,
      openOutput: () => this.console.openOutput(),
      openInput: () => this.console.openInput(),
      cgroup,
    });
    this.child = child;
    this.pid = child.pid;
    this.startedAt = Date.now();
    // The exit is handled in full where it is observed; nothing awaits this listener.
    child.on('exit', (code, signal) => void this.handleExit(code, signal));
    child.on('error', () => undefined);
    if (!cgroup) this.limits.holdCpu(child.pid, spec.limits.cpuPercent);
    const info = await readProcess(child.pid);
    if (info && this.pid === child.pid) {
      await writePidFile(this.pidPath, { pid: child.pid, startTicks: info.startTicks, startedAt: this.startedAt, cgroup: cgroup?.paths, oomBase: this.limits.oomBase });
    }
  }

  /** Asks the server to stop (its stop command or signal) and kills it after the timeout. */
  async stop(reason: 'user' | 'disk' | 'disk-full' = 'user'): Promise<void> {
    if (this.starting) await this.starting.catch(() => undefined);
    if (this.state === 'offline') return;
    const exited = this.waitForExit();
    if (this.state === 'stopping' || this.pid === null) return exited;
    const pid = this.pid;
    const spec = this.spec!;
    this.stopReason ??= reason;
    this.setState('stopping');
    // A server shuts down at full speed: it saves its world within the stop timeout.
    this.limits.releaseCpu();
    try {
      if (spec.stop.type === 'command') await this.console.writeLine(spec.stop.value);
      else await signalGame(pid, this.limits.cgroup, spec.stop.value);
    } catch {
      await this.notice('The server did not take the stop request; killing it.');
      this.killAll(pid);
    }
    this.killTimer = stopKillTimer(
      spec.stopTimeoutMs,
      () => this.pid === pid && this.state === 'stopping',
      (notice) => this.killAll(pid, notice),
    );
    return exited;
  }

  /** Kills the server and everything it started, at once. */
  async kill(): Promise<void> {
    if (this.starting) await this.starting.catch(() => undefined);
    if (this.pid === null) return;
    const exited = this.waitForExit();
    this.stopReason ??= 'user';
    if (this.state !== 'stopping') this.setState('stopping');
    this.limits.releaseCpu();
    this.killAll(this.pid);
    return exited;
  }

  /** Kills the server's session and everything in its cgroup; `notice` tells the console why. */
  private killAll(pid: number, notice?: string): void {
    if (notice) this.tell(notice);
    killSession(pid, 'SIGKILL');
    this.limits.killCgroup();
  }

  async sendCommand(command: string): Promise<void> {
    if (this.pid === null || this.state === 'offline') throw new RuntimeConflictError('The server is offline.');
    await this.console.writeLine(command);
  }

  /** Re-attaches to the process of a previous panel run, if it is still ours and alive. */
  async recover(spec: ServerSpec): Promise<'adopted' | 'not-running'> {
    const record = await readPidFile(this.pidPath);
    if (!record || !(await isOurProcess(record, gameMarker(this.uuid)))) {
      await removePidFile(this.pidPath);
      return 'not-running';
    }
    this.spec = spec;
    this.doneRegex = spec.doneRegex.map((source) => new RegExp(source));
    this.pid = record.pid;
    this.startedAt = record.startedAt;
    this.stopReason = null;
    await this.limits.adopt(record.cgroup, record.oomBase);
    this.setState(this.console.doneSinceLastStart(this.doneRegex) ? 'running' : 'starting');
    if (!this.limits.cgroup) this.limits.holdCpu(record.pid, spec.limits.cpuPercent);
    // The poll handles the exit in full itself; a timer has nobody to answer to.
    this.exitPoll = setInterval(() => void this.pollAdoptedExit(), 250);
    this.exitPoll.unref();
    await this.notice('The panel restarted and re-attached to the running server.');
    return 'adopted';
  }

  private async pollAdoptedExit(): Promise<void> {
    if (this.pid !== null && !(await readProcess(this.pid))) await this.handleExit(null, null);
  }

  /** Stops watching without stopping the process (the next panel run adopts it). */
  async detach(): Promise<void> {
    this.clearTimers();
    // Never left paused: the next panel run adopts a running process.
    this.limits.releaseCpu();
    this.child?.removeAllListeners('exit');
    this.child?.unref();
    this.child = null;
    await this.console.detach();
  }

  /**
   * Whose TCP traffic the connections on the server's ports are: this run of the server, so the
   * totals start from zero at each start. Null while it does not run, and for UDP games.
   */
  trafficOwner(): { key: string; ports: number[] } | null {
    const spec = this.spec;
    if (this.pid === null || spec === null || spec.allocation.protocol !== 'tcp') return null;
    return { key: `${this.uuid}@${this.startedAt}`, ports: [spec.allocation.port, ...Object.values(spec.extraPorts)] };
  }

  /**
   * A resource sample from the process table and the TCP traffic of this run (null: not
   * measured); enforces the memory and disk limits.
   */
  async sample(table: ProcessInfo[], now: number, traffic: TrafficTotals | null): Promise<ServerStats | null> {
    const pid = this.pid;
    const spec = this.spec;
    if (pid === null || spec === null) return null;
    const memoryLimit = spec.limits.memoryMb * MiB;
    const usage = await this.limits.measure(pid, table, now, spec.limits);
    // Without a cgroup the panel enforces the memory limit itself, from the process table.
    if (usage.polled && usage.memoryBytes > memoryLimit && this.stopReason !== 'memory') this.overMemory(pid, usage.memoryBytes, spec);
    // Measured in the background (a walk of the folder may take a while); the next sample shows it.
    void this.disk.measure().then(
      (used) => this.checkDisk(used, spec),
      () => undefined,
    );
    return {
      state: this.state,
      cpuPercent: Math.max(0, Math.round(usage.cpuPercent * 10) / 10),
      cpuLimited: usage.cpuLimited,
      kernelLimits: this.limits.cgroup !== null,
      memoryBytes: usage.memoryBytes,
      memoryLimitBytes: memoryLimit,
      diskBytes: this.disk.cached,
      diskLimitBytes: spec.limits.diskMb * MiB,
      networkRxBytes: traffic?.rxBytes ?? null,
      networkTxBytes: traffic?.txBytes ?? null,
      uptimeMs: Math.max(0, now - this.startedAt),
    };
  }

  /** The disk figure without a process (offline servers still show their disk use). */
  async diskBytes(): Promise<number> {
    return this.disk.measure();
  }

  private overMemory(pid: number, rss: number, spec: ServerSpec): void {
    this.stopReason = 'memory';
    this.tell(`The server used ${Math.round(rss / MiB)} MiB of memory, over its limit of ${spec.limits.memoryMb} MiB, and was killed.`);
    killSession(pid, 'SIGKILL');
  }

  /**
   * New limits for the running process: the cgroup's memory and CPU quota are rewritten (else the
   * CPU pauses restart with the new share and memory polling reads the new figure); the disk
   * check reads the new limit at its next sample. The game sizes its heap at start, so a changed
   * memory limit needs a restart before the game uses it.
   */
  async updateLimits(limits: ResourceLimits): Promise<LimitUpdate> {
    const spec = this.spec;
    if (spec === null || this.pid === null || this.state === 'offline') return { running: false, appliedLive: [], restartNeeded: false };
    const before = spec.limits;
    this.spec = { ...spec, limits: { ...limits } };
    await this.limits.update(this.pid, before, limits);
    const restartNeeded = before.memoryMb !== limits.memoryMb;
    await this.notice(
      `New plan limits: memory ${limits.memoryMb} MiB, CPU ${limits.cpuPercent} %, disk ${limits.diskMb} MiB.` + (restartNeeded ? ' Restart the server so the game uses its new memory.' : ''),
    );
    return { running: true, appliedLive: ['memory', 'cpu', 'disk'], restartNeeded };
  }

  /**
   * Stops a server over its disk limit (the panel's poll, where the kernel does not hold it), or
   * whose own file system is full: the game gets ENOSPC from the kernel and can save nothing more.
   */
  private checkDisk(used: number, spec: ServerSpec): void {
    const verdict = this.disk.verdict(spec.limits.diskMb * MiB);
    if (verdict === 'ok' || this.stopReason !== null || this.pid === null) return;
    if (this.state !== 'running' && this.state !== 'starting') return;
    this.stopReason = verdict === 'full' ? 'disk-full' : 'disk';
    this.tell(diskStopNotice(verdict, used, spec.limits.diskMb));
    // The stop goes on in the background; the state events tell how it ends.
    void this.stop(this.stopReason);
  }

  private onLine(line: string): void {
    this.events.output(line);
    if (this.state === 'starting' && this.pid !== null && this.doneRegex.some((re) => re.test(line))) this.setState('running');
  }

  private async handleExit(code: number | null, signal: NodeJS.Signals | null): Promise<void> {
    const pid = this.pid;
    if (pid === null) return;
    this.pid = null;
    this.child = null;
    this.clearTimers();
    this.limits.releaseCpu();
    killSession(pid, 'SIGKILL'); // anything the game left behind
    const { hadCgroup, outOfMemory } = await this.limits.close();
    if (hadCgroup) ({ code, signal } = wrapperExit(code, signal));
    await removePidFile(this.pidPath);
    await this.console.drain().catch(() => undefined);
    if (outOfMemory && this.stopReason !== 'user') {
      this.stopReason = 'memory';
      await this.notice(`The server ran out of memory (its plan allows ${this.spec?.limits.memoryMb ?? '?'} MiB) and was killed.`);
    }
    const reason = this.stopReason;
    this.stopReason = null;
    this.setState('offline');
    if (reason !== 'user') {
      const info = crashInfoOf(reason, code, signal);
      if (info.reason === 'exit') await this.notice(info.message);
      this.events.crashed(info);
    } else {
      await this.notice('The server is stopped.');
    }
    for (const resolve of this.exitWaiters.splice(0)) resolve();
  }

  /** A notice sent without waiting (from timers and samples): one that cannot be written is dropped. */
  private tell(message: string): void {
    void this.notice(message).catch(() => undefined);
  }

  private waitForExit(): Promise<void> {
    if (this.pid === null && this.state === 'offline') return Promise.resolve();
    return new Promise((resolve) => this.exitWaiters.push(resolve));
  }

  private setState(state: PowerState): void {
    if (this.state === state) return;
    this.state = state;
    this.events.state(state);
  }

  private clearTimers(): void {
    if (this.killTimer) clearTimeout(this.killTimer);
    if (this.exitPoll) clearInterval(this.exitPoll);
    this.killTimer = null;
    this.exitPoll = null;
  }
}
