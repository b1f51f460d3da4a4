import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { LOCATION_CHANGED } from './actionLogFormat';

export interface RouterState {
  /** The address shown (path, query and hash); null before the first navigation. */
  location: string | null;
}

const initialState: RouterState = { location: null };

/** The panel's current address, so a recorded log knows which screen the user was on. */
export const routerSlice = createSlice({
  name: 'router',
  initialState,
  reducers: {
    locationChanged(state, action: PayloadAction<string>) {
      if (typeof action.payload === 'string') state.location = action.payload;
    },
  },
  selectors: {
    selectRouterLocation: (state) => state.location,
  },
});

export const { locationChanged } = routerSlice.actions;
export const { selectRouterLocation } = routerSlice.selectors;

// The action type is part of the log format.
if (locationChanged.type !== LOCATION_CHANGED) throw new Error('router/locationChanged renamed');
