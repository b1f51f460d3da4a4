/** One entry of the translation service's language list. */
export interface Language {
  code: string;
  showInSelect: boolean;
}

/** The default language, and the one every missing text falls back to. */
export const DEFAULT_LOCALE = 'en';

/** Languages written right to left. */
export const RTL_LOCALES: readonly string[] = ['ar', 'fa', 'he'];

export type TextDirection = 'ltr' | 'rtl';

/** Text direction of a language code (`ar-EG` is as right-to-left as `ar`). */
export function directionOf(code: string): TextDirection {
  return RTL_LOCALES.includes(code.toLowerCase().split(/[-_]/)[0]) ? 'rtl' : 'ltr';
}

/**
 * Whether a language may be loaded: it must be offered (showInSelect) in the service's list.
 * The default language is always allowed, since it is also the fallback.
 */
export function isSupportedLocale(languages: readonly Language[], code: string): boolean {
  return code === DEFAULT_LOCALE || languages.some((language) => language.showInSelect && language.code === code);
}
