import type { UnknownAction } from '@reduxjs/toolkit';
import { PAGE_LOADED } from './actionLogFormat';

type State = Record<string, unknown>;

/** redux-persist's bookkeeping actions: they carry functions and never change the panel's state. */
export const persistInternalActions: ReadonlySet<string> = new Set(['persist/PERSIST', 'persist/FLUSH', 'persist/PAUSE', 'persist/PURGE', 'persist/REGISTER']);
const REHYDRATE = 'persist/REHYDRATE';

/**
 * Turns the panel's root reducer into one that replays logged actions on plain state: a page
 * reload starts over from its logged state, restored preferences are merged in as redux-persist
 * does, and redux-persist's own bookkeeping is left alone (replaying through the persisting
 * reducer would write the customer's preferences into the reader's browser).
 */
export function createLogReducer(reducer: (state: State | undefined, action: UnknownAction) => State) {
  return function reduceLogged(state: State, action: UnknownAction): State {
    if (action.type === PAGE_LOADED) {
      const next = (action.payload as { state?: unknown } | undefined)?.state;
      return next !== null && typeof next === 'object' ? (next as State) : state;
    }
    if (persistInternalActions.has(action.type)) return state;
    if (action.type === REHYDRATE) {
      const inbound = action.payload;
      if (inbound === null || typeof inbound !== 'object') return state;
      const merged: State = { ...state };
      for (const [key, value] of Object.entries(inbound)) if (key !== '_persist' && key in state) merged[key] = value;
      return merged;
    }
    const { _persist: bookkeeping, ...slices } = state;
    const next = reducer(slices, action);
    if (next === slices) return state;
    return bookkeeping === undefined ? next : { ...next, _persist: bookkeeping };
  };
}
