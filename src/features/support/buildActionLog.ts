import { ACTION_LOG_FORMAT, ACTION_LOG_VERSION, type ActionLogFile } from './actionLogFormat';
import { redactState } from './redact';
import type { Recording } from './recorderMiddleware';

/** Who made the log: the build and the browser. */
export interface ActionLogSource {
  buildId: string;
  browser: string;
  /** When the log is exported; defaults to now. */
  exportedAt?: Date;
}

type State = Record<string, unknown>;

function field(state: State, slice: string, key: string): string {
  const value = (state[slice] as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' ? value : '';
}

function withoutBookkeeping(state: State): State {
  const { _persist: _ignored, ...slices } = state;
  return slices;
}

/**
 * The file "Report a problem" downloads: the recording (secrets removed once more, including
 * from the starting state) with the build, browser, time, language, theme and address of now.
 */
export function buildActionLog(recording: Recording, current: object, source: ActionLogSource): ActionLogFile {
  const currentState = current as State;
  const actions = recording.entries.map((entry) => entry.action);
  return {
    format: ACTION_LOG_FORMAT,
    version: ACTION_LOG_VERSION,
    buildId: source.buildId,
    exportedAt: (source.exportedAt ?? new Date()).toISOString(),
    browser: source.browser,
    locale: field(currentState, 'locale', 'code'),
    theme: field(currentState, 'theme', 'name'),
    location: field(currentState, 'router', 'location'),
    actionCount: actions.length,
    times: recording.entries.map((entry) => entry.at),
    preloadedState: JSON.stringify(redactState(withoutBookkeeping(recording.startState))),
    payload: JSON.stringify(actions),
  };
}

/** The file's text, indented so the customer can read it before sending it. */
export function actionLogText(file: ActionLogFile): string {
  return JSON.stringify(file, null, 2);
}
