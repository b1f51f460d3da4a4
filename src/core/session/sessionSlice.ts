import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '../../api/generated';

/** `unknown` until the first attempt to load the current user has finished. */
export type SessionStatus = 'unknown' | 'authenticated' | 'anonymous';

export interface SessionState {
  user: User | null;
  status: SessionStatus;
}

const initialState: SessionState = { user: null, status: 'unknown' };

/** Who is logged in. The token itself is never kept in the store, only in localStorage. */
export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    /** The current user was loaded, or a login completed. */
    authenticated(state, action: PayloadAction<User>) {
      state.user = action.payload;
      state.status = 'authenticated';
    },
    /** The server sent a newer copy of the logged-in user (account edits, refetches). */
    userUpdated(state, action: PayloadAction<User>) {
      if (state.status !== 'authenticated') return;
      // Only answers about the session carry first_session: an account edit's copy keeps it.
      const firstSession = action.payload.first_session ?? state.user?.first_session;
      state.user = firstSession === undefined ? action.payload : { ...action.payload, first_session: firstSession };
    },
    /** The user logged out; a listener forgets the stored token and the API cache. */
    loggedOut(state) {
      state.user = null;
      state.status = 'anonymous';
    },
    /** The server no longer accepts the stored token (revoked or expired elsewhere). */
    expired(state) {
      state.user = null;
      state.status = 'anonymous';
    },
    /** Loading the current user at start-up failed: the visitor is simply not logged in. */
    currentUserLoadFailed(state) {
      state.user = null;
      state.status = 'anonymous';
    },
    /**
     * A new access token arrived (login, sign-up, social login). It is stored by a listener and
     * deliberately not kept in state, so DevTools and recorded action logs never hold it.
     */
    tokenReceived: {
      reducer() {},
      prepare: (token: string) => ({ payload: token }),
    },
  },
  selectors: {
    selectCurrentUser: (state) => state.user,
    selectSessionStatus: (state) => state.status,
    selectIsAuthenticated: (state) => state.status === 'authenticated',
  },
});

export const { authenticated, userUpdated, loggedOut, expired, currentUserLoadFailed, tokenReceived } = sessionSlice.actions;
export const { selectCurrentUser, selectSessionStatus, selectIsAuthenticated } = sessionSlice.selectors;
