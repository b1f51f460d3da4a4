import { createAction, createSlice } from '@reduxjs/toolkit';

export interface AppState {
  /** Set once the first attempt to load the current user has finished, whatever its outcome. */
  initialised: boolean;
  /** Requests running now; drives the global progress bar. Never below 0. */
  loaders: number;
}

const initialState: AppState = { initialised: false, loaders: 0 };

/** The router finished resolving the first location; the session is loaded in response. */
export const firstNavigation = createAction('app/firstNavigation');

/** Application-wide state that belongs to no feature. */
export const appSlice = createSlice({
  name: 'app',
  initialState,
  reducers: {
    initialised(state) {
      state.initialised = true;
    },
    loaderStarted(state) {
      state.loaders += 1;
    },
    loaderFinished(state) {
      state.loaders = Math.max(0, state.loaders - 1);
    },
  },
  selectors: {
    selectInitialised: (state) => state.initialised,
    selectLoaders: (state) => state.loaders,
    selectIsLoading: (state) => state.loaders > 0,
  },
});

export const { initialised, loaderStarted, loaderFinished } = appSlice.actions;
export const { selectInitialised, selectLoaders, selectIsLoading } = appSlice.selectors;
