import { defaultTranslationsDir, TranslationStore } from '../translations/translationStore';

/** `t('mail.key', 'English default with {{name}}', { name })`, as in the web app. */
export type MailTranslate = (key: string, defaultText: string, values?: Record<string, string>) => string;

/** A mail's texts in one language: the translate function and the language's code (for dates). */
export interface MailLanguage {
  t: MailTranslate;
  language: string;
}

const defaultStore = new TranslationStore(defaultTranslationsDir());

function lookUp(dictionary: Record<string, unknown> | null, key: string): string | null {
  let node: unknown = dictionary;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return null;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : null;
}

/**
 * Mails speak the language of the person they go to, from the same dictionaries as the web app
 * (the keys are extracted from this folder too). An unknown language, or a key it lacks, falls
 * back to the English default written at the call.
 */
export async function mailLanguage(language: string, store: TranslationStore = defaultStore): Promise<MailLanguage> {
  const dictionary = await store.dictionary(language).catch(() => null);
  const t: MailTranslate = (key, defaultText, values = {}) =>
    (lookUp(dictionary, key) ?? defaultText).replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
  return { t, language: dictionary ? language : 'en' };
}
