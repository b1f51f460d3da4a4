import { panelFetch } from '../../api/earlyRequests';
import type { AppThunk } from '../../app/hooks';
import { applyDocumentLanguage } from '../../i18n/applyDocumentLanguage';
import { fetchLanguageList } from '../../i18n/fetchLanguageList';
import { startI18n } from '../../i18n/i18n';
import { languageListFailed, languagesLoaded, selectDirection, selectLanguages, selectLocale } from './localeSlice';

/**
 * Start-up of the interface language: loads the translation service's list, keeps the stored
 * language only if the list offers it (otherwise warns and uses English), then starts i18next
 * with it. Resolves once the texts are there; the router shows pages only then. Both take the
 * answers the entry asked for early (api/earlyRequests).
 */
export function startLocale(): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const requested = selectLocale(getState());
    try {
      dispatch(languagesLoaded(await fetchLanguageList(panelFetch)));
    } catch (error) {
      console.warn('The language list could not be loaded; the panel stays in English.', error);
      dispatch(languageListFailed());
    }
    const state = getState();
    const code = selectLocale(state);
    if (code !== requested) console.warn(`Unsupported locale "${requested}": it is not in the list of offered languages, nothing was loaded.`);
    await startI18n({ lng: code, supportedLngs: selectLanguages(state).map((language) => language.code), fetch: panelFetch });
    applyDocumentLanguage(code, selectDirection(state));
  };
}
