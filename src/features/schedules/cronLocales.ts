import cronstrue from 'cronstrue';

/**
 * cronstrue's words for the panel's languages other than English (which cronstrue has built in).
 * Each locale module registers itself into cronstrue when it runs; as its own chunk, a page loads
 * only the user's language (all of them together are about 30 KB gzip).
 */
const loaders: Readonly<Record<string, () => Promise<unknown>>> = {
  ar: () => import('cronstrue/locales/ar'),
  de: () => import('cronstrue/locales/de'),
  es: () => import('cronstrue/locales/es'),
  fa: () => import('cronstrue/locales/fa'),
  fr: () => import('cronstrue/locales/fr'),
  he: () => import('cronstrue/locales/he'),
  it: () => import('cronstrue/locales/it'),
  ja: () => import('cronstrue/locales/ja'),
  nl: () => import('cronstrue/locales/nl'),
  pl: () => import('cronstrue/locales/pl'),
  pt: () => import('cronstrue/locales/pt_BR'),
  ru: () => import('cronstrue/locales/ru'),
  tr: () => import('cronstrue/locales/tr'),
  uk: () => import('cronstrue/locales/uk'),
  zh: () => import('cronstrue/locales/zh_CN'),
};

// cronstrue's locale names where they are not the panel's language code.
const LOCALE_NAMES: Readonly<Record<string, string>> = { pt: 'pt_BR', zh: 'zh_CN' };

const base = (language: string) => language.split('-')[0];

/** The name cronstrue knows the language by (English for a language it has no words for). */
export function cronLocale(language: string): string {
  const code = base(language);
  return code in loaders ? (LOCALE_NAMES[code] ?? code) : 'en';
}

/** Whether descriptions in the language can be written now: English always, the others once loaded. */
export function isCronLocaleReady(language: string): boolean {
  return cronLocale(language) in cronstrue.locales;
}

const loading = new Map<string, Promise<void>>();

/**
 * Loads cronstrue's words for the language, once. A failed load settles too (descriptions then
 * fall back to English) and is tried again next time.
 */
export function loadCronLocale(language: string): Promise<void> {
  const code = base(language);
  const load = loaders[code];
  if (!load || isCronLocaleReady(language)) return Promise.resolve();
  let pending = loading.get(code);
  if (!pending) {
    pending = load().then(
      () => undefined,
      () => void loading.delete(code),
    );
    loading.set(code, pending);
  }
  return pending;
}
