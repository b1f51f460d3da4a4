/**
 * `npm run replay -- FILE [--at N]`: replays an exported action log in Node with the panel's own
 * reducers and prints the address, the number of actions and the final state (or the state after
 * the first N actions). Exits with 1 and a clear message on a file it cannot replay.
 */
import { readFileSync, statSync } from 'node:fs';
import { MAX_ACTION_LOG_BYTES } from '../src/features/support/actionLogFormat';
import { ActionLogError, parseActionLog } from '../src/features/support/parseActionLog';
import { ReplayTimeline } from '../src/features/support/replayTimeline';
import { replayReducer } from '../src/app/replay/replayReducer';

/** The command line: the file and the optional step. */
export function parseArguments(argv: string[]): { file: string; at: number | null } {
  const rest = [...argv];
  let at: number | null = null;
  const atIndex = rest.findIndex((arg) => arg === '--at' || arg.startsWith('--at='));
  if (atIndex >= 0) {
    const raw = rest[atIndex].includes('=') ? rest[atIndex].split('=')[1] : rest[atIndex + 1];
    rest.splice(atIndex, rest[atIndex].includes('=') ? 1 : 2);
    at = Number(raw);
    if (!Number.isInteger(at) || at < 0) throw new Error(`--at needs a whole number of actions, not "${raw ?? ''}".`);
  }
  if (rest.length !== 1) throw new Error('Usage: npm run replay -- FILE [--at N]');
  return { file: rest[0], at };
}

/** Replays the file and returns the report to print. */
export function replayFile(file: string, at: number | null): string {
  if (statSync(file).size > MAX_ACTION_LOG_BYTES) throw new ActionLogError('tooLarge', `${file} is too large to be an action log.`);
  const timeline = new ReplayTimeline(parseActionLog(readFileSync(file, 'utf8')), replayReducer);
  if (at !== null && at > timeline.length) throw new Error(`--at ${at} is past the end: the log has ${timeline.length} actions.`);
  const step = at ?? timeline.length;
  const { meta } = timeline.log;
  return [
    `Action log of build ${meta.buildId}, exported ${meta.exportedAt} (${meta.locale}, ${meta.theme})`,
    `Actions: ${timeline.length}`,
    `Step: ${step}${step > 0 ? ` (${timeline.actionAt(step)?.type})` : ' (starting state)'}`,
    `Route: ${timeline.locationAt(step)}`,
    `State:`,
    JSON.stringify(timeline.stateAt(step), null, 2),
  ].join('\n');
}

function main(): void {
  try {
    const { file, at } = parseArguments(process.argv.slice(2));
    console.log(replayFile(file, at));
  } catch (error) {
    console.error(`Cannot replay: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}

if (require.main === module) main();
