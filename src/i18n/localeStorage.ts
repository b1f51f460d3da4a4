/** The localStorage key of the interface language, exactly as the specification names it. */
export const LOCALE_KEY = 'locale';

/** The stored interface language, or null when none was chosen yet. */
export function getStoredLocale(): string | null {
  try {
    return window.localStorage.getItem(LOCALE_KEY) || null;
  } catch {
    return null;
  }
}

/** Keeps the chosen interface language for later visits. */
export function storeLocale(code: string): void {
  try {
    window.localStorage.setItem(LOCALE_KEY, code);
  } catch {
    // Storage unavailable: the choice lasts as long as this page.
  }
}
