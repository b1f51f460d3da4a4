import type { LoggedAction } from './redact';

/** Names the file format; a file without it is not an action log of this panel. */
export const ACTION_LOG_FORMAT = 'game-panel-action-log';
/** The format version this build writes and reads. */
export const ACTION_LOG_VERSION = 1;
/** The largest file the replay accepts (the ring keeps 10 MB of actions plus two states). */
export const MAX_ACTION_LOG_BYTES = 32 * 1024 * 1024;
/** Bounds of the recording: the last 5,000 actions or 10 MB of them, whichever comes first. */
export const RECORDING_LIMITS = { maxActions: 5000, maxBytes: 10 * 1024 * 1024 } as const;
/**
 * The items kept of each array in a request's logged answer: copying, measuring and storing a
 * listing of 10,000 files (2.4 MB) on every answer would slow the page showing it and push the
 * rest of the recording out of its 10 MB.
 */
export const MAX_LOGGED_ITEMS = 500;

/**
 * Logged when the page was loaded again within the tab: the panel started over from the state in
 * the payload, so replay replaces its state with it.
 */
export const PAGE_LOADED = 'support/pageLoaded';
/** Logged when the panel's address changes (the router does not go through the store otherwise). */
export const LOCATION_CHANGED = 'router/locationChanged';

/**
 * An exported action log. `payload` (the actions) and `preloadedState` (the starting state) are
 * JSON texts, which is what Redux DevTools' "Import" expects; the other fields describe the
 * recording for people.
 */
export interface ActionLogFile {
  format: typeof ACTION_LOG_FORMAT;
  version: number;
  buildId: string;
  exportedAt: string;
  browser: string;
  locale: string;
  theme: string;
  location: string;
  actionCount: number;
  /** When each action was dispatched (ms since 1970), in the order of `payload`. */
  times: number[];
  preloadedState: string;
  payload: string;
}

/** A checked, parsed action log, ready to replay. */
export interface ActionLog {
  meta: Omit<ActionLogFile, 'preloadedState' | 'payload' | 'times'>;
  startState: Record<string, unknown>;
  actions: LoggedAction[];
  times: number[];
}
