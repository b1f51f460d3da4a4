import { authApi } from '../../api/auth';
import { getStoredToken } from '../../api/accessToken';
import type { User } from '../../api/generated/auth.gen';
import type { AppDispatch, AppThunk } from '../../app/hooks';
import { authenticated, currentUserLoadFailed, selectSessionStatus } from './sessionSlice';

async function loadCurrentUser(dispatch: AppDispatch) {
  const result = await dispatch(authApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false, forceRefetch: true }));
  return result.data?.data.user ?? null;
}

/**
 * The current user asked for at start-up, per store (keyed by its getState, which every thunk of
 * the store receives), until the first navigation takes the answer.
 */
const askedAtStartUp = new WeakMap<() => unknown, Promise<User | null>>();

/**
 * Asks for the current user as the panel starts, before anything renders, so the answer travels
 * beside the page's code and the dictionary instead of after the first render. The session stays
 * unknown: only the first navigation (bootstrapSession) turns the answer into a session. Without
 * a stored token there is nobody to ask for. Resolves when the answer is there.
 */
export function askForCurrentUserAtStartUp(): AppThunk<Promise<unknown>> {
  return (dispatch, getState) => {
    if (!getStoredToken()) return Promise.resolve();
    const asked = askedAtStartUp.get(getState) ?? loadCurrentUser(dispatch as AppDispatch);
    askedAtStartUp.set(getState, asked);
    return asked;
  };
}

/**
 * Loads the current user while the session is still unknown (the app runs it at the first
 * navigation), taking the answer of the start-up request when there was one. Success
 * authenticates the session; any failure is silently ignored and leaves the visitor anonymous.
 * Without a stored token there is nobody to load: the server can only answer 401, so no request
 * is made (it would only put a failed request in the browser console).
 */
export function bootstrapSession(): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    if (selectSessionStatus(getState()) !== 'unknown') return;
    const asked = askedAtStartUp.get(getState);
    askedAtStartUp.delete(getState);
    const user = getStoredToken() ? await (asked ?? loadCurrentUser(dispatch as AppDispatch)) : null;
    dispatch(user ? authenticated(user) : currentUserLoadFailed());
  };
}
