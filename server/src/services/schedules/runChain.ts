import { eq } from 'drizzle-orm';
import { servers, type ScheduleRunTaskOutcome, type ScheduleTaskRow } from '../../db/schema';
import { pause, runTask, type TaskContext } from './runTask';

/** How a chain ended: ok, or failed with the reason (a failure the chain went on after is kept too). */
export interface ChainResult {
  result: 'ok' | 'failed';
  error: string | null;
}

/**
 * Runs a schedule's tasks in order, each after its delay, pushing each one's outcome to
 * `outcomes`. A failed task stops the chain (the rest are skipped) unless it may be gone past.
 */
export async function runChain(ctx: TaskContext, tasks: ScheduleTaskRow[], outcomes: ScheduleRunTaskOutcome[]): Promise<ChainResult> {
  let result: ChainResult['result'] = 'ok';
  let error: string | null = null;
  for (const task of tasks) {
    if (result === 'failed') {
      outcomes.push({ task: task.uuid, action: task.action, payload: task.payload, result: 'skipped', output: '', error: null });
      continue;
    }
    try {
      if (task.delaySeconds > 0) await pause(task.delaySeconds * 1000, ctx.signal);
      // The server row may have changed (suspended) since the run began.
      const [fresh] = await ctx.db.select().from(servers).where(eq(servers.id, ctx.server.id));
      const outcome = await runTask({ ...ctx, server: fresh ?? ctx.server }, task);
      outcomes.push(outcome);
      if (outcome.result === 'failed' && !task.continueOnFailure) {
        result = 'failed';
        error = `Task ${task.sequence} (${task.action}) failed: ${outcome.error ?? ''}`.trim();
      } else if (outcome.result === 'failed' && error === null) {
        error = `Task ${task.sequence} (${task.action}) failed and the chain went on: ${outcome.error ?? ''}`.trim();
      }
    } catch (stopped) {
      outcomes.push({ task: task.uuid, action: task.action, payload: task.payload, result: 'failed', output: '', error: (stopped as Error).message });
      result = 'failed';
      error = (stopped as Error).message;
    }
  }
  return { result, error };
}
