import i18next, { type i18n as I18n } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE } from './languages';
import { translationLoadPath } from './translationUrls';

/** The panel's i18next instance. Outside React use {@link translate}. */
export const i18n: I18n = i18next.createInstance();

export interface StartI18nOptions {
  /** The language to show (already checked against the supported list). */
  lng: string;
  /** Codes that may be loaded: the offered languages plus the default. */
  supportedLngs: string[];
  /** Fetches the dictionaries: the panel's fetch, which takes the answers the entry asked for early. */
  fetch?: typeof fetch;
}

/**
 * Starts i18next with the translation service as its backend. Resolves when the language (and
 * the English fallback) are loaded, so the first render already speaks the user's language.
 */
export async function startI18n({ lng, supportedLngs, fetch: fetchFn }: StartI18nOptions): Promise<void> {
  await i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: DEFAULT_LOCALE,
      // i18next refuses to load anything else, even if asked to.
      supportedLngs: [...new Set([DEFAULT_LOCALE, ...supportedLngs])],
      nonExplicitSupportedLngs: false,
      load: 'currentOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      // alternateFetch is used when it takes the URL and the options (its length says so).
      backend: { loadPath: translationLoadPath, ...(fetchFn ? { alternateFetch: (url: string, options: RequestInit) => fetchFn(url, options) } : {}) },
      // React escapes already.
      interpolation: { escapeValue: false },
      returnNull: false,
      // Every t() call carries its English default, so nothing needs to suspend while loading.
      react: { useSuspense: false },
    });
}

/**
 * Translates outside React (listeners, thunks). Before i18next has started (and in unit tests
 * of the store) it answers with the English default.
 */
export function translate(key: string, defaultValue: string, values: Record<string, string> = {}): string {
  // i18n-ignore: the keys are the literal arguments of each translate() call, extracted there.
  if (i18n.isInitialized) return i18n.t(key, { defaultValue, ...values });
  return defaultValue.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}
