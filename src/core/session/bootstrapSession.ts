import { authApi } from '../../api/auth';
import { getStoredToken } from '../../api/accessToken';
import type { AppDispatch, AppThunk } from '../../app/hooks';
import { authenticated, currentUserLoadFailed, selectSessionStatus } from './sessionSlice';

async function loadCurrentUser(dispatch: AppDispatch) {
  const result = await dispatch(authApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false, forceRefetch: true }));
  return result.data?.data.user ?? null;
}

/**
 * Loads the current user while the session is still unknown (the app runs it at the first
 * navigation). Success authenticates the session; any failure is silently ignored and leaves the
 * visitor anonymous. Without a stored token there is nobody to load: the server can only answer
 * 401, so no request is made (it would only put a failed request in the browser console).
 */
export function bootstrapSession(): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    if (selectSessionStatus(getState()) !== 'unknown') return;
    const user = getStoredToken() ? await loadCurrentUser(dispatch as AppDispatch) : null;
    dispatch(user ? authenticated(user) : currentUserLoadFailed());
  };
}
