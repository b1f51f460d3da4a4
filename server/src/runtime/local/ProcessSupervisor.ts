import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, promises as fs } from 'node:fs';
import { constants as osConstants } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { RingBuffer } from '../RingBuffer';
import { RootedFileSystem } from '../RootedFileSystem';
import { RuntimeConflictError, type CrashInfo, type LimitUpdate, type ResourceLimits, type PowerState, type ServerSpec, type ServerStats } from '../types';
import { ConsoleCapture, type ConsoleCaptureOptions } from './ConsoleCapture';
import { gameOutputAliases, hostPathMask } from './hostPathMask';
import { ConsoleInput } from './ConsoleInput';
import { CpuThrottle } from './CpuThrottle';
import { DiskUsage } from './DiskUsage';
import { isOurProcess, readPidFile, removePidFile, writePidFile } from './pidFile';
import { CLOCK_TICKS, readProcess, type ProcessInfo } from './procfs';
import { applyManagedConfig } from './applyManagedConfig';
import { killSession } from './killSession';
import type { TrafficTotals } from './network/TcpTrafficMeter';
import { isSandboxProgram, SANDBOX_PIDS_MAX, type Sandbox } from './sandbox/Sandbox';
import type { ServerCgroup } from './sandbox/cgroup';
import { claimFiles } from './sandbox/claimFiles';

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
/** Prefix of the lines the panel itself writes into a console. */
export const NOTICE_PREFIX = '[Panel]';
const START_NOTICE = `${NOTICE_PREFIX} Starting the server`;

/**
 * One game server run as a child process of this machine: its state machine
 * (offline → starting → running → stopping → offline), console input and output, limits and
 * crash detection. The process runs in its own session (detached), so the panel can kill it with
 * everything it started, and it survives a panel restart to be adopted again.
 */
export class ProcessSupervisor {
  state: PowerState = 'offline';
  installing = false;
  readonly ring: RingBuffer<string>;
  readonly files: RootedFileSystem;
  private readonly capture: ConsoleCapture;
  private readonly maskHostPaths: (line: string) => string;
  private readonly input: ConsoleInput;
  private readonly disk: DiskUsage;
  private readonly pidPath: string;
  private pid: number | null = null;
  private child: ChildProcess | null = null;
  private startedAt = 0;
  private doneRegex: RegExp[] = [];
  private spec: ServerSpec | null = null;
  /** Why the current process is being stopped: by request, or by the panel for a limit. */
  private stopReason: 'user' | 'memory' | 'disk' | 'disk-full' | null = null;
  private killTimer: NodeJS.Timeout | null = null;
  private exitPoll: NodeJS.Timeout | null = null;
  private exitWaiters: (() => void)[] = [];
  private lastCpu: { ticks: number; at: number } | null = null;
  /** Holds the running process to its plan's CPU limit (null: no limit to hold, or not running). */
  private throttle: CpuThrottle | null = null;
  /** The start in progress (disk check, config, spawn), so a stop can wait for it. */
  private starting: Promise<void> | null = null;
  /** The cgroup that holds the running server to its plan (null: no cgroups on this host). */
  private cgroup: ServerCgroup | null = null;
  /** The cgroup's OOM kills when the server started: more at exit means it ran out of memory. */
  private oomBase = 0;
  private lastThrottled = 0;
  private lastThrottledAt = 0;
  /** Whether the console was told that the CPU quota holds the server back (once per run). */
  private throttleTold = false;

  constructor(
    readonly uuid: string,
    private readonly options: SupervisorOptions,
    private readonly events: SupervisorEvents,
  ) {
    mkdirSync(options.root, { recursive: true, mode: 0o750 });
    mkdirSync(options.runtimeDir, { recursive: true, mode: 0o700 });
    this.ring = new RingBuffer(options.ringSize);
    this.files = new RootedFileSystem(options.root);
    this.maskHostPaths = hostPathMask(gameOutputAliases(options.root));
    this.capture = new ConsoleCapture(join(options.runtimeDir, 'console.log'), (lines) => this.onLines(lines), options.log);
    this.input = new ConsoleInput(join(options.runtimeDir, 'stdin'));
    this.disk = new DiskUsage(options.root, options.diskMaxAgeMs);
    this.pidPath = join(options.runtimeDir, 'pid.json');
  }

  /** The marker in the game's environment that ties a process to this server. */
  get marker(): string {
    return `PANEL_SERVER_UUID=${this.uuid}`;
  }

  /** Starts following the console (the last lines of the log fill the ring buffer). */
  async attach(): Promise<void> {
    for (const line of await this.capture.start(this.options.ringSize)) this.ring.push(this.maskHostPaths(line));
  }

  /** Writes panel notices into the console, in order with the game's output; resolves once they were read back. */
  async notice(...messages: string[]): Promise<void> {
    try {
      await this.capture.append(messages.map((m) => `${NOTICE_PREFIX} ${m}`));
      await this.capture.drain();
    } catch (error) {
      // The server's runtime folder is gone (the server was deleted while a notice was on its
      // way): there is no console left to write to. Many notices are sent without waiting.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
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
      const verdict = this.disk.verdict(spec.limits.diskMb * MiB);
      if (verdict === 'over') {
        await this.notice(`The server uses ${Math.ceil(used / MiB)} MiB of disk, over its limit of ${spec.limits.diskMb} MiB. Remove files before starting it.`);
        throw new RuntimeConflictError('The server is over its disk limit.');
      }
      if (verdict === 'full') {
        await this.notice(`Disk full: the server uses ${Math.ceil(used / MiB)} MiB, all the disk its plan allows (${spec.limits.diskMb} MiB). Remove files before starting it.`);
        throw new RuntimeConflictError("The server's disk is full. Remove files before starting it.");
      }
      await applyManagedConfig(this.files, spec.managedConfig);
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
    this.lastCpu = null;
    const sandbox = this.options.sandbox;
    const uid = await this.options.uid();
    // The server's user owns its files, whatever the panel wrote into them meanwhile.
    if (sandbox.isolated && sandbox.isRoot) await claimFiles(this.options.root, uid, uid);
    const cgroup = await this.openCgroup(spec);
    const out = this.capture.openForChild();
    let stdin: number;
    try {
      stdin = this.input.openForChild();
    } catch (error) {
      closeSync(out);
      throw error;
    }
    let child: ChildProcess;
    try {
      // `exec` makes the game the first process of the sandbox's command itself.
      // Players reach the game on its own ports (game and extra, TCP and UDP), forwarded into its network namespace.
      const forwards = { ip: spec.allocation.ip, ports: [spec.allocation.port, ...Object.values(spec.extraPorts)] };
      const { file, args, ids, fds } = sandbox.wrap(this.options.root, uid, [], ['/bin/sh', '-c', `exec ${spec.startCommand}`], forwards);
      try {
        child = spawn(file, args, {
          cwd: this.options.root,
          env: { ...spec.env, PANEL_SERVER_UUID: this.uuid },
          detached: true,
          stdio: [stdin, out, out, 'pipe', ...fds],
          ...ids,
        });
      } finally {
        for (const fd of fds) closeSync(fd);
      }
    } finally {
      closeSync(out);
      closeSync(stdin);
    }
    if (child.pid === undefined) {
      const error = await new Promise<Error>((resolve) => child.once('error', resolve));
      throw new Error(`The server process could not be started: ${error.message}`);
    }
    const go = child.stdio[3] as Writable;
    go.on('error', () => undefined);
    try {
      // In the cgroup before the game runs: whatever it forks is held to the plan too.
      await cgroup?.enter(child.pid);
    } catch (error) {
      killSession(child.pid, 'SIGKILL');
      throw new Error(`The server could not be put in its cgroup: ${(error as Error).message}`, { cause: error });
    }
    go.end('go\n');
    this.child = child;
    this.pid = child.pid;
    this.startedAt = Date.now();
    child.on('exit', (code, signal) => void this.handleExit(code, signal));
    child.on('error', () => undefined);
    if (!cgroup) this.limitCpu(child.pid, spec);
    const info = await readProcess(child.pid);
    if (info && this.pid === child.pid) {
      await writePidFile(this.pidPath, { pid: child.pid, startTicks: info.startTicks, startedAt: this.startedAt, cgroup: cgroup?.paths, oomBase: this.oomBase });
    }
  }

  /** The server's cgroup with the plan's limits, or null where the host has no cgroups. */
  private async openCgroup(spec: ServerSpec): Promise<ServerCgroup | null> {
    const host = this.options.sandbox.cgroups;
    this.cgroup = null;
    if (!host) return null;
    const cgroup = await host.open(this.uuid);
    await cgroup.killAll(2000); // nothing of an earlier run may stay in it
    await cgroup.limit({ memoryBytes: spec.limits.memoryMb * MiB, cpuPercent: spec.limits.cpuPercent, pids: SANDBOX_PIDS_MAX });
    const usage = await cgroup.usage();
    this.oomBase = usage.oomKills;
    this.lastThrottled = usage.throttledPeriods;
    this.throttleTold = false;
    this.cgroup = cgroup;
    return cgroup;
  }

  /**
   * Sends a stop signal to the game: in a sandbox, to every process of the server's cgroup but
   * the sandbox's own (the wrapper, pasta and bubblewrap, which would kill the game at once if
   * they died); else to the process group.
   */
  private async signalGame(pid: number, signal: NodeJS.Signals): Promise<void> {
    if (!this.cgroup) {
      process.kill(-pid, signal);
      return;
    }
    for (const member of await this.cgroup.pids()) {
      if (member === pid) continue;
      const exe = await fs.readlink(`/proc/${member}/exe`).catch(() => '');
      if (isSandboxProgram(exe)) continue;
      try {
        process.kill(member, signal);
      } catch {
        // gone already
      }
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
    this.releaseCpu();
    try {
      if (spec.stop.type === 'command') await this.input.writeLine(spec.stop.value);
      else await this.signalGame(pid, spec.stop.value);
    } catch {
      await this.notice('The server did not take the stop request; killing it.');
      this.killAll(pid);
    }
    this.killTimer = setTimeout(() => {
      void this.notice(`The server did not stop within ${Math.round(spec.stopTimeoutMs / 1000)} s; killing it.`);
      this.killAll(pid);
    }, spec.stopTimeoutMs);
    this.killTimer.unref();
    return exited;
  }

  /** Kills the server and everything it started, at once. */
  async kill(): Promise<void> {
    if (this.starting) await this.starting.catch(() => undefined);
    if (this.pid === null) return;
    const exited = this.waitForExit();
    this.stopReason ??= 'user';
    if (this.state !== 'stopping') this.setState('stopping');
    this.releaseCpu();
    this.killAll(this.pid);
    return exited;
  }

  /** Kills the server's session and everything in its cgroup. */
  private killAll(pid: number): void {
    killSession(pid, 'SIGKILL');
    void this.cgroup?.killAll().catch(() => undefined);
  }

  async sendCommand(command: string): Promise<void> {
    if (this.pid === null || this.state === 'offline') throw new RuntimeConflictError('The server is offline.');
    await this.input.writeLine(command);
  }

  /** Re-attaches to the process of a previous panel run, if it is still ours and alive. */
  async recover(spec: ServerSpec): Promise<'adopted' | 'not-running'> {
    const record = await readPidFile(this.pidPath);
    if (!record || !(await isOurProcess(record, this.marker))) {
      await removePidFile(this.pidPath);
      return 'not-running';
    }
    this.spec = spec;
    this.doneRegex = spec.doneRegex.map((source) => new RegExp(source));
    this.pid = record.pid;
    this.startedAt = record.startedAt;
    this.stopReason = null;
    this.cgroup = record.cgroup ? (this.options.sandbox.cgroups?.adopt(record.cgroup) ?? null) : null;
    this.oomBase = record.oomBase ?? 0;
    this.lastThrottled = this.cgroup ? ((await this.cgroup.usage().catch(() => null))?.throttledPeriods ?? 0) : 0;
    this.setState(this.sawDoneLineSinceStart() ? 'running' : 'starting');
    if (!this.cgroup) this.limitCpu(record.pid, spec);
    this.exitPoll = setInterval(() => void this.pollAdoptedExit(), 250);
    this.exitPoll.unref();
    await this.notice('The panel restarted and re-attached to the running server.');
    return 'adopted';
  }

  /** Whether the console since the last start notice holds a done line (adopted processes). */
  private sawDoneLineSinceStart(): boolean {
    const lines = this.ring.toArray();
    let i = lines.length - 1;
    while (i >= 0 && !lines[i].startsWith(START_NOTICE)) i--;
    return lines.slice(i + 1).some((line) => this.doneRegex.some((re) => re.test(line)));
  }

  private async pollAdoptedExit(): Promise<void> {
    if (this.pid !== null && !(await readProcess(this.pid))) await this.handleExit(null, null);
  }

  /** Stops watching without stopping the process (the next panel run adopts it). */
  async detach(): Promise<void> {
    this.clearTimers();
    // Never left paused: the next panel run adopts a running process.
    this.releaseCpu();
    this.child?.removeAllListeners('exit');
    this.child?.unref();
    this.child = null;
    await this.capture.stop();
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
    let cpu: number;
    let cpuLimited: boolean;
    let memory: number;
    const usage = this.cgroup ? await this.cgroup.usage().catch(() => null) : null;
    if (usage) {
      // The kernel counts and limits: CPU time and memory of everything in the cgroup.
      const ticks = (usage.cpuNanos / 1e9) * CLOCK_TICKS;
      cpu = this.lastCpu && now > this.lastCpu.at ? ((ticks - this.lastCpu.ticks) / CLOCK_TICKS / ((now - this.lastCpu.at) / 1000)) * 100 : 0;
      if (usage.throttledPeriods > this.lastThrottled) this.lastThrottledAt = now;
      this.lastThrottled = usage.throttledPeriods;
      // Held back within the sample period, and at least the last second (samples may come close together on a busy machine).
      cpuLimited = this.lastThrottledAt >= Math.min(this.lastCpu?.at ?? now, now - 1000);
      if (this.lastThrottledAt === now && !this.throttleTold) {
        this.throttleTold = true;
        void this.notice(`The server uses more CPU than its plan allows (${spec.limits.cpuPercent} % of one core); it is slowed down to its limit.`);
      }
      this.lastCpu = { ticks, at: now };
      memory = usage.memoryBytes;
    } else {
      let ticks = 0;
      memory = 0;
      for (const p of table) {
        if (p.session !== pid && p.pid !== pid) continue;
        ticks += p.cpuTicks;
        memory += p.rssBytes;
      }
      cpu = this.lastCpu && now > this.lastCpu.at ? ((ticks - this.lastCpu.ticks) / CLOCK_TICKS / ((now - this.lastCpu.at) / 1000)) * 100 : 0;
      // Held back within the sample period, and at least the last second: a busy machine's late
      // throttle timer can let a server run a little longer at times without the figure flickering.
      cpuLimited = this.throttle?.limitedSince(Math.min(this.lastCpu?.at ?? now, now - 1000)) ?? false;
      this.lastCpu = { ticks, at: now };
      this.throttle?.track(table);
      // Without a cgroup the panel enforces the memory limit itself, from the process table.
      if (memory > memoryLimit && this.stopReason !== 'memory') this.overMemory(pid, memory, spec);
    }
    void this.disk.measure().then(
      (used) => this.checkDisk(used, spec),
      () => undefined,
    );
    return {
      state: this.state,
      cpuPercent: Math.max(0, Math.round(cpu * 10) / 10),
      cpuLimited,
      kernelLimits: this.cgroup !== null,
      memoryBytes: memory,
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
    void this.notice(`The server used ${Math.round(rss / MiB)} MiB of memory, over its limit of ${spec.limits.memoryMb} MiB, and was killed.`);
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
    if (this.cgroup) {
      await this.cgroup.limit({ memoryBytes: limits.memoryMb * MiB, cpuPercent: limits.cpuPercent, pids: SANDBOX_PIDS_MAX });
    } else if (before.cpuPercent !== limits.cpuPercent) {
      this.limitCpu(this.pid, this.spec);
    }
    const restartNeeded = before.memoryMb !== limits.memoryMb;
    await this.notice(
      `New plan limits: memory ${limits.memoryMb} MiB, CPU ${limits.cpuPercent} %, disk ${limits.diskMb} MiB.` + (restartNeeded ? ' Restart the server so the game uses its new memory.' : ''),
    );
    return { running: true, appliedLive: ['memory', 'cpu', 'disk'], restartNeeded };
  }

  /** Starts holding the process to the plan's CPU limit, where the limit is below the machine's cores. */
  private limitCpu(pid: number, spec: ServerSpec): void {
    this.releaseCpu();
    const limitPercent = spec.limits.cpuPercent;
    if (!CpuThrottle.limits(limitPercent)) return;
    this.throttle = new CpuThrottle({
      leader: pid,
      limitPercent,
      onFirstPause: () => void this.notice(`The server uses more CPU than its plan allows (${limitPercent} % of one core); it is slowed down to its limit.`),
    });
  }

  private releaseCpu(): void {
    this.throttle?.dispose();
    this.throttle = null;
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
    void this.notice(
      verdict === 'full'
        ? `Disk full: the server used all the disk its plan allows (${spec.limits.diskMb} MiB); stopping it. Remove files before starting it again.`
        : `The server uses ${Math.ceil(used / MiB)} MiB of disk, over its limit of ${spec.limits.diskMb} MiB; stopping it.`,
    );
    void this.stop(this.stopReason);
  }

  private onLines(lines: string[]): void {
    for (const raw of lines) {
      // What customers see names no folder of the host (the log file keeps the line as it was).
      const line = this.maskHostPaths(raw);
      this.ring.push(line);
      this.events.output(line);
      if (this.state === 'starting' && this.pid !== null && this.doneRegex.some((re) => re.test(line))) this.setState('running');
    }
  }

  private async handleExit(code: number | null, signal: NodeJS.Signals | null): Promise<void> {
    const pid = this.pid;
    if (pid === null) return;
    this.pid = null;
    this.child = null;
    this.clearTimers();
    this.releaseCpu();
    killSession(pid, 'SIGKILL'); // anything the game left behind
    const cgroup = this.cgroup;
    this.cgroup = null;
    let outOfMemory = false;
    if (cgroup) {
      await cgroup.killAll().catch(() => undefined);
      const usage = await cgroup.usage().catch(() => null);
      outOfMemory = usage !== null && usage.oomKills > this.oomBase;
      await cgroup.remove();
    }
    // The sandbox's wrapper answers 128 + n for a game killed by signal n, like a shell.
    if (cgroup && signal === null && code !== null && code > 128 && code < 128 + 65) {
      const number = code - 128;
      const name = Object.entries(osConstants.signals).find(([, n]) => n === number)?.[0];
      if (name) {
        signal = name as NodeJS.Signals;
        code = null;
      }
    }
    await removePidFile(this.pidPath);
    await this.capture.drain().catch(() => undefined);
    if (outOfMemory && this.stopReason !== 'user') {
      this.stopReason = 'memory';
      await this.notice(`The server ran out of memory (its plan allows ${this.spec?.limits.memoryMb ?? '?'} MiB) and was killed.`);
    }
    const reason = this.stopReason;
    this.stopReason = null;
    this.setState('offline');
    if (reason !== 'user') {
      const how = signal ? `signal ${signal}` : code === null ? 'an unknown exit status' : `exit code ${code}`;
      const info: CrashInfo =
        reason === 'memory'
          ? { exitCode: code, signal, reason: 'memory', message: 'The server was killed for using more memory than its plan allows.' }
          : reason === 'disk' || reason === 'disk-full'
            ? {
                exitCode: code,
                signal,
                reason: 'disk',
                message: reason === 'disk' ? 'The server was stopped for using more disk than its plan allows.' : 'The server was stopped because its disk is full.',
              }
            : { exitCode: code, signal, reason: 'exit', message: `The server stopped unexpectedly (${how}).` };
      if (info.reason === 'exit') await this.notice(info.message);
      this.events.crashed(info);
    } else {
      await this.notice('The server is stopped.');
    }
    for (const resolve of this.exitWaiters.splice(0)) resolve();
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
