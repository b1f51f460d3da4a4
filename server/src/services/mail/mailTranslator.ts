import { defaultTranslationsDir, TranslationStore } from '../translations/translationStore';

/** `t('mail.key', 'English default with {{name}}', { name })`, as in the web app. */
export type MailTranslate = (key: string, defaultText: string, values?: Record<string, string>) => string;

/** A mail's texts in one language: the translate function, the language's code and the reader's clock (for dates). */
export interface MailLanguage {
  t: MailTranslate;
  language: string;
  /** The reader's clock as their account sets it (time_format): 12 (am/pm) or 24 hours. */
  timeFormat: 12 | 24;
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
 * back to the English default written at the call. Times follow the reader's 12- or 24-hour clock.
 */
export async function mailLanguage(language: string, store: TranslationStore = defaultStore, timeFormat: number = 24): Promise<MailLanguage> {
  const dictionary = await store.dictionary(language).catch(() => null);
  const t: MailTranslate = (key, defaultText, values = {}) => (lookUp(dictionary, key) ?? defaultText).replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
  return { t, language: dictionary ? language : 'en', timeFormat: timeFormat === 12 ? 12 : 24 };
}
