import { mailLanguage } from '../mail/mailTranslator';

/**
 * Answers of the account routes that the web app shows as they come (under a field and in a
 * notification), written in the account's language from the web app's dictionaries (the keys are
 * extracted from this folder too). Unknown languages and missing keys fall back to English.
 */
export async function accountTexts(language: string) {
  const { t } = await mailLanguage(language);
  return {
    codeReused: t('account.twoFactor.codeReused', 'This code was just used. Wait for the next one.'),
  };
}
