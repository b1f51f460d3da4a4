import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { ActionRing, type RingEntry, type RingLimits } from './ActionRing';
import { MAX_LOGGED_ITEMS, PAGE_LOADED, RECORDING_LIMITS } from './actionLogFormat';
import { clearStoredRecording, loadStoredRecording, saveStoredRecording } from './logStorage';
import { persistInternalActions } from './logReducer';
import { redactAction, redactState, type LoggedAction } from './redact';

type State = Record<string, unknown>;

/** What the recorder holds: the state the oldest kept action started from, and the actions. */
export interface Recording {
  startState: State;
  entries: RingEntry<LoggedAction, State>[];
  bytes: number;
}

/** Settings of {@link createRecorderMiddleware}. */
export interface RecorderOptions {
  /** Applies one logged action to a state (moves the start forward when old actions are dropped). */
  reduce: (state: State, action: LoggedAction) => State;
  /** Keep the recording in the tab's sessionStorage across reloads (the app; not tests of other parts). */
  persist?: boolean;
  limits?: RingLimits;
  now?: () => number;
}

const RECORDING_REQUESTED = 'support/recordingRequested';

/** Asks the store's recorder for its recording; the recorder answers instead of passing it on. */
export const recordingRequested = (): UnknownAction => ({ type: RECORDING_REQUESTED });

/** The recording of the store behind `dispatch`, or null when it records nothing (replay stores). */
export function readRecording(dispatch: (action: UnknownAction) => unknown): Recording | null {
  const answer = dispatch(recordingRequested()) as Recording | UnknownAction;
  return answer && 'entries' in answer ? (answer as Recording) : null;
}

function isRecordingOff(state: unknown): boolean {
  return (state as { support?: { recording?: boolean } }).support?.recording === false;
}

/**
 * Records every plain action (secrets removed at once) with its time into a bounded ring, plus
 * the state the recording starts from. The work per action is a redacted copy and its length
 * (long lists in answers cut to their first {@link MAX_LOGGED_ITEMS} items, which bounds both);
 * nothing is written to storage until the page is hidden or left.
 */
export function createRecorderMiddleware({ reduce, persist = false, limits = RECORDING_LIMITS, now = Date.now }: RecorderOptions): Middleware {
  return (api) => {
    const ring = new ActionRing<LoggedAction, State>(api.getState() as State, limits, reduce);
    let off = false;
    const restored = persist ? loadStoredRecording() : null;
    if (restored && restored.actions.length > 0) {
      ring.reset(restored.start);
      for (const { action, at, size } of restored.actions) ring.push({ action, at, size });
      const marker = { type: PAGE_LOADED, payload: { state: redactState(api.getState()) } };
      ring.push({ action: marker, at: now(), size: JSON.stringify(marker).length });
    }
    const snapshot = (): Recording => ({ startState: ring.startState, entries: ring.toArray(), bytes: ring.totalBytes });
    if (persist && typeof window !== 'undefined') {
      const save = () => {
        if (!off) saveStoredRecording({ version: 1, start: redactState(ring.startState), actions: ring.toArray().map(({ action, at, size }) => ({ action, at, size })) });
      };
      window.addEventListener('pagehide', save);
      document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && save());
    }

    return (next) => (action) => {
      const candidate = action as UnknownAction;
      if (candidate?.type === RECORDING_REQUESTED) return off ? null : snapshot();
      if (typeof candidate !== 'object' || candidate === null || typeof candidate.type !== 'string' || persistInternalActions.has(candidate.type)) return next(action);
      const before = api.getState() as State;
      if (isRecordingOff(before)) {
        if (!off) {
          off = true;
          ring.reset(before);
          if (persist) clearStoredRecording();
        }
        const result = next(action);
        // The action that turns recording back on starts an empty recording at once, so the
        // dialog that offers the switch has a (fresh) log to show right away.
        if (!isRecordingOff(api.getState())) {
          off = false;
          ring.reset(api.getState() as State);
        }
        return result;
      }
      if (off) {
        off = false;
        ring.reset(before);
      }
      const result = next(action);
      const logged = redactAction(candidate, MAX_LOGGED_ITEMS);
      ring.push({ action: logged, at: now(), size: JSON.stringify(logged).length, before });
      return result;
    };
  };
}
