import { env } from '../env';
import type { Language } from './languages';

/** The translation service's list of languages. */
export const languageListUrl = `${env.translationsHost}/api/languagelist`;

function isLanguage(value: unknown): value is Language {
  const entry = value as Partial<Language> | null;
  return typeof entry === 'object' && entry !== null && typeof entry.code === 'string' && typeof entry.showInSelect === 'boolean';
}

/** Loads the language list; rejects when the service cannot be reached or answers nonsense. */
export async function fetchLanguageList(): Promise<Language[]> {
  const response = await fetch(languageListUrl, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`The language list could not be loaded (HTTP ${response.status})`);
  const body: unknown = await response.json();
  if (!Array.isArray(body)) throw new Error('The language list is not a list');
  return body.filter(isLanguage).map(({ code, showInSelect }) => ({ code, showInSelect }));
}
