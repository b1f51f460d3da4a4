import { ACTION_LOG_FORMAT, ACTION_LOG_VERSION, MAX_ACTION_LOG_BYTES, type ActionLog, type ActionLogFile } from './actionLogFormat';
import type { LoggedAction } from './redact';

/** Why a file cannot be replayed. */
export type ActionLogProblem = 'tooLarge' | 'notJson' | 'notActionLog' | 'version' | 'damaged';

/** A file that cannot be replayed, with a message for people and a code for translations. */
export class ActionLogError extends Error {
  constructor(
    readonly problem: ActionLogProblem,
    message: string,
  ) {
    super(message);
    this.name = 'ActionLogError';
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function damaged(detail: string): never {
  throw new ActionLogError('damaged', `The action log is damaged: ${detail}.`);
}

function parseJson(text: unknown, what: string): unknown {
  if (typeof text !== 'string') damaged(`${what} is missing`);
  try {
    return JSON.parse(text);
  } catch {
    return damaged(`${what} is not valid JSON`);
  }
}

const metaStrings = ['buildId', 'exportedAt', 'browser', 'locale', 'theme', 'location'] as const;

/**
 * Reads an exported action log, refusing files that are too large, not JSON, not an action log,
 * of another format version, or damaged (fields missing or of the wrong kind, counts that do not
 * match). Nothing in the file is executed; it only ever becomes plain data for the reducers.
 */
export function parseActionLog(text: string): ActionLog {
  if (text.length > MAX_ACTION_LOG_BYTES) {
    throw new ActionLogError('tooLarge', `The file is larger than ${Math.round(MAX_ACTION_LOG_BYTES / 1024 / 1024)} MB; an action log is never that large.`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ActionLogError('notJson', 'The file is not JSON, so it is not an action log.');
  }
  if (!isObject(raw) || raw.format !== ACTION_LOG_FORMAT) throw new ActionLogError('notActionLog', 'The file is not an action log of this panel.');
  if (raw.version !== ACTION_LOG_VERSION) {
    throw new ActionLogError('version', `The action log has format version ${String(raw.version)}; this panel reads version ${ACTION_LOG_VERSION}.`);
  }
  const file = raw as Partial<ActionLogFile>;
  for (const key of metaStrings) if (typeof file[key] !== 'string') damaged(`"${key}" is missing`);
  const startState = parseJson(file.preloadedState, 'the starting state');
  if (!isObject(startState)) damaged('the starting state is not an object');
  const actions = parseJson(file.payload, 'the action list');
  if (!Array.isArray(actions)) damaged('the action list is not a list');
  actions.forEach((action, index) => {
    if (!isObject(action) || typeof action.type !== 'string' || action.type === '') damaged(`action ${index + 1} has no type`);
  });
  const times = file.times;
  if (!Array.isArray(times) || times.length !== actions.length || times.some((time) => typeof time !== 'number' || !Number.isFinite(time))) {
    damaged('the action times do not match the actions');
  }
  if (file.actionCount !== actions.length) damaged(`it announces ${String(file.actionCount)} actions but holds ${actions.length}`);
  const meta = Object.fromEntries([...metaStrings.map((key) => [key, file[key]]), ['format', ACTION_LOG_FORMAT], ['version', ACTION_LOG_VERSION], ['actionCount', actions.length]]);
  return { meta: meta as ActionLog['meta'], startState, actions: actions as LoggedAction[], times };
}
