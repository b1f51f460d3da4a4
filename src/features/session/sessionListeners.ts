import { isAnyOf } from '@reduxjs/toolkit';
import { accountApi } from '../../api/account';
import { isHttpApiError } from '../../api/apiError';
import { isApiRequestFailed } from '../../api/apiMatchers';
import { authApi } from '../../api/auth';
import { baseApi } from '../../api/baseApi';
import type { AppStartListening } from '../../app/listenerMiddleware';
import { authenticated, expired, loggedOut, selectIsAuthenticated, tokenReceived, userUpdated } from './sessionSlice';
import { clearStoredToken, storeToken } from './tokenStorage';

const completedLogin = isAnyOf(
  authApi.endpoints.login.matchFulfilled,
  authApi.endpoints.register.matchFulfilled,
  authApi.endpoints.loginCheckpoint.matchFulfilled,
  authApi.endpoints.exchangeLoginToken.matchFulfilled,
);

const answeredWithUser = isAnyOf(
  accountApi.endpoints.updateAccount.matchFulfilled,
  accountApi.endpoints.updateAccountEmail.matchFulfilled,
  accountApi.endpoints.updateAccountPassword.matchFulfilled,
  authApi.endpoints.getCurrentUser.matchFulfilled,
);

const changedTwoFactor = isAnyOf(accountApi.endpoints.enableTwoFactor.matchFulfilled, accountApi.endpoints.disableTwoFactor.matchFulfilled);

const loggedOutOnServer = isAnyOf(authApi.endpoints.logout.matchFulfilled, authApi.endpoints.logout.matchRejected);

/** The session's side effects: token storage, logins, logouts and user updates. */
export function addSessionListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: tokenReceived,
    effect: (action) => storeToken(action.payload),
  });

  // A complete login (or sign-up) carries the token and the user: the session starts at once.
  // A login that needs the two-factor step (complete: false) changes nothing yet.
  startListening({
    matcher: completedLogin,
    effect: (action, { dispatch }) => {
      const answer = action.payload.data;
      if (!answer.complete) return;
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
