import i18next, { type i18n as I18n } from 'i18next';

/**
 * What the panel speaks before the translation service has answered: the English texts written
 * in the code (every t() call carries its English default), with i18next's interpolation and
 * plurals. Started synchronously and without a backend, so the panel can render at once while
 * the language list and the dictionary load; it never loads anything.
 */
export const englishDefaults: I18n = i18next.createInstance();

void englishDefaults.init({
  lng: 'en',
  fallbackLng: false,
  resources: { en: { translation: {} } },
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
});
