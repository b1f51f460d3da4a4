import { isAnyOf } from '@reduxjs/toolkit';
import type { accountApi } from '../../api/account';
import { isHttpApiError } from '../../api/apiError';
import { isApiRequestFailed, isEndpointRequestSucceeded } from '../../api/apiMatchers';
import { authApi } from '../../api/auth';
import { socialLoginApi } from '../../api/socialLogin';
import { baseApi } from '../../api/baseApi';
import type { AppStartListening } from '../../app/hooks';
import { authenticated, expired, loggedOut, selectIsAuthenticated, tokenReceived, userUpdated } from './sessionSlice';
import { clearStoredToken, getStoredToken, storeToken } from './tokenStorage';
import { apiBaseUrl } from '../../api/baseQuery';
import { XSRF_HEADER, readXsrfToken } from '../../api/xsrfToken';

/**
 * Ends a replaced session on the server (best effort). Sent with that session's own token, not
 * through the logout endpoint's listeners, which would end the new session here.
 */
async function endReplacedSession(token: string): Promise<void> {
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  const xsrf = readXsrfToken();
  if (xsrf) headers[XSRF_HEADER] = xsrf;
  await fetch(`${apiBaseUrl}/auth/logout`, { method: 'POST', credentials: 'include', headers }).catch(() => undefined);
}

const completedLogin = isAnyOf(
  authApi.endpoints.login.matchFulfilled,
  authApi.endpoints.register.matchFulfilled,
  authApi.endpoints.loginCheckpoint.matchFulfilled,
  authApi.endpoints.exchangeLoginToken.matchFulfilled,
  authApi.endpoints.loginWithPasskey.matchFulfilled,
  authApi.endpoints.passkeyCheckpoint.matchFulfilled,
  socialLoginApi.endpoints.finishOAuthLogin.matchFulfilled,
);

/*
 * The account page's endpoints are matched by their names: their code (api/account) loads with
 * that page instead of with the start-up code every visitor loads, the log-in page's included.
 */
type AccountEndpoints = (typeof accountApi)['endpoints'];

/** Succeeded requests of the named account endpoints, typed with their answer. */
function accountAnswered<Name extends keyof AccountEndpoints>(...names: Name[]) {
  return isEndpointRequestSucceeded<AccountEndpoints[Name]['Types']['ResultType']>(names);
}

const answeredWithUser = isAnyOf(accountAnswered('updateAccount', 'updateAccountEmail', 'updateAccountPassword'), authApi.endpoints.getCurrentUser.matchFulfilled);

const changedTwoFactor = accountAnswered('enableTwoFactor', 'disableTwoFactor');

const loggedOutOnServer = isAnyOf(authApi.endpoints.logout.matchFulfilled, authApi.endpoints.logout.matchRejected);

/** The session's side effects: token storage, logins, logouts and user updates. */
export function addSessionListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: tokenReceived,
    effect: (action) => storeToken(action.payload),
  });

  // A complete login (or sign-up) carries the token and the user: the session starts at once.
  // A login that needs the two-factor step (complete: false) changes nothing yet. A login that
  // replaces a session (a login link opened while logged in) happens only once the new one is
  // granted: then the previous session ends on the server and its cached answers go.
  startListening({
    matcher: completedLogin,
    effect: (action, { dispatch, getState }) => {
      const answer = action.payload.data;
      if (!answer.complete) return;
      const previous = selectIsAuthenticated(getState()) ? getStoredToken() : null;
      if (previous && previous !== answer.token) {
        dispatch(baseApi.util.resetApiState());
        void endReplacedSession(previous);
      }
      dispatch(tokenReceived(answer.token));
      dispatch(authenticated(answer.user));
    },
  });

  // Forget the token and every cached answer, which belonged to the previous user.
  startListening({
    matcher: isAnyOf(loggedOut, expired),
    effect: (_action, { dispatch }) => {
      clearStoredToken();
      dispatch(baseApi.util.resetApiState());
    },
  });

  // Once the server has been told (or could not be reached), the user is logged out here too.
  startListening({
    matcher: loggedOutOnServer,
    effect: (_action, { dispatch, getState }) => {
      if (selectIsAuthenticated(getState())) dispatch(loggedOut());
    },
  });

  // A 401 while logged in: the token was revoked or expired elsewhere.
  startListening({
    predicate: (action, state) => isApiRequestFailed(action) && selectIsAuthenticated(state),
    effect: (action, { dispatch }) => {
      if (isApiRequestFailed(action) && isHttpApiError(action.payload) && action.payload.status === 401) dispatch(expired());
    },
  });

  startListening({
    matcher: answeredWithUser,
    effect: (action, { dispatch, getState }) => {
      if (selectIsAuthenticated(getState())) dispatch(userUpdated(action.payload.data.user));
    },
  });

  startListening({
    matcher: changedTwoFactor,
    effect: async (_action, { dispatch }) => {
      await dispatch(authApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false, forceRefetch: true }));
    },
  });
}
