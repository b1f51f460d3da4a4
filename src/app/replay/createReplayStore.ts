import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { makeStore, type AppStore, type RootState } from '../store';

const REPLAY_STATE_SET = 'support/replayStateSet';

type State = Record<string, unknown>;

/** Shows `state` in a replay store. */
export const replayStateSet = (state: State): UnknownAction => ({ type: REPLAY_STATE_SET, payload: state });

/**
 * The state as the replay store starts from it: without redux-persist's bookkeeping, so the
 * persisting reducer never writes the customer's preferences into this browser.
 */
function withoutBookkeeping(state: State): State {
  const { _persist: _ignored, ...slices } = state;
  return slices;
}

/**
 * A read-only panel store showing recorded states: made by `makeStore` in replay mode (no
 * recorder, no listeners, a base query that refuses every request, so no socket ticket either),
 * then given a reducer that only accepts {@link replayStateSet}. Whatever the replayed screens
 * dispatch (queries starting, sockets connecting, clicks) changes nothing.
 */
export function createReplayStore(initial: State): AppStore {
  const store = makeStore(withoutBookkeeping(initial) as Partial<RootState>, { replay: true });
  const readOnly = (state: State | undefined, action: UnknownAction): State => (action.type === REPLAY_STATE_SET ? withoutBookkeeping(action.payload as State) : (state ?? {}));
  store.replaceReducer(readOnly as unknown as Reducer<RootState, UnknownAction, Partial<RootState>>);
  return store;
}
