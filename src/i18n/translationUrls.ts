import { env } from '../env';

/*
 * The translation service's addresses, apart from i18next itself: the entry asks for the list and
 * the English dictionary before the panel's code (i18next included) is evaluated.
 */

/** The translation service's list of languages. */
export const languageListUrl = `${env.translationsHost}/api/languagelist`;

/** Where one language's dictionary is loaded from (i18next fills in the language and namespace). */
export const translationLoadPath = `${env.translationsHost}/api/language?code={{lng}}&ns={{ns}}`;
