import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { ActionRing, type RingEntry, type RingLimits } from './ActionRing';
import { MAX_LOGGED_ITEMS, PAGE_LOADED, RECORDING_LIMITS } from './actionLogFormat';
import { clearStoredRecording, loadFirstStoredAction, loadStoredIndex, loadStoredRecording, newPageKey, savePageRecording } from './logStorage';
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

/**
 * Actions waiting for their redacted copy: at most `maxActions` (more are copied at once, which
 * bounds what the wait holds), copied once the page is idle or after `maxWaitMs` at the latest.
 */
const DEFERRED_LIMITS = { maxActions: 200, maxWaitMs: 3000 } as const;

/** An action not yet copied: what makes its redacted copy, when, and the state before it. */
interface DeferredEntry {
  log: () => LoggedAction;
  at: number;
  before?: State;
}

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
 * Records every plain action with its time into a bounded ring, plus the state the recording
 * starts from. The work per action is a redacted copy and its length (long lists in answers cut to
 * their first {@link MAX_LOGGED_ITEMS} items, which bounds both). That work waits for the page to
 * be idle (see {@link DEFERRED_LIMITS}): a page starting dispatches dozens of actions while it
 * renders, and copying each one then would delay what it shows. Only redacted copies enter the
 * ring; the recording is brought up to date before anyone reads it or it is stored. Nothing is
 * written to storage until the page is hidden or left, and then only this page's actions (see
 * savePageRecording).
 */
export function createRecorderMiddleware({ reduce, persist = false, limits = RECORDING_LIMITS, now = Date.now }: RecorderOptions): Middleware {
  return (api) => {
    const ring = new ActionRing<LoggedAction, State>(api.getState() as State, limits, reduce);
    let off = false;
    // Earlier pages of the tab as stored: their index at once (small), their actions (up to 10 MB
    // of JSON) only when first needed or once the page is idle, so that reading them never delays
    // the page's start. Only the index is kept here: the actions live in the ring, which bounds
    // them. The ring's newest `pageEntries` entries are this page's.
    let stored = persist ? loadStoredIndex() : null;
    let restorePending = stored !== null;
    const pageKey = newPageKey();
    let pageEntries = 0;
    let deferred: DeferredEntry[] = [];
    let copyScheduled = false;
    /**
     * Puts the waiting actions' redacted copies into the ring, oldest first: all of them, or while
     * the idle period `deadline` lasts (the others wait for the next one).
     */
    const copyDeferred = (deadline?: IdleDeadline) => {
      let copied = 0;
      while (copied < deferred.length && (!deadline || deadline.didTimeout || deadline.timeRemaining() > 0)) {
        const { log, at, before } = deferred[copied];
        const action = log();
        ring.push({ action, at, size: JSON.stringify(action).length, before });
        pageEntries += 1;
        copied += 1;
      }
      deferred = copied === deferred.length ? [] : deferred.slice(copied);
      if (deferred.length > 0) scheduleCopy();
    };
    const scheduleCopy = () => {
      if (copyScheduled) return;
      copyScheduled = true;
      const run = (deadline?: IdleDeadline) => {
        copyScheduled = false;
        copyDeferred(deadline);
      };
      if (typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: DEFERRED_LIMITS.maxWaitMs });
      else setTimeout(run, 0);
    };
    const record = (entry: DeferredEntry) => {
      deferred.push(entry);
      if (deferred.length >= DEFERRED_LIMITS.maxActions) copyDeferred();
      else scheduleCopy();
    };
    if (stored) {
      // This page's load, with the state it starts from (replay starts over from it).
      const state = api.getState();
      record({ log: () => ({ type: PAGE_LOADED, payload: { state: redactState(state) } }), at: now() });
    }
    // Brings the ring up to date (this page's waiting actions), then puts the earlier pages' actions before this page's.
    const restoreEarlierPages = () => {
      copyDeferred();
      if (!restorePending) return;
      restorePending = false;
      const restored = loadStoredRecording(pageKey);
      if (!restored || restored.actions.length === 0) {
        stored = null;
        return;
      }
      stored = { start: restored.start, pages: restored.pages };
      const ofThisPage = ring.toArray();
      ring.reset(restored.start);
      for (const { action, at, size } of restored.actions) ring.push({ action, at, size });
      for (const entry of ofThisPage) ring.push(entry);
    };
    const startNewRecording = (state: State) => {
      deferred = [];
      ring.reset(state);
      stored = null;
      restorePending = false;
      pageEntries = 0;
    };
    const snapshot = (): Recording => {
      restoreEarlierPages();
      return { startState: ring.startState, entries: ring.toArray(), bytes: ring.totalBytes };
    };
    if (persist && typeof window !== 'undefined') {
      const save = () => {
        if (off) return;
        copyDeferred();
        const entries = ring.toArray();
        const ofThisPage = entries.slice(Math.max(0, entries.length - pageEntries));
        if (ofThisPage.length === 0) return;
        // Read only when the oldest parts go over the bound.
        const firstState = (key: string): State | undefined => {
          const first = loadFirstStoredAction(key)?.action;
          return first?.type === PAGE_LOADED ? ((first.payload as { state?: State } | undefined)?.state ?? undefined) : undefined;
        };
        const kept = savePageRecording(
          {
            pages: stored?.pages ?? [],
            // A recording kept whole starts where it started; one whose oldest pages went starts
            // with the first kept page's load (its marker replaces the state anyway). Without
            // earlier pages, this page's part starts at the ring's start.
            startBefore: (firstKey) => (stored && firstKey === stored.pages[0]?.key ? stored.start : (firstState(firstKey) ?? (firstKey === pageKey ? redactState(ring.startState) : {}))),
          },
          { key: pageKey, actions: ofThisPage.map(({ action, at, size }) => ({ action, at, size })) },
          limits.maxBytes,
        );
        if (stored) stored = { ...stored, pages: kept.filter((page) => page.key !== pageKey) };
      };
      window.addEventListener('pagehide', save);
      document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && save());
      if (restorePending) {
        // Read while the page is idle (or soon after its start where idle periods are not reported).
        if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(restoreEarlierPages, { timeout: 10_000 });
        else setTimeout(restoreEarlierPages, 2000);
      }
    }

    return (next) => (action) => {
      const candidate = action as UnknownAction;
      if (candidate?.type === RECORDING_REQUESTED) return off ? null : snapshot();
      if (typeof candidate !== 'object' || candidate === null || typeof candidate.type !== 'string' || persistInternalActions.has(candidate.type)) return next(action);
      const before = api.getState() as State;
      if (isRecordingOff(before)) {
        if (!off) {
          off = true;
          startNewRecording(before);
          if (persist) clearStoredRecording();
        }
        const result = next(action);
        // The action that turns recording back on starts an empty recording at once, so the
        // dialog that offers the switch has a (fresh) log to show right away.
        if (!isRecordingOff(api.getState())) {
          off = false;
          startNewRecording(api.getState() as State);
        }
        return result;
      }
      if (off) {
        off = false;
        startNewRecording(before);
      }
      const result = next(action);
      record({ log: () => redactAction(candidate, MAX_LOGGED_ITEMS), at: now(), before });
      return result;
    };
  };
}
