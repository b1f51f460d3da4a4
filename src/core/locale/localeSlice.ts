import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_LOCALE, directionOf, isSupportedLocale, type Language, type TextDirection } from '../../i18n/languages';
import { getStoredLocale } from '../../i18n/localeStorage';

export interface LocaleState {
  /** The interface language in use. */
  code: string;
  /** The translation service's list, as it sent it. */
  languages: Language[];
  direction: TextDirection;
}

function initialState(): LocaleState {
  const code = getStoredLocale() ?? DEFAULT_LOCALE;
  return { code, languages: [], direction: directionOf(code) };
}

/**
 * The interface language. Only languages the translation service offers can be chosen; a
 * change to any other code leaves the state as it is (a listener warns in the console).
 */
export const localeSlice = createSlice({
  name: 'locale',
  initialState,
  reducers: {
    changed(state, action: PayloadAction<string>) {
      const code = action.payload;
      if (!isSupportedLocale(state.languages, code)) return;
      state.code = code;
      state.direction = directionOf(code);
    },
    /** The service's list arrived. A stored language it does not offer gives way to the default. */
    languagesLoaded(state, action: PayloadAction<Language[]>) {
      state.languages = action.payload;
      if (!isSupportedLocale(state.languages, state.code)) {
        state.code = DEFAULT_LOCALE;
        state.direction = directionOf(DEFAULT_LOCALE);
      }
    },
    /** The list could not be loaded: nothing but the default language can be trusted. */
    languageListFailed(state) {
      state.code = DEFAULT_LOCALE;
      state.direction = directionOf(DEFAULT_LOCALE);
    },
  },
  selectors: {
    selectLocale: (state) => state.code,
    selectDirection: (state) => state.direction,
    selectAllLanguages: (state) => state.languages,
  },
});

export const { changed: localeChanged, languagesLoaded, languageListFailed } = localeSlice.actions;
export const { selectLocale, selectDirection, selectAllLanguages } = localeSlice.selectors;

/** The languages offered to the user (showInSelect), in the service's order. */
export const selectLanguages = createSelector([selectAllLanguages], (languages) => languages.filter((language) => language.showInSelect));
