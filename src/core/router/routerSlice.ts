import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

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
