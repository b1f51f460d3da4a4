import { initReactI18next } from 'react-i18next';
import en from '../../server/translations/en.json';
import { i18n } from '../../src/i18n/i18n';

/**
 * Starts the app's i18next instance for tests: English, with the dictionary of the translation
 * service loaded synchronously from server/translations/en.json (no backend, no network).
 */
export function initTestI18n(): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      lng: 'en',
      fallbackLng: 'en',
      resources: { en: { translation: en } },
      initAsync: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  }
  return i18n;
}
