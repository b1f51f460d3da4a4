import type Docker from 'dockerode';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { RingBuffer } from '../RingBuffer';
import { stopKillTimer } from '../stopKillTimer';
import { NOTICE_PREFIX, RuntimeConflictError, type LimitUpdate, type PowerState, type ResourceLimits, type ServerSpec, type ServerStats } from '../types';
import { diskCrashMessage, diskStartRefusal, diskStopNotice, diskVerdict, type DiskVerdict } from '../diskLimit';
import { ContainerConsole } from './ContainerConsole';
import { isMissing, isNotRunning, unless } from './engineErrors';
import type { ContainerServerContext } from './containerServerContext';
import { ensureImage } from './images/ensureImage';
import { containerConfig, containerName, engineLimits } from './containerConfig';
import { toServerStats, type EngineStatsSample } from './containerStats';

const MiB = 1024 * 1024;

/**
 * One game server in a container: the container of each start (made anew, so the template's image,
 * the plan's limits and the ports of that start apply), its console, state, stop and kill, crashes
 * (out of memory said as such), stats from the engine's stream, and adoption after a panel restart.
 * The driver routes the engine's `die` events here; a slow poll catches an event the stream missed.
 */
export class ContainerServer {
  state: PowerState = 'offline';
  installing = false;
  readonly console: ContainerConsole;
  lastStats: ServerStats | null = null;
  private spec: ServerSpec | null = null;
  private doneRegex: RegExp[] = [];
  private stopReason: 'user' | 'disk' | 'disk-full' | null = null;
  private containerId: string | null = null;
  private startedAt = 0;
  private starting: Promise<void> | null = null;
  private killTimer: NodeJS.Timeout | null = null;
  private exitPoll: NodeJS.Timeout | null = null;
  private exitWaiters: (() => void)[] = [];
  private statsStream: Readable | null = null;
  private throttled = 0;
  private handlingExit = false;
  /** The container the engine last said the kernel killed for its memory. */
  private outOfMemoryIn: string | null = null;

  constructor(
    readonly uuid: string,
    private readonly context: ContainerServerContext,
  ) {
    this.console = new ContainerConsole(new RingBuffer(context.ringSize), (lines) => this.onLines(lines));
  }

  private get container(): Docker.Container {
    return this.context.docker.getContainer(containerName(this.uuid));
  }

  /** The container that runs now (or ran last), if any. */
  get currentContainerId(): string | null {
    return this.containerId;
  }

  async notice(...messages: string[]): Promise<void> {
    this.console.notice(messages.map((m) => `${NOTICE_PREFIX} ${m}`));
  }

  /** Reads the history of the server's last container (after a panel restart, before anything else). */
  async attach(): Promise<void> {
    this.console.use(this.container);
    await this.console.loadHistory().catch(unless(isMissing));
  }

  async start(spec: ServerSpec): Promise<void> {
    if (this.installing) throw new RuntimeConflictError('The server is being installed.');
    if (this.state !== 'offline') throw new RuntimeConflictError('The server is already running.');
    // Claimed synchronously, so two concurrent starts can never both pass the check above.
    this.setState('starting');
    this.starting = this.createAndStart(spec);
    try {
      await this.starting;
    } finally {
      this.starting = null;
    }
  }

  private async createAndStart(spec: ServerSpec): Promise<void> {
    try {
      this.spec = spec;
      this.doneRegex = spec.doneRegex.map((source) => new RegExp(source));
      this.stopReason = null;
      await this.notice(`Starting the server (memory limit ${spec.limits.memoryMb} MiB, CPU limit ${spec.limits.cpuPercent} %, disk limit ${spec.limits.diskMb} MiB).`);
      await this.removeContainer();
      await this.prepareDisk(spec);
      const problems = await this.context.prepareConfig(spec);
      if (problems.length > 0) await this.notice(...problems);
      const image = this.context.imageOf(spec);
      // A node added after the images were built gets the panel's own images on first use.
      await ensureImage(this.context.docker, image, (line) => void this.notice(line));
      const container = await this.withVolume(spec, () => this.context.docker.createContainer(containerConfig(spec, image, this.context.placement)));
      this.containerId = container.id;
      this.console.use(container);
      // Attached before it starts: its output streams from its first line.
      await this.console.openInput({ output: true });
      await this.withVolume(spec, () => container.start());
      this.startedAt = Date.now();
      this.watch();
    } catch (error) {
      this.containerId = null;
      this.console.close();
      this.setState('offline');
      await this.notice(`The server could not be started: ${(error as Error).message}`);
      throw error;
    }
  }

  /**
   * The server's volume mounted and fitted before its container is made; a disk that is full or
   * over the plan's limit refuses the start, as on the local driver.
   */
  private async prepareDisk(spec: ServerSpec, fresh = false): Promise<void> {
    const { fit, figures } = await this.context.ensureVolume(spec, fresh);
    if (fit === 'deferred') await this.notice(`The server's disk keeps its old size until nothing else uses its files; it takes its new size (${spec.limits.diskMb} MiB) at a later start.`);
    if (!figures) return;
    const refusal = diskStartRefusal(diskVerdict(figures.usedBytes, figures.availableBytes, spec.limits.diskMb * MiB), figures.usedBytes, spec.limits.diskMb);
    // Figures from before (files may have been removed since) are measured afresh before a refusal.
    if (refusal && !fresh) return this.prepareDisk(spec, true);
    if (refusal) {
      await this.notice(refusal.notice);
      throw new RuntimeConflictError(refusal.error);
    }
  }

  /** An engine call that mounts the server's volume (create, start), made again once its lost mount is back. */
  private async withVolume<T>(spec: ServerSpec, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!this.context.lostMount(error)) throw error;
      await this.prepareDisk(spec, true);
      return call();
    }
  }

  /** Removes the container of an earlier run (stopped; its log goes with it, the ring keeps the tail). */
  async removeContainer(): Promise<void> {
    await this.container.remove({ force: true }).catch(unless(isMissing));
  }

  /** Asks the server to stop (its stop command or signal) and kills it after the timeout. */
  async stop(reason: 'user' | 'disk' | 'disk-full' = 'user'): Promise<void> {
    if (this.starting) await this.starting.catch(() => undefined);
    if (this.state === 'offline') return;
    const exited = this.waitForExit();
    if (this.state === 'stopping') return exited;
    const spec = this.spec!;
    this.stopReason = reason;
    this.setState('stopping');
    try {
      if (spec.stop.type === 'command') await this.console.write(spec.stop.value);
      else await this.container.kill({ signal: spec.stop.value });
    } catch {
      await this.notice('The server did not take the stop request; killing it.');
      await this.killContainer();
    }
    // The container is found by its name, which the next run's container takes over: only this run's is killed.
    const stopping = this.containerId;
    this.killTimer = stopKillTimer(
      spec.stopTimeoutMs,
      () => this.state === 'stopping' && this.containerId === stopping,
      (notice) => {
        void this.notice(notice);
        void this.killContainer().catch(() => undefined);
      },
    );
    return exited;
  }

  /** Kills the container (every process in it) at once. */
  async kill(): Promise<void> {
    if (this.starting) await this.starting.catch(() => undefined);
    if (this.state === 'offline') return;
    const exited = this.waitForExit();
    this.stopReason = 'user';
    if (this.state !== 'stopping') this.setState('stopping');
    await this.killContainer();
    return exited;
  }

  private async killContainer(): Promise<void> {
    await this.container.kill().catch(unless(isNotRunning));
    void this.checkExited();
  }

  async sendCommand(command: string): Promise<void> {
    if (this.state === 'offline' || this.state === 'stopping') throw new RuntimeConflictError('The server is offline.');
    await this.console.write(command);
  }

  /** Adopts the server's container when it still runs (the panel restarted meanwhile). */
  async recover(spec: ServerSpec): Promise<'adopted' | 'not-running'> {
    let info: Docker.ContainerInspectInfo;
    try {
      info = await this.container.inspect();
    } catch (error) {
      if (isMissing(error)) return 'not-running';
      throw error;
    }
    if (!info.State.Running) return 'not-running';
    this.spec = spec;
    this.doneRegex = spec.doneRegex.map((source) => new RegExp(source));
    this.containerId = info.Id;
    this.startedAt = Date.parse(info.State.StartedAt);
    this.stopReason = null;
    // A container runs one start: a done line anywhere in its log means the game is up.
    const running = this.console.ring.toArray().some((line) => this.doneRegex.some((re) => re.test(line)));
    await this.console.openInput();
    await this.console.follow();
    this.setState(running ? 'running' : 'starting');
    this.watch();
    await this.notice('The panel restarted and re-attached to the running server.');
    return 'adopted';
  }

  /**
   * New limits for the running container, applied by the engine at once (memory, CPU, processes);
   * the game sizes its heap at start, so a changed memory limit needs a restart before it uses it.
   */
  async updateLimits(limits: ResourceLimits): Promise<LimitUpdate> {
    const spec = this.spec;
    if (spec === null || this.state === 'offline') return { running: false, appliedLive: [], restartNeeded: false };
    const before = spec.limits;
    await this.container.update(engineLimits(limits, this.context.placement.pidsLimit));
    // The node's kernel holds the new disk size at once where the file system allows it.
    const disk = before.diskMb === limits.diskMb ? 'ok' : await this.context.fitDisk(limits.diskMb);
    this.spec = { ...spec, limits: { ...limits } };
    const restartNeeded = before.memoryMb !== limits.memoryMb || disk === 'deferred';
    const why = [before.memoryMb !== limits.memoryMb ? 'the game uses its new memory' : '', disk === 'deferred' ? `its disk takes its new size (${limits.diskMb} MiB)` : ''].filter(Boolean);
    await this.notice(
      `New plan limits: memory ${limits.memoryMb} MiB, CPU ${limits.cpuPercent} %, disk ${limits.diskMb} MiB.` + (why.length > 0 ? ` Restart the server so ${why.join(' and ')}.` : ''),
    );
    return { running: true, appliedLive: disk === 'deferred' ? ['memory', 'cpu'] : ['memory', 'cpu', 'disk'], restartNeeded };
  }

  /** The engine reported that a container of this server stopped. */
  onDie(containerId: string): void {
    if (containerId === this.containerId) void this.checkExited();
  }

  /** The engine reported that the kernel killed a process of this server's container for its memory. */
  onOutOfMemory(containerId: string): void {
    if (containerId === this.containerId) this.outOfMemoryIn = containerId;
  }

  /** Handles the end of the container, once, when the engine says it no longer runs. */
  private async checkExited(): Promise<void> {
    if (this.handlingExit || this.state === 'offline' || this.starting) return;
    let state: Docker.ContainerInspectInfo['State'] | null = null;
    try {
      state = (await this.container.inspect()).State;
    } catch (error) {
      if (!isMissing(error)) return;
    }
    // Read again: the state may have changed while the engine answered.
    if (state?.Running || this.handlingExit || (this.state as PowerState) === 'offline') return;
    this.handlingExit = true;
    try {
      let outOfMemory = (state?.OOMKilled ?? false) || this.outOfMemoryIn === this.containerId;
      // A kill the panel did not send: the engine may learn of the kernel's out-of-memory kill
      // just after the exit, so a moment is given for it before the exit is called a crash.
      if (!outOfMemory && this.stopReason === null && state?.ExitCode === 137) outOfMemory = await this.outOfMemoryReported();
      await this.handleExit(state?.ExitCode ?? null, outOfMemory);
    } finally {
      this.handlingExit = false;
    }
  }

  private async outOfMemoryReported(): Promise<boolean> {
    for (let waited = 0; waited <= 1500; waited += 250) {
      if (this.outOfMemoryIn === this.containerId) return true;
      if ((await this.container.inspect().catch(() => null))?.State.OOMKilled) return true;
      await sleep(250);
    }
    return this.outOfMemoryIn === this.containerId;
  }

  private async handleExit(exitCode: number | null, outOfMemory: boolean): Promise<void> {
    this.unwatch();
    await this.console.drain();
    this.console.close();
    const reason = this.stopReason;
    this.stopReason = null;
    this.lastStats = null;
    if (reason === 'user') {
      await this.notice('The server is stopped.');
      this.setState('offline');
    } else if (reason === 'disk' || reason === 'disk-full') {
      // The console already said why (diskStopNotice).
      this.setState('offline');
      this.context.events.crashed({ exitCode, signal: null, reason: 'disk', message: diskCrashMessage(reason) });
    } else if (outOfMemory) {
      await this.notice(`The server ran out of memory (its plan allows ${this.spec?.limits.memoryMb ?? '?'} MiB) and was killed.`);
      this.setState('offline');
      this.context.events.crashed({ exitCode, signal: null, reason: 'memory', message: 'The server was killed for using more memory than its plan allows (out of memory).' });
    } else {
      const how = exitCode === null ? 'an unknown exit status' : exitCode > 128 ? `signal ${exitCode - 128}` : `exit code ${exitCode}`;
      const message = `The server stopped unexpectedly (${how}).`;
      await this.notice(message);
      this.setState('offline');
      this.context.events.crashed({ exitCode, signal: null, reason: 'exit', message });
    }
    for (const resolve of this.exitWaiters.splice(0)) resolve();
  }

  private waitForExit(): Promise<void> {
    if (this.state === 'offline') return Promise.resolve();
    return new Promise((resolve) => this.exitWaiters.push(resolve));
  }

  /** Stats from the engine's stream, and a slow poll for an exit the event stream did not bring. */
  private watch(): void {
    this.unwatch();
    this.exitPoll = setInterval(() => void this.checkExited(), 2000);
    this.exitPoll.unref();
    void this.followStats();
  }

  private async followStats(): Promise<void> {
    const stream = (await this.container.stats({ stream: true }).catch(() => null)) as Readable | null;
    if (!stream) return;
    if (this.state === 'offline') return void stream.destroy();
    this.statsStream = stream;
    let pending = '';
    stream.on('error', () => undefined);
    stream.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      let newline: number;
      while ((newline = pending.indexOf('\n')) >= 0) {
        const text = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        if (text.trim()) this.onStats(JSON.parse(text) as EngineStatsSample);
      }
    });
  }

  private onStats(sample: EngineStatsSample): void {
    if (this.state === 'offline' || !this.spec) return;
    const disk = this.context.diskFigures();
    const limitBytes = this.spec.limits.diskMb * MiB;
    if (disk) this.checkDisk(diskVerdict(disk.usedBytes, disk.availableBytes, limitBytes), disk.usedBytes);
    const stats = toServerStats(sample, {
      state: this.state,
      startedAt: this.startedAt,
      diskBytes: disk?.usedBytes ?? 0,
      diskLimitBytes: limitBytes,
      throttledBefore: this.throttled,
    });
    this.throttled = stats.throttledPeriods;
    const { throttledPeriods: _periods, ...figures } = stats;
    this.lastStats = figures;
    this.context.events.stats(figures);
  }

  /**
   * Stops a server whose own file system is full (the node's kernel already refuses its writes:
   * it can save nothing more) or, on a plain volume, that is over its plan's disk.
   */
  private checkDisk(verdict: DiskVerdict, usedBytes: number): void {
    if (verdict === 'ok' || this.stopReason !== null || !this.spec) return;
    if (this.state !== 'running' && this.state !== 'starting') return;
    const reason = verdict === 'full' ? 'disk-full' : 'disk';
    void this.notice(diskStopNotice(verdict, usedBytes, this.spec.limits.diskMb)).catch(() => undefined);
    // The stop goes on in the background; the state events tell how it ends.
    void this.stop(reason).catch(() => undefined);
  }

  private unwatch(): void {
    if (this.killTimer) clearTimeout(this.killTimer);
    if (this.exitPoll) clearInterval(this.exitPoll);
    this.killTimer = null;
    this.exitPoll = null;
    this.statsStream?.destroy();
    this.statsStream = null;
  }

  /** Stops following the container, which keeps running (panel shutdown). */
  detach(): void {
    this.unwatch();
    this.console.close();
  }

  private onLines(lines: string[]): void {
    for (const line of lines) {
      this.context.events.output(line);
      if (this.state === 'starting' && !line.startsWith(NOTICE_PREFIX) && this.doneRegex.some((re) => re.test(line))) this.setState('running');
    }
  }

  private setState(state: PowerState): void {
    if (this.state === state) return;
    this.state = state;
    this.context.events.state(state);
  }
}
