import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { defaultThemeName, isThemeName, type ThemeName } from '../../themes/themeNames';

export interface ThemeState {
  name: ThemeName;
}

const initialState: ThemeState = { name: defaultThemeName };

/** The panel's theme outside server pages; kept across visits by redux-persist. */
export const themeSlice = createSlice({
  name: 'theme',
  initialState,
  reducers: {
    changed(state, action: PayloadAction<ThemeName>) {
      // Names come from persisted state and recorded logs too: ignore anything that is not a theme.
      if (isThemeName(action.payload)) state.name = action.payload;
    },
  },
  selectors: {
    selectThemeName: (state) => state.name,
  },
});

export const { changed: themeChanged } = themeSlice.actions;
export const { selectThemeName } = themeSlice.selectors;
