import type { ServerRow, ScheduleRow, ScheduleRunTaskOutcome, ScheduleTaskRow } from '../../db/schema';
import { accessAllows, type ServerAccess } from '../permissions/serverAccess';
import type { PermissionKey } from '../../schemas/permissions';
import type { RuntimeManager } from '../servers/RuntimeManager';
import type { PowerSignal, PowerState } from '../../runtime/types';
import type { Database } from '../../db/client';
import type { BackupService } from '../backups/BackupService';
import { recordAudit } from '../audit/audit';

/** What a task needs to run. */
export interface TaskContext {
  db: Database;
  runtime: RuntimeManager;
  backups: BackupService;
  server: ServerRow;
  schedule: ScheduleRow;
  /** The schedule owner's access to the server (the same checks as their click). */
  access: ServerAccess;
  signal: AbortSignal;
  /** How long a command's console output is collected (ms). */
  outputWindowMs: number;
  /** How long a power action may take to settle (ms). */
  powerSettleMs: number;
}

const OUTPUT_MAX = 4096;

const POWER_PERMISSION: Record<PowerSignal, PermissionKey> = { start: 'control.start', stop: 'control.stop', kill: 'control.stop', restart: 'control.restart' };
const POWER_TARGET: Record<PowerSignal, PowerState> = { start: 'running', restart: 'running', stop: 'offline', kill: 'offline' };

type Outcome = Omit<ScheduleRunTaskOutcome, 'task' | 'action' | 'payload'>;
const failed = (error: string, output = ''): Outcome => ({ result: 'failed', output, error });

/** Waits `ms`, or less when the panel is stopping (then throws). */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error('The panel stopped during this run.'));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('The panel stopped during this run.'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

async function runCommand(ctx: TaskContext, command: string): Promise<Outcome> {
  if (!accessAllows(ctx.access, 'control.console')) return failed('The schedule’s owner may not send console commands.');
  if (ctx.runtime.state(ctx.server.uuid) !== 'running') return failed('The server is not running.');
  let output = '';
  const stop = ctx.runtime.events.subscribe(ctx.server.uuid, (event) => {
    if (event.type === 'output' && output.length < OUTPUT_MAX) output = `${output}${event.line}\n`.slice(0, OUTPUT_MAX);
  });
  try {
    await ctx.runtime.sendCommand(ctx.server, command);
    await recordAudit(ctx.db, { actorId: ctx.schedule.createdBy, serverUuid: ctx.server.uuid, event: 'server.console.command', ip: null, properties: { command, schedule: ctx.schedule.uuid } });
    await pause(ctx.outputWindowMs, ctx.signal);
    return { result: 'ok', output, error: null };
  } catch (error) {
    return failed((error as Error).message, output);
  } finally {
    stop();
  }
}

async function runPower(ctx: TaskContext, signal: PowerSignal): Promise<Outcome> {
  if (!accessAllows(ctx.access, POWER_PERMISSION[signal])) return failed(`The schedule’s owner may not ${signal} the server.`);
  try {
    await ctx.runtime.power(ctx.server, signal);
  } catch (error) {
    return failed((error as Error).message);
  }
  await recordAudit(ctx.db, { actorId: ctx.schedule.createdBy, serverUuid: ctx.server.uuid, event: `server.power.${signal}`, ip: null, properties: { schedule: ctx.schedule.uuid } });
  // The next task (a backup after a stop, a command after a start) needs the state reached.
  const deadline = Date.now() + ctx.powerSettleMs;
  // A restart first leaves `running`; a server that restarts too fast to be seen is fine too.
  let left = signal !== 'restart';
  const leaveBy = Date.now() + 5000;
  for (;;) {
    const state = ctx.runtime.state(ctx.server.uuid);
    if (state !== 'running') left = true;
    if (state === POWER_TARGET[signal] && (left || Date.now() > leaveBy)) break;
    if (Date.now() > deadline) return failed(`The server did not reach the ${POWER_TARGET[signal]} state in time.`, `state: ${state}`);
    await pause(100, ctx.signal);
  }
  return { result: 'ok', output: `state: ${ctx.runtime.state(ctx.server.uuid)}`, error: null };
}

async function runBackup(ctx: TaskContext, ignored: string): Promise<Outcome> {
  if (!accessAllows(ctx.access, 'backup.create')) return failed('The schedule’s owner may not create backups.');
  try {
    const created = await ctx.backups.create(ctx.server, { name: `${ctx.schedule.name} (scheduled)`.slice(0, 191), ignored }, { userId: ctx.schedule.createdBy, ip: null });
    await ctx.backups.waitFor(created.uuid);
    const [row] = (await ctx.backups.list(ctx.server)).filter((backup) => backup.uuid === created.uuid);
    if (!row) return failed('The backup was deleted while it was being made.');
    if (row.state !== 'completed') return failed(row.error ?? 'The backup failed.', `backup: ${row.uuid}`);
    return { result: 'ok', output: `backup: ${row.uuid} (${row.fileCount} files, ${row.bytes} bytes)`, error: null };
  } catch (error) {
    return failed((error as Error).message);
  }
}

/** Runs one task of a chain with the schedule owner's permissions. */
export async function runTask(ctx: TaskContext, task: ScheduleTaskRow): Promise<ScheduleRunTaskOutcome> {
  const base = { task: task.uuid, action: task.action, payload: task.payload };
  const outcome =
    task.action === 'command'
      ? await runCommand(ctx, task.payload)
      : task.action === 'power'
        ? await runPower(ctx, task.payload as PowerSignal)
        : task.action === 'backup'
          ? await runBackup(ctx, task.payload)
          : failed(`Unknown action ${task.action}.`);
  return { ...base, ...outcome };
}
