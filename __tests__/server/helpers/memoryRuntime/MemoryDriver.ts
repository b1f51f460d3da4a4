import { EventEmitter } from 'node:events';
import type { RecoveryResult, RuntimeDriver, RuntimeDriverEvents } from '../../../../server/src/runtime/RuntimeDriver';
import { RuntimeConflictError, type LimitUpdate, type PowerState, type ServerIsolation, type ServerSpec, type ServerStats } from '../../../../server/src/runtime/types';
import { applyManagedConfig } from '../../../../server/src/runtime/config/applyManagedConfig';
import { MemoryServerFiles } from './MemoryServerFiles';

const noFolder = () => new Error('The memory driver keeps server files in memory: there is no folder on the panel’s disk.');

/**
 * A runtime that keeps every server's files in memory and runs no game: servers install at once
 * (their steps are not run), and power actions only change the state (start: starting, then
 * running; stop and kill: offline). The file manager, the config editor and backups
 * work against it exactly as against the local driver, which shows they reach a server's files
 * only through the file port.
 */
export class MemoryDriver implements RuntimeDriver {
  readonly name = 'memory';
  private readonly servers = new Map<string, MemoryServerFiles>();
  private readonly output = new Map<string, string[]>();
  private readonly emitter = new EventEmitter();
  private readonly states = new Map<string, PowerState>();

  private setState(uuid: string, state: PowerState): void {
    this.states.set(uuid, state);
    this.emitter.emit('state', uuid, state);
  }

  async open(): Promise<void> {}

  serverRoot(): string {
    throw noFolder();
  }

  gamePaths(): { root: string; node: string; launchers: string } {
    return { root: '/memory', node: 'node', launchers: '/memory-launchers' };
  }

  async create(spec: ServerSpec): Promise<void> {
    this.filesOf(spec.uuid);
  }

  /** Runs the steps that only write files (write-file, chmod) through the port; the others need a network or binaries. */
  async install(spec: ServerSpec): Promise<void> {
    const files = this.filesOf(spec.uuid);
    for (const step of spec.install) {
      if (step.type === 'write-file' && (step.overwrite || !(await files.lstat(step.path)))) await files.writeFile(step.path, step.content, { mode: step.executable ? 0o755 : 0o644 });
      if (step.type === 'chmod') await files.chmod(step.path, step.mode);
    }
  }

  async start(spec: ServerSpec): Promise<void> {
    if (this.state(spec.uuid) !== 'offline') throw new RuntimeConflictError('The server is already running.');
    this.setState(spec.uuid, 'starting');
    // As the local driver does before every start: the keys the panel manages are written first.
    await applyManagedConfig(this.filesOf(spec.uuid), spec.managedConfig);
    setImmediate(() => this.states.get(spec.uuid) === 'starting' && this.setState(spec.uuid, 'running'));
  }

  async stop(uuid: string): Promise<void> {
    if (this.state(uuid) !== 'offline') this.setState(uuid, 'offline');
  }

  async restart(spec: ServerSpec): Promise<void> {
    await this.stop(spec.uuid);
    await this.start(spec);
  }

  async kill(uuid: string): Promise<void> {
    await this.stop(uuid);
  }

  async sendCommand(uuid: string, command: string): Promise<void> {
    if (this.state(uuid) !== 'running') throw new RuntimeConflictError('The server is not running.');
    this.emitter.emit('output', uuid, `> ${command}`);
  }

  async destroy(uuid: string): Promise<void> {
    this.states.delete(uuid);
    this.servers.delete(uuid);
  }

  async recover(): Promise<RecoveryResult> {
    return 'not-running';
  }

  async detachAll(): Promise<void> {}

  async updateLimits(): Promise<LimitUpdate> {
    return { running: false, appliedLive: [], restartNeeded: false };
  }

  async notice(uuid: string, message: string): Promise<void> {
    const lines = this.output.get(uuid) ?? [];
    lines.push(`[Panel] ${message}`);
    this.output.set(uuid, lines);
    this.emitter.emit('output', uuid, `[Panel] ${message}`);
  }

  state(uuid: string): PowerState {
    return this.states.get(uuid) ?? 'offline';
  }

  isInstalling(): boolean {
    return false;
  }

  async diskBytes(uuid: string): Promise<number> {
    return this.filesOf(uuid).diskUsage();
  }

  recentOutput(uuid: string, limit?: number): string[] {
    const lines = this.output.get(uuid) ?? [];
    return limit === undefined ? [...lines] : lines.slice(-limit);
  }

  stats(): ServerStats | null {
    return null;
  }

  isolation(): ServerIsolation {
    return { sandboxed: false, kernelLimits: false, hostNetworkBlocked: false, kernelDiskQuota: false };
  }

  files(uuid: string): MemoryServerFiles {
    return this.filesOf(uuid);
  }

  on<E extends keyof RuntimeDriverEvents>(event: E, listener: RuntimeDriverEvents[E]): void {
    this.emitter.on(event, listener);
  }

  off<E extends keyof RuntimeDriverEvents>(event: E, listener: RuntimeDriverEvents[E]): void {
    this.emitter.off(event, listener);
  }

  private filesOf(uuid: string): MemoryServerFiles {
    let files = this.servers.get(uuid);
    if (!files) {
      files = new MemoryServerFiles();
      this.servers.set(uuid, files);
    }
    return files;
  }
}
