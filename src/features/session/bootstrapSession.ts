import { authApi } from '../../api/auth';
import { getStoredToken } from '../../api/accessToken';
import type { AppThunk } from '../../app/store';
import { initialised, selectInitialised } from '../app/appSlice';
import { authenticated, currentUserLoadFailed } from './sessionSlice';

/**
 * Loads the current user once, at the first navigation. Success authenticates the session; any
 * failure is silently ignored and leaves the visitor anonymous. Either way the app is then
 * initialised. Without a stored token there is nobody to load: the server can only answer 401,
 * so no request is made (it would only put a failed request in the browser console).
 */
export function bootstrapSession(): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    if (selectInitialised(getState())) return;
    const user = getStoredToken() ? await loadCurrentUser(dispatch) : null;
    dispatch(user ? authenticated(user) : currentUserLoadFailed());
    dispatch(initialised());
  };
}

async function loadCurrentUser(dispatch: Parameters<AppThunk>[0]) {
  const result = await dispatch(authApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false, forceRefetch: true }));
  return result.data?.data.user ?? null;
}
