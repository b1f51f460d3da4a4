import type { AppStartListening } from '../../app/hooks';
import { applyDocumentLanguage } from '../../i18n/applyDocumentLanguage';
import { i18n } from '../../i18n/i18n';
import { isSupportedLocale } from '../../i18n/languages';
import { storeLocale } from '../../i18n/localeStorage';
import { localeChanged, selectAllLanguages, selectDirection } from './localeSlice';

/**
 * Carries out a language change: keeps the choice under `locale`, sets `<html lang dir>` and
 * loads the language. A code the translation service does not offer only logs a warning.
 */
export function addLocaleListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: localeChanged,
    effect: async (action, { getState }) => {
      const code = action.payload;
      const state = getState();
      if (!isSupportedLocale(selectAllLanguages(state), code)) {
        console.warn(`Unsupported locale "${code}": it is not in the list of offered languages, nothing was loaded.`);
        return;
      }
      storeLocale(code);
      applyDocumentLanguage(code, selectDirection(state));
      if (i18n.isInitialized && i18n.language !== code) await i18n.changeLanguage(code);
    },
  });
}
