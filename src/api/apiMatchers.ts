import type { UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from './baseApi';

/** The lifecycle actions of RTK Query's request thunks (queries and mutations alike). */
interface ApiThunkAction extends UnknownAction {
  type: string;
  payload?: unknown;
  meta?: { requestId?: string; condition?: boolean; rejectedWithValue?: boolean };
}

const prefix = `${baseApi.reducerPath}/`;

function isApiThunkAction(action: unknown, phase: 'pending' | 'fulfilled' | 'rejected'): action is ApiThunkAction {
  if (typeof action !== 'object' || action === null) return false;
  const { type } = action as { type?: unknown };
  return typeof type === 'string' && type.startsWith(prefix) && type.endsWith(`/${phase}`);
}

/** A request of any endpoint has started. */
export function isApiRequestStarted(action: unknown): action is ApiThunkAction {
  return isApiThunkAction(action, 'pending');
}

/** A request of any endpoint has succeeded. */
export function isApiRequestSucceeded(action: unknown): action is ApiThunkAction {
  return isApiThunkAction(action, 'fulfilled');
}

/**
 * A request of any endpoint has failed. Requests RTK Query skipped (already cached or already
 * running) are also dispatched as `rejected` with `meta.condition`, without a `pending` before
 * them: they are not failures and are excluded.
 */
export function isApiRequestFailed(action: unknown): action is ApiThunkAction & { payload: unknown } {
  return isApiThunkAction(action, 'rejected') && action.meta?.condition !== true;
}

/** A request that had started has now finished, either way. */
export function isApiRequestSettled(action: unknown): action is ApiThunkAction {
  return isApiRequestSucceeded(action) || isApiRequestFailed(action);
}

/**
 * A request of one of the named endpoints has succeeded, matched by name, so a listener that
 * always runs need not load the endpoints' code (an area's endpoints load with its pages).
 * `Result` is the answer the endpoints share.
 */
export function isEndpointRequestSucceeded<Result>(endpointNames: readonly string[]): (action: unknown) => action is ApiThunkAction & { payload: Result } {
  const names = new Set(endpointNames);
  return (action: unknown): action is ApiThunkAction & { payload: Result } => {
    if (!isApiRequestSucceeded(action)) return false;
    const endpointName = (action.meta as { arg?: { endpointName?: unknown } } | undefined)?.arg?.endpointName;
    return typeof endpointName === 'string' && names.has(endpointName);
  };
}
