import type { Language } from './languages';
import { languageListUrl } from './translationUrls';

function isLanguage(value: unknown): value is Language {
  const entry = value as Partial<Language> | null;
  return typeof entry === 'object' && entry !== null && typeof entry.code === 'string' && typeof entry.showInSelect === 'boolean';
}

/**
 * Loads the language list; rejects when the service cannot be reached or answers nonsense.
 * `fetchFn`: the panel's fetch, which takes the answer the entry asked for early.
 */
export async function fetchLanguageList(fetchFn: typeof fetch = fetch): Promise<Language[]> {
  const response = await fetchFn(languageListUrl, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`The language list could not be loaded (HTTP ${response.status})`);
  const body: unknown = await response.json();
  if (!Array.isArray(body)) throw new Error('The language list is not a list');
  return body.filter(isLanguage).map(({ code, showInSelect }) => ({ code, showInSelect }));
}
